import torch


def solve(data: torch.Tensor, N: int) -> None:
    data.copy_(torch.sort(data, stable=True).values)
