import functools

import jax
import jax.numpy as jnp


# A: input, i8, shape [M x K]
# B: input, i8, shape [K x N]
# C: output, i8, shape [M x N]
# Return C (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(
    jax.jit,
    static_argnames=("M", "N", "K", "zero_point_A", "zero_point_B", "zero_point_C"),
)
def solve(
    A: jax.Array,
    B: jax.Array,
    M: int,
    N: int,
    K: int,
    scale_A: float,
    scale_B: float,
    scale_C: float,
    zero_point_A: int,
    zero_point_B: int,
    zero_point_C: int,
) -> jax.Array:
    pass
