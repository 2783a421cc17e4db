import functools

import jax
import jax.numpy as jnp

HIGHEST = jax.lax.Precision.HIGHEST


# Bug: scales the scores by 1/sqrt(d_model) instead of 1/sqrt(d_model / h).
@functools.partial(jax.jit, static_argnames=("N", "d_model", "h"))
def solve(Q: jax.Array, K: jax.Array, V: jax.Array, N: int, d_model: int, h: int) -> jax.Array:
    dk = d_model // h

    def heads(x):
        return x.reshape(N, h, dk).transpose(1, 0, 2)

    q, k, v = heads(Q), heads(K), heads(V)
    scores = jnp.einsum("hqd,hkd->hqk", q, k, precision=HIGHEST) / jnp.sqrt(jnp.float32(d_model))
    p = jax.nn.softmax(scores, axis=-1)
    out = jnp.einsum("hqk,hkd->hqd", p, v, precision=HIGHEST)
    return out.transpose(1, 0, 2).reshape(N, d_model)
