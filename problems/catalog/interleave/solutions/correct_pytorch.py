import torch


def solve(A: torch.Tensor, B: torch.Tensor, output: torch.Tensor, N: int) -> None:
    torch.stack((A, B), dim=1, out=output.view(N, 2))
