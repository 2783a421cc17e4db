import torch


# Q: input, tensor, f32, shape [M x d]
# K: input, tensor, f32, shape [N x d]
# V: input, tensor, f32, shape [N x d]
# dO: input, tensor, f32, shape [M x d]
# dQ: output, tensor, f32, shape [M x d]
# dK: output, tensor, f32, shape [N x d]
# dV: output, tensor, f32, shape [N x d]
# Write the result into dQ, dK, dV in place.
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, dO: torch.Tensor, dQ: torch.Tensor, dK: torch.Tensor, dV: torch.Tensor, M: int, N: int, d: int) -> None:
    pass
