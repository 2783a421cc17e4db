import functools

import jax
import jax.numpy as jnp


# Bug: adds whole chunks of 256 only and leaves the tail at zero.
@functools.partial(jax.jit, static_argnames=("N",))
def solve(A: jax.Array, B: jax.Array, N: int) -> jax.Array:
    n = (N // 256) * 256
    return jnp.zeros_like(A).at[:n].set(A[:n] + B[:n])
