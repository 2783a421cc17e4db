import functools

import jax
import jax.numpy as jnp


# grid: input, i32, shape [rows*cols]
# result: output, i32, shape [1]
# Return result (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(
    jax.jit,
    static_argnames=("rows", "cols", "start_row", "start_col", "end_row", "end_col"),
)
def solve(
    grid: jax.Array,
    rows: int,
    cols: int,
    start_row: int,
    start_col: int,
    end_row: int,
    end_col: int,
) -> jax.Array:
    pass
