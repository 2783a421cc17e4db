import functools

import jax
import jax.numpy as jnp


# Q: input, f32, shape [num_heads x head_dim]
# K_int8: input, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, f32, shape [num_heads x seq_len]
# v_scale: input, f32, shape [num_heads x seq_len]
# output: output, f32, shape [num_heads x head_dim]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("num_heads", "seq_len", "head_dim"))
def solve(
    Q: jax.Array,
    K_int8: jax.Array,
    V_int8: jax.Array,
    k_scale: jax.Array,
    v_scale: jax.Array,
    num_heads: int,
    seq_len: int,
    head_dim: int,
) -> jax.Array:
    pass
