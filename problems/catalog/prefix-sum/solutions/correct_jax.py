import functools

import jax
import jax.numpy as jnp

BLOCK = 1024


# Blocked inclusive scan: scans within blocks of 1024, plus the scanned block totals.
@functools.partial(jax.jit, static_argnames=("N",))
def solve(input: jax.Array, N: int) -> jax.Array:
    pad = (-N) % BLOCK
    x = jnp.pad(input, (0, pad)).reshape(-1, BLOCK)
    inner = jnp.cumsum(x, axis=1)
    carry = jnp.cumsum(inner[:, -1]) - inner[:, -1]
    return (inner + carry[:, None]).reshape(-1)[:N]
