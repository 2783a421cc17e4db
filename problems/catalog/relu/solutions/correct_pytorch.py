import torch


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    output.copy_(torch.relu(input))
