import functools

import jax
import jax.numpy as jnp


# logits: input, f32, shape [vocab_size]
# p: input, f32, shape [1]
# seed: input, i32, shape [1]
# sampled_token: output, i32, shape [1]
# Return sampled_token (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("vocab_size",))
def solve(logits: jax.Array, p: jax.Array, seed: jax.Array, vocab_size: int) -> jax.Array:
    pass
