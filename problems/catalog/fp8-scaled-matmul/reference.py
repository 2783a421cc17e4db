import torch

FP8_MAX = 448.0


def reference(
    A: torch.Tensor,
    B: torch.Tensor,
    scale_a: torch.Tensor,
    scale_b: torch.Tensor,
    C: torch.Tensor,
    M: int,
    N: int,
    K: int,
) -> None:
    # fp8 -> float64 is exact (CPU matmul has no fp8 kernels); products of e4m3 values are
    # exact in float64 and the float64 sum is far more accurate than fp32. One rounding to bf16.
    a = A.reshape(M, K).to(torch.float64)
    b = B.reshape(N, K).to(torch.float64)
    acc = torch.mm(a, b.t())
    acc *= scale_a.reshape(M, 1).to(torch.float64)
    acc *= scale_b.reshape(1, N).to(torch.float64)
    C.view(M, N).copy_(acc.to(torch.bfloat16))


def error_scale(A, B, scale_a, scale_b, M, N, K):
    # The judge allows 2 * 2^-24 * error_scale on top of atol + rtol*|exp|; this returns
    # 2^12 * sum_k |sa_i A_ik| |sb_j B_jk|, i.e. an allowance of 2^-11 of the absolute terms.
    a = A.reshape(M, K).abs()
    b = B.reshape(N, K).abs()
    s = torch.mm(a, b.t())
    s *= scale_a.reshape(M, 1).abs()
    s *= scale_b.reshape(1, N).abs()
    return s * 2.0**12


def _fp8(x: torch.Tensor) -> torch.Tensor:
    return x.clamp(-FP8_MAX, FP8_MAX).to(torch.float8_e4m3fn)


def make_inputs(case, gen, device):
    M, N, K = case["M"], case["N"], case["K"]
    variant = case.get("variant", "")
    if variant == "saturated":
        a = torch.where(torch.rand(M, K, generator=gen) < 0.5, -FP8_MAX, FP8_MAX)
        b = torch.where(torch.rand(N, K, generator=gen) < 0.5, -FP8_MAX, FP8_MAX)
    elif variant == "tiny":
        a = torch.randn(M, K, generator=gen) * 0.01
        b = torch.randn(N, K, generator=gen) * 0.01
    else:
        a = torch.randn(M, K, generator=gen) * 100.0
        b = torch.randn(N, K, generator=gen) * 100.0
    sa = (torch.rand(M, generator=gen) + 0.5) / 100.0
    sb = (torch.rand(N, generator=gen) + 0.5) / 100.0
    if variant == "spread_scales":
        sa = sa * torch.pow(10.0, torch.randint(-4, 3, (M,), generator=gen).float())
        sb = sb * torch.pow(10.0, torch.randint(-4, 3, (N,), generator=gen).float())
    if variant == "saturated":
        sa, sb = sa / 1000.0, sb / 1000.0
    return {
        "A": _fp8(a).to(device),
        "B": _fp8(b).to(device),
        "scale_a": sa.to(device),
        "scale_b": sb.to(device),
    }
