import functools

import jax
import jax.numpy as jnp


# Q: input, f32, shape [num_q_heads x seq_len x head_dim]
# K: input, f32, shape [num_kv_heads x seq_len x head_dim]
# V: input, f32, shape [num_kv_heads x seq_len x head_dim]
# output: output, f32, shape [num_q_heads x seq_len x head_dim]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("num_q_heads", "num_kv_heads", "seq_len", "head_dim"))
def solve(
    Q: jax.Array,
    K: jax.Array,
    V: jax.Array,
    num_q_heads: int,
    num_kv_heads: int,
    seq_len: int,
    head_dim: int,
) -> jax.Array:
    pass
