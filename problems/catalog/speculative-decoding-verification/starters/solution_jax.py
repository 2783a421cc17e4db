import functools

import jax
import jax.numpy as jnp


# draft_tokens: input, i32, shape [B x T]
# draft_probs: input, f32, shape [B x T x V]
# target_probs: input, f32, shape [B x T x V]
# uniform_samples: input, f32, shape [B x T + 1]
# output_tokens: output, i32, shape [B x T + 1]
# Return output_tokens (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("B", "T", "V"))
def solve(
    draft_tokens: jax.Array,
    draft_probs: jax.Array,
    target_probs: jax.Array,
    uniform_samples: jax.Array,
    B: int,
    T: int,
    V: int,
) -> jax.Array:
    pass
