import jax
import jax.numpy as jnp


# Bug: sorts in descending order.
@jax.jit
def solve(data: jax.Array, N: int) -> jax.Array:
    return jnp.sort(data)[::-1]
