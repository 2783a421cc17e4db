import torch


# Bug: split-K over chunks of 256 with each chunk's fp32 partial product added into a bf16
# running sum, so the accumulation is rounded to bf16 after every chunk.
def solve(A, B, C, M, N, K):
    a = A.view(M, K).float()
    b = B.view(K, N).float()
    acc = torch.zeros(M, N, dtype=torch.bfloat16, device=A.device)
    for k0 in range(0, K, 256):
        part = torch.mm(a[:, k0 : k0 + 256], b[k0 : k0 + 256])
        acc = (acc.float() + part).to(torch.bfloat16)
    C.view(M, N).copy_(acc)
