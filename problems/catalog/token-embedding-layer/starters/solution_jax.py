import functools

import jax
import jax.numpy as jnp


# token_ids: input, i32, shape [B x T]
# position_ids: input, i32, shape [T]
# token_embeddings: input, f32, shape [V x D]
# position_embeddings: input, f32, shape [P x D]
# gamma: input, f32, shape [D]
# beta: input, f32, shape [D]
# output: output, f32, shape [B x T x D]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("B", "T", "V", "P", "D"))
def solve(
    token_ids: jax.Array,
    position_ids: jax.Array,
    token_embeddings: jax.Array,
    position_embeddings: jax.Array,
    gamma: jax.Array,
    beta: jax.Array,
    B: int,
    T: int,
    V: int,
    P: int,
    D: int,
    eps: float,
) -> jax.Array:
    pass
