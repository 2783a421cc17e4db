import torch


# Q: input, tensor, f32, shape [num_heads x head_dim]
# K_int8: input, tensor, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, tensor, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, tensor, f32, shape [num_heads x seq_len]
# v_scale: input, tensor, f32, shape [num_heads x seq_len]
# output: output, tensor, f32, shape [num_heads x head_dim]
# Write the result into output in place.
def solve(Q: torch.Tensor, K_int8: torch.Tensor, V_int8: torch.Tensor, k_scale: torch.Tensor, v_scale: torch.Tensor, output: torch.Tensor, num_heads: int, seq_len: int, head_dim: int) -> None:
    pass
