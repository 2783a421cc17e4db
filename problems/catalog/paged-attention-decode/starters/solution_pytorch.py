import torch


# q: input, tensor, f16, shape [B x H x D]
# k_cache: input, tensor, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, tensor, f16, shape [num_blocks x block_size x H x D]
# block_table: input, tensor, i32, shape [B x max_blocks_per_seq]
# context_lens: input, tensor, i32, shape [B]
# out: output, tensor, f16, shape [B x H x D]
# Write the result into out in place.
def solve(q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, block_table: torch.Tensor, context_lens: torch.Tensor, out: torch.Tensor, B: int, H: int, D: int, num_blocks: int, block_size: int, max_blocks_per_seq: int) -> None:
    pass
