import functools

import jax
import jax.numpy as jnp


# chosen_logps: input, f32, shape [B]
# rejected_logps: input, f32, shape [B]
# chosen_ref_logps: input, f32, shape [B]
# rejected_ref_logps: input, f32, shape [B]
# output: output, f32, shape [1]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("B",))
def solve(
    chosen_logps: jax.Array,
    rejected_logps: jax.Array,
    chosen_ref_logps: jax.Array,
    rejected_ref_logps: jax.Array,
    beta: float,
    B: int,
) -> jax.Array:
    pass
