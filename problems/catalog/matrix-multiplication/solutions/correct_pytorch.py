import torch


# Accumulates in float64 (a float32 product is exact in float64), then rounds once to float32.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    prod = torch.matmul(A.view(M, N).double(), B.view(N, K).double())
    C.view(M, K).copy_(prod)
