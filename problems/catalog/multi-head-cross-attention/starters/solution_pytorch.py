import torch


# Q: input, tensor, f32, shape [M x H x D]
# K: input, tensor, f32, shape [N x H x D]
# V: input, tensor, f32, shape [N x H x D]
# output: output, tensor, f32, shape [M x H x D]
# Write the result into output in place.
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, M: int, N: int, H: int, D: int) -> None:
    pass
