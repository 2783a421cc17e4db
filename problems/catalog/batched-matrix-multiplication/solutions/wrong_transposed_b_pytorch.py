import torch


# Bug: reads each B[b] as if it were stored transposed ([N, K]).
def solve(A, B, C, BATCH, M, N, K):
    a = A.view(BATCH, M, K).double()
    b = B.reshape(BATCH, N, K).transpose(1, 2).double()
    C.view(BATCH, M, N).copy_(torch.bmm(a, b))
