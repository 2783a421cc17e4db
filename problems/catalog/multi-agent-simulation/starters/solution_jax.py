import functools

import jax
import jax.numpy as jnp


# agents: input, f32, shape [4*N]
# agents_next: output, f32, shape [4*N]
# Return agents_next (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("N",))
def solve(agents: jax.Array, N: int) -> jax.Array:
    pass
