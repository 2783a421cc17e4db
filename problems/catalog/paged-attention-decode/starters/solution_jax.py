import functools

import jax
import jax.numpy as jnp


# q: input, f16, shape [B x H x D]
# k_cache: input, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, f16, shape [num_blocks x block_size x H x D]
# block_table: input, i32, shape [B x max_blocks_per_seq]
# context_lens: input, i32, shape [B]
# out: output, f16, shape [B x H x D]
# Return out (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(
    jax.jit,
    static_argnames=("B", "H", "D", "num_blocks", "block_size", "max_blocks_per_seq"),
)
def solve(
    q: jax.Array,
    k_cache: jax.Array,
    v_cache: jax.Array,
    block_table: jax.Array,
    context_lens: jax.Array,
    B: int,
    H: int,
    D: int,
    num_blocks: int,
    block_size: int,
    max_blocks_per_seq: int,
) -> jax.Array:
    pass
