import jax
import jax.numpy as jnp


# Bug: no max shift: exp overflows to inf for large inputs (NaN outputs).
@jax.jit
def solve(input: jax.Array, N: int) -> jax.Array:
    e = jnp.exp(input)
    return e / jnp.sum(e)
