import jax
import jax.numpy as jnp


# data is input and output: return it sorted.
@jax.jit
def solve(data: jax.Array, N: int) -> jax.Array:
    return jnp.sort(data)
