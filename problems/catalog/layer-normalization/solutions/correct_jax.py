import jax
import jax.numpy as jnp


@jax.jit
def solve(
    input: jax.Array, weight: jax.Array, bias: jax.Array, N: int, C: int, eps: float
) -> jax.Array:
    mean = jnp.mean(input, axis=1, keepdims=True)
    centred = input - mean
    var = jnp.mean(centred * centred, axis=1, keepdims=True)
    return centred * jax.lax.rsqrt(var + eps) * weight + bias
