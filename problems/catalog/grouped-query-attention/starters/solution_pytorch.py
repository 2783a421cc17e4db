import torch


# Q: input, tensor, f32, shape [num_q_heads x seq_len x head_dim]
# K: input, tensor, f32, shape [num_kv_heads x seq_len x head_dim]
# V: input, tensor, f32, shape [num_kv_heads x seq_len x head_dim]
# output: output, tensor, f32, shape [num_q_heads x seq_len x head_dim]
# Write the result into output in place.
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, num_q_heads: int, num_kv_heads: int, seq_len: int, head_dim: int) -> None:
    pass
