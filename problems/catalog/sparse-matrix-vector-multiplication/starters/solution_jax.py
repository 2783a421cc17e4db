import functools

import jax
import jax.numpy as jnp


# A: input, f32, shape [M x N]
# x: input, f32, shape [N]
# y: output, f32, shape [M]
# Return y (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("M", "N", "nnz"))
def solve(A: jax.Array, x: jax.Array, M: int, N: int, nnz: int) -> jax.Array:
    pass
