import functools

import jax
import jax.numpy as jnp


# logits: input, f32, shape [B x V]
# u: input, f32, shape [B]
# tokens: output, i32, shape [B]
# Return tokens (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("B", "V", "k"))
def solve(
    logits: jax.Array,
    u: jax.Array,
    B: int,
    V: int,
    k: int,
    temperature: float,
) -> jax.Array:
    pass
