import functools

import jax
import jax.numpy as jnp


# signal: input, f32, flat 1-D, M * N * 2 elements
# spectrum: output, f32, flat 1-D, M * N * 2 elements
# Return spectrum (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("M", "N"))
def solve(signal: jax.Array, M: int, N: int) -> jax.Array:
    pass
