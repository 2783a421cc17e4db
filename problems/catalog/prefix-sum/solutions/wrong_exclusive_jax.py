import jax
import jax.numpy as jnp


# Bug: an exclusive scan (output[i] leaves out input[i]).
@jax.jit
def solve(input: jax.Array, N: int) -> jax.Array:
    return jnp.cumsum(input) - input
