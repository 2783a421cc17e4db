import functools

import jax
import jax.numpy as jnp


# rewards: input, f32, shape [B x G]
# log_pi: input, f32, shape [B x G x S]
# log_pi_old: input, f32, shape [B x G x S]
# log_ref: input, f32, shape [B x G x S]
# output: output, f32, shape [1]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("B", "G", "S"))
def solve(
    rewards: jax.Array,
    log_pi: jax.Array,
    log_pi_old: jax.Array,
    log_ref: jax.Array,
    clip_eps: float,
    beta: float,
    B: int,
    G: int,
    S: int,
) -> jax.Array:
    pass
