import math

import jax
import jax.numpy as jnp

HIGHEST = jax.lax.Precision.HIGHEST


# Bug: normalises over the queries (axis 0) instead of the keys.
@jax.jit
def solve(Q: jax.Array, K: jax.Array, V: jax.Array, M: int, N: int, d: int) -> jax.Array:
    scores = jnp.matmul(Q, K.T, precision=HIGHEST) / math.sqrt(Q.shape[1])
    p = jax.nn.softmax(scores, axis=0)
    return jnp.matmul(p, V, precision=HIGHEST)
