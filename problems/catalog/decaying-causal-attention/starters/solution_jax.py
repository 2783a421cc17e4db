import functools

import jax
import jax.numpy as jnp


# Q: input, f32, shape [seq_len x d_model]
# K: input, f32, shape [seq_len x d_model]
# V: input, f32, shape [seq_len x d_model]
# output: output, f32, shape [seq_len x d_model]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("seq_len", "d_model"))
def solve(
    Q: jax.Array,
    K: jax.Array,
    V: jax.Array,
    seq_len: int,
    d_model: int,
    gamma: float,
) -> jax.Array:
    pass
