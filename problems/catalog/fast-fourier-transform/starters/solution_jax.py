import functools

import jax
import jax.numpy as jnp


# signal: input, f32, shape [2*N]
# spectrum: output, f32, shape [2*N]
# Return spectrum (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("N",))
def solve(signal: jax.Array, N: int) -> jax.Array:
    pass
