import torch


# Q: input, tensor, f32, shape [seq_len x d_model]
# K: input, tensor, f32, shape [seq_len x d_model]
# V: input, tensor, f32, shape [seq_len x d_model]
# output: output, tensor, f32, shape [seq_len x d_model]
# Write the result into output in place.
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, seq_len: int, d_model: int, gamma: float) -> None:
    pass
