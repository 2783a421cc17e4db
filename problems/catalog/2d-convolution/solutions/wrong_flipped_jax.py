import functools

import jax
import jax.numpy as jnp


# Bug: flips the kernel (a true convolution, not the cross-correlation asked for).
@functools.partial(
    jax.jit, static_argnames=("input_rows", "input_cols", "kernel_rows", "kernel_cols")
)
def solve(
    input: jax.Array,
    kernel: jax.Array,
    input_rows: int,
    input_cols: int,
    kernel_rows: int,
    kernel_cols: int,
) -> jax.Array:
    x = input.reshape(input_rows, input_cols)
    k = kernel.reshape(kernel_rows, kernel_cols)[::-1, ::-1]
    out_rows = input_rows - kernel_rows + 1
    out_cols = input_cols - kernel_cols + 1
    acc = jnp.zeros((out_rows, out_cols), dtype=jnp.float32)
    for i in range(kernel_rows):
        for j in range(kernel_cols):
            acc = acc + k[i, j] * x[i : i + out_rows, j : j + out_cols]
    return acc
