import torch


# Bug: reads B as the usual row-major [K, N] matrix instead of the K-major [N, K] layout the
# fp8 tensor cores want; same number of elements, so nothing fails loudly.
def solve(A, B, scale_a, scale_b, C, M, N, K):
    a = A.view(M, K).float()
    b = B.view(K, N).float()
    acc = torch.mm(a, b) * scale_a.view(M, 1) * scale_b.view(1, N)
    C.view(M, N).copy_(acc.to(torch.bfloat16))
