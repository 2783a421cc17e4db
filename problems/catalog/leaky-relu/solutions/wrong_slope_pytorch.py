import torch
import torch.nn.functional as F


# Bug: a slope typo (0.001 instead of 0.01).
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    output.copy_(F.leaky_relu(input, negative_slope=0.001))
