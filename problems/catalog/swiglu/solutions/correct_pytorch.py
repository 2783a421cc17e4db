import torch


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    a, b = input.chunk(2)
    torch.mul(a * torch.sigmoid(a), b, out=output)
