import torch


def dequantize(w_q: torch.Tensor, scales: torch.Tensor, N: int, K: int, group_size: int):
    """W[n][k] = (nibble - 8) * scale, float64; the high nibble of byte i is column 2i."""
    b = w_q.reshape(N, K // 2).to(torch.int64)
    q = torch.stack([b >> 4, b & 15], dim=2).reshape(N, K) - 8
    s = scales.reshape(N, K // group_size).to(torch.float64)
    return q.to(torch.float64) * s.repeat_interleave(group_size, dim=1)


def reference(
    x: torch.Tensor,
    w_q: torch.Tensor,
    scales: torch.Tensor,
    y: torch.Tensor,
    M: int,
    N: int,
    K: int,
    group_size: int,
) -> None:
    w = dequantize(w_q, scales, N, K, group_size)
    out = x.reshape(M, K).to(torch.float64) @ w.T
    y.view(M, N).copy_(out.to(torch.float16))
