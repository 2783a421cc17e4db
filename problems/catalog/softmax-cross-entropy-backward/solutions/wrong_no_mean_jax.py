import jax
import jax.numpy as jnp


# Bug: the gradient forgets the 1/N of the mean loss.
@jax.jit
def solve(logits: jax.Array, labels: jax.Array, N: int, C: int) -> tuple[jax.Array, jax.Array]:
    n = logits.shape[0]
    m = jnp.max(logits, axis=1, keepdims=True)
    e = jnp.exp(logits - m)
    s = jnp.sum(e, axis=1, keepdims=True)
    lse = m + jnp.log(s)
    picked = jnp.take_along_axis(logits, labels[:, None], axis=1)
    loss = (jnp.sum(lse - picked) / n).reshape(1)
    onehot = jax.nn.one_hot(labels, logits.shape[1], dtype=logits.dtype)
    return loss, e / s - onehot
