import torch


# Exact accumulation in float64 (works on CPU and GPU, where integer matmul is unavailable),
# then the float32 rescaling in the prescribed order.
def solve(A, B, C, M, N, K, scale_A, scale_B, scale_C, zero_point_A, zero_point_B, zero_point_C):
    a = A.view(M, K).double() - zero_point_A
    b = B.view(K, N).double() - zero_point_B
    acc = (a @ b).float()
    f = lambda s: torch.tensor(s, dtype=torch.float32, device=acc.device)  # noqa: E731
    v = ((acc * f(scale_A)) * f(scale_B)) * (f(1.0) / f(scale_C))
    q = torch.round(v).double() + zero_point_C
    C.view(M, N).copy_(q.clamp(-128, 127).to(torch.int8))
