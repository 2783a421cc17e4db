import cupy as cp


# q: input, cupy array, f16, shape [B x H x D]
# k_cache: input, cupy array, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, cupy array, f16, shape [num_blocks x block_size x H x D]
# block_table: input, cupy array, i32, shape [B x max_blocks_per_seq]
# context_lens: input, cupy array, i32, shape [B]
# out: output, cupy array, f16, shape [B x H x D]
# Write the result into out in place.
def solve(q: cp.ndarray, k_cache: cp.ndarray, v_cache: cp.ndarray, block_table: cp.ndarray, context_lens: cp.ndarray, out: cp.ndarray, B: int, H: int, D: int, num_blocks: int, block_size: int, max_blocks_per_seq: int) -> None:
    pass
