import functools

import jax
import jax.numpy as jnp


# Q: input, f32, shape [M x d]
# K: input, f32, shape [N x d]
# V: input, f32, shape [N x d]
# dO: input, f32, shape [M x d]
# dQ: output, f32, shape [M x d]
# dK: output, f32, shape [N x d]
# dV: output, f32, shape [N x d]
# Return (dQ, dK, dV) in this order (JAX arrays are immutable).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("M", "N", "d"))
def solve(
    Q: jax.Array,
    K: jax.Array,
    V: jax.Array,
    dO: jax.Array,
    M: int,
    N: int,
    d: int,
) -> tuple[jax.Array, jax.Array, jax.Array]:
    pass
