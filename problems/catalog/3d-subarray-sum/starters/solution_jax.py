import functools

import jax
import jax.numpy as jnp


# input: input, i32, shape [N x M x K]
# output: output, i32, shape [1]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(
    jax.jit,
    static_argnames=("N", "M", "K", "S_DEP", "E_DEP", "S_ROW", "E_ROW", "S_COL", "E_COL"),
)
def solve(
    input: jax.Array,
    N: int,
    M: int,
    K: int,
    S_DEP: int,
    E_DEP: int,
    S_ROW: int,
    E_ROW: int,
    S_COL: int,
    E_COL: int,
) -> jax.Array:
    pass
