"""The speed baseline: one torch.matmul in float32 straight into C (cuBLAS on a GPU, with
TF32 off as the problem's precision requires)."""

import torch

LABEL = "torch.matmul in float32 (cuBLAS on a GPU, no TF32)"


def baseline(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    torch.matmul(A.view(M, N), B.view(N, K), out=C.view(M, K))
