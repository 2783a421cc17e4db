import torch


# float32 addmm (beta * C + alpha * A @ B) on upcast copies, one rounding back to half.
def solve(A, B, C, M, N, K, alpha, beta):
    c = C.view(M, N)
    res = torch.addmm(c.float(), A.view(M, K).float(), B.view(K, N).float(), beta=beta, alpha=alpha)
    c.copy_(res)
