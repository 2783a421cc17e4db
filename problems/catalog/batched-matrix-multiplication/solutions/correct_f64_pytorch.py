import torch


# Batched product accumulated in float64 (float accumulation is not accurate enough for the
# 1e-5 tolerance at the larger sizes), then rounded to float32.
def solve(A, B, C, BATCH, M, N, K):
    a = A.view(BATCH, M, K).double()
    b = B.view(BATCH, K, N).double()
    C.view(BATCH, M, N).copy_(torch.bmm(a, b))
