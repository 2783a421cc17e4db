import jax
import jax.numpy as jnp


@jax.jit
def solve(input: jax.Array, N: int) -> jax.Array:
    e = jnp.exp(input - jnp.max(input))
    return e / jnp.sum(e)
