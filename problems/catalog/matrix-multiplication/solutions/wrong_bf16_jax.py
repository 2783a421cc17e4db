import jax
import jax.numpy as jnp


# Bug: multiplies in bfloat16 (8 bits of mantissa): far outside the fp32 tolerance.
@jax.jit
def solve(A: jax.Array, B: jax.Array, M: int, N: int, K: int) -> jax.Array:
    C = jnp.matmul(A.astype(jnp.bfloat16), B.astype(jnp.bfloat16))
    return C.astype(jnp.float32)
