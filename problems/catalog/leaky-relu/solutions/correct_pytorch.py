import torch


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    torch.where(input > 0, input, input * 0.01, out=output)
