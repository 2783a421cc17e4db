import torch


# Bug: reads B as if each batch were stored N x K (transposed), which only coincides with the
# right answer for square, symmetric-by-chance layouts.
def solve(A, B, C, BATCH, M, N, K):
    a = A.reshape(BATCH, M, K).float()
    b = B.reshape(BATCH, N, K).float().transpose(1, 2)
    C.view(BATCH, M, N).copy_(torch.bmm(a, b).half())
