import torch


# Bug: adds the transpose of B (an indexing mix-up); only symmetric B, or 1x1, would pass.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    torch.add(A, B.t(), out=C)
