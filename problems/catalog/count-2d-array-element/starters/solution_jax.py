import functools

import jax
import jax.numpy as jnp


# input: input, i32, shape [N x M]
# output: output, i32, shape [1]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("N", "M", "K"))
def solve(input: jax.Array, N: int, M: int, K: int) -> jax.Array:
    pass
