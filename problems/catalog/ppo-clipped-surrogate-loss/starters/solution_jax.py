import functools

import jax
import jax.numpy as jnp


# advantages: input, f32, shape [B x S]
# log_pi: input, f32, shape [B x S]
# log_pi_old: input, f32, shape [B x S]
# output: output, f32, shape [1]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("B", "S"))
def solve(
    advantages: jax.Array,
    log_pi: jax.Array,
    log_pi_old: jax.Array,
    clip_eps: float,
    B: int,
    S: int,
) -> jax.Array:
    pass
