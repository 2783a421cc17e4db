import jax
import jax.numpy as jnp


# Bug: inverts the alpha channel too.
@jax.jit
def solve(image: jax.Array, width: int, height: int) -> jax.Array:
    return jnp.uint8(255) - image
