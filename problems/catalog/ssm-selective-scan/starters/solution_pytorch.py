import torch


# u: input, tensor, f32, shape [batch x seq_len x d_model]
# delta: input, tensor, f32, shape [batch x seq_len x d_model]
# A: input, tensor, f32, shape [d_model x d_state]
# B: input, tensor, f32, shape [batch x seq_len x d_state]
# C: input, tensor, f32, shape [batch x seq_len x d_state]
# skip: input, tensor, f32, shape [d_model]
# y: output, tensor, f32, shape [batch x seq_len x d_model]
# Write the result into y in place.
def solve(u: torch.Tensor, delta: torch.Tensor, A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, skip: torch.Tensor, y: torch.Tensor, batch: int, seq_len: int, d_model: int, d_state: int) -> None:
    pass
