import functools

import jax
import jax.numpy as jnp


# x: input, f16, shape [M x K]
# w_q: input, u8, shape [N x K//2]
# scales: input, f16, shape [N x K//group_size]
# y: output, f16, shape [M x N]
# Return y (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("M", "N", "K", "group_size"))
def solve(
    x: jax.Array,
    w_q: jax.Array,
    scales: jax.Array,
    M: int,
    N: int,
    K: int,
    group_size: int,
) -> jax.Array:
    pass
