import torch


# Bug: sums whole rows of 1024 elements only; the last N % 1024 elements are dropped.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    n = (N // 1024) * 1024
    output.copy_(input[:n].view(-1, 1024).sum(dim=1).sum().reshape(1))
