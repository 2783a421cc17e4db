# Uses the [BATCH, M, K] and [BATCH, K, N] shapes directly.
import torch


def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, BATCH: int, M: int, N: int, K: int):
    torch.bmm(A, B, out=C)
