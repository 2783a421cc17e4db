import functools

import jax
import jax.numpy as jnp

BLOCK = 1024


# Blocked sum: partial sums of 1024 elements, then their sum (a short accumulation chain).
@functools.partial(jax.jit, static_argnames=("N",))
def solve(input: jax.Array, N: int) -> jax.Array:
    pad = (-N) % BLOCK
    x = jnp.pad(input, (0, pad)).reshape(-1, BLOCK)
    return jnp.sum(jnp.sum(x, axis=1)).reshape(1)
