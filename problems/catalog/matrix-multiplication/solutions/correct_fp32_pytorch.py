import torch


# A plain float32 matmul. Its float32 accumulation is off by more than atol = 1e-4 on near-zero
# outputs once N reaches a few hundred terms of size up to 100, which the judge's float32
# rounding allowance covers (statement.md, "Accuracy at large sizes"): accepted.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    torch.matmul(A.view(M, N), B.view(N, K), out=C.view(M, K))
