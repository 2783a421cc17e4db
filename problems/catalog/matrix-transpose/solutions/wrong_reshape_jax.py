import functools

import jax
import jax.numpy as jnp


# Bug: a reshape to (cols, rows) keeps the row-major order instead of transposing.
@functools.partial(jax.jit, static_argnames=("rows", "cols"))
def solve(input: jax.Array, rows: int, cols: int) -> jax.Array:
    return jnp.reshape(input, (cols, rows))
