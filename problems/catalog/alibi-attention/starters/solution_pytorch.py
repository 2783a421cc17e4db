import torch


# Q: input, tensor, f32, shape [M x d]
# K: input, tensor, f32, shape [N x d]
# V: input, tensor, f32, shape [N x d]
# output: output, tensor, f32, shape [M x d]
# Write the result into output in place.
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, M: int, N: int, d: int, alpha: float) -> None:
    pass
