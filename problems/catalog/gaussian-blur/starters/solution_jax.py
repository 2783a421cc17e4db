import functools

import jax
import jax.numpy as jnp


# input: input, f32, flat 1-D, input_rows * input_cols elements
# kernel: input, f32, flat 1-D, kernel_rows * kernel_cols elements
# output: output, f32, flat 1-D, input_rows * input_cols elements
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(
    jax.jit,
    static_argnames=("input_rows", "input_cols", "kernel_rows", "kernel_cols"),
)
def solve(
    input: jax.Array,
    kernel: jax.Array,
    input_rows: int,
    input_cols: int,
    kernel_rows: int,
    kernel_cols: int,
) -> jax.Array:
    pass
