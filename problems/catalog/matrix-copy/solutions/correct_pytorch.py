import torch


def solve(A: torch.Tensor, B: torch.Tensor, N: int) -> None:
    B.copy_(A)
