import torch


# Wrong: a plain float32 matmul. Correct for small matrices, but its float32 accumulation is
# off by more than atol = 1e-4 on near-zero outputs once N reaches a few hundred terms of size
# up to 100 (the "M=512 N=384 K=256" test and the larger ones).
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    torch.matmul(A.view(M, N), B.view(N, K), out=C.view(M, K))
