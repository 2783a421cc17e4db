import functools

import jax
import jax.numpy as jnp


# x: input, f32, shape [seq_len x 768]
# output: output, f32, shape [seq_len x 768]
# weights: input, f32, shape [7087872]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("seq_len",))
def solve(x: jax.Array, weights: jax.Array, seq_len: int) -> jax.Array:
    pass
