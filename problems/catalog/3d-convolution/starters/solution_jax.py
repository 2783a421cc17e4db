import functools

import jax
import jax.numpy as jnp


# input: input, f32, shape [input_depth x input_rows x input_cols]
# kernel: input, f32, shape [kernel_depth x kernel_rows x kernel_cols]
# output: output, f32, shape [input_depth - kernel_depth + 1 x input_rows - kernel_rows + 1 x input_cols - kernel_cols + 1]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(
    jax.jit,
    static_argnames=(
        "input_depth",
        "input_rows",
        "input_cols",
        "kernel_depth",
        "kernel_rows",
        "kernel_cols",
    ),
)
def solve(
    input: jax.Array,
    kernel: jax.Array,
    input_depth: int,
    input_rows: int,
    input_cols: int,
    kernel_depth: int,
    kernel_rows: int,
    kernel_cols: int,
) -> jax.Array:
    pass
