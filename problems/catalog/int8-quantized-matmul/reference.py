import torch


def reference(
    A: torch.Tensor,
    B: torch.Tensor,
    C: torch.Tensor,
    M: int,
    N: int,
    K: int,
    scale_A: float,
    scale_B: float,
    scale_C: float,
    zero_point_A: int,
    zero_point_B: int,
    zero_point_C: int,
) -> None:
    # 1. exact integer accumulation (float64 holds every partial sum exactly here:
    #    |acc| <= K * 255 * 255 < 2**53), on CPU and GPU alike.
    a = A.reshape(M, K).to(torch.float64) - zero_point_A
    b = B.reshape(K, N).to(torch.float64) - zero_point_B
    acc = a @ b
    # 2. float32, in this order: ((float)acc * scale_A) * scale_B * (1.0f / scale_C)
    f32 = torch.float32
    sa = torch.tensor(scale_A, dtype=f32, device=acc.device)
    sb = torch.tensor(scale_B, dtype=f32, device=acc.device)
    inv_c = torch.tensor(1.0, dtype=f32, device=acc.device) / torch.tensor(
        scale_C, dtype=f32, device=acc.device
    )
    v = ((acc.to(f32) * sa) * sb) * inv_c
    # 3. round half to even, add the output zero point, saturate to int8.
    q = torch.round(v).to(torch.float64) + zero_point_C
    C.view(-1).copy_(q.clamp(-128, 127).to(C.dtype).reshape(-1))


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # variant "ties": N = 1, K = 4, B all ones and row i of A summing to i - 400, so the
    # accumulators run through every integer in [-400, 400] (M = 801).
    if case.get("variant") != "ties":
        return {}
    m, n, k = case["M"], case["N"], case["K"]
    t = torch.arange(m) - (m - 1) // 2
    q = torch.div(t, k, rounding_mode="floor")
    r = t - q * k
    a = q[:, None] + (torch.arange(k)[None, :] < r[:, None]).to(torch.int64)
    b = torch.ones(k, n, dtype=torch.int64)
    return {"A": a.to(torch.int8).to(device), "B": b.to(torch.int8).to(device)}
