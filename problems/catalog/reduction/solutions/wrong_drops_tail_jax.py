import functools

import jax
import jax.numpy as jnp


# Bug: sums whole blocks of 1024 only; the tail is dropped.
@functools.partial(jax.jit, static_argnames=("N",))
def solve(input: jax.Array, N: int) -> jax.Array:
    n = (N // 1024) * 1024
    return jnp.sum(input[:n]).reshape(1)
