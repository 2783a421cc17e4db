import functools

import jax
import jax.numpy as jnp


# x: input, f32, shape [batch x d_in]
# W: input, f32, shape [d_out x d_in]
# A: input, f32, shape [rank x d_in]
# B: input, f32, shape [d_out x rank]
# output: output, f32, shape [batch x d_out]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("batch", "d_in", "d_out", "rank"))
def solve(
    x: jax.Array,
    W: jax.Array,
    A: jax.Array,
    B: jax.Array,
    batch: int,
    d_in: int,
    d_out: int,
    rank: int,
    lora_scale: float,
) -> jax.Array:
    pass
