import math

import torch


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    M: int,
    N: int,
    d: int,
    alpha: float,
) -> None:
    # Always computed in float64. The bias +alpha*(i - j) applies to every pair: no mask.
    q = Q.reshape(M, d).to(torch.float64)
    k = K.reshape(N, d).to(torch.float64)
    v = V.reshape(N, d).to(torch.float64)
    i = torch.arange(M, dtype=torch.float64, device=q.device).reshape(M, 1)
    j = torch.arange(N, dtype=torch.float64, device=q.device).reshape(1, N)
    scores = q @ k.t() / math.sqrt(d) + alpha * (i - j)
    output.view(M, d).copy_(torch.softmax(scores, dim=-1) @ v)


def error_scale(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, M: int, N: int, d: int, alpha: float
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Tolerance"; multi-head
    # attention's derivation, with the bias in the scores):
    #  1. Score errors: an fp32 score q.k/sqrt(d) + alpha (i - j) is off by up to about
    #     u (sqrt(d) A_ij + |alpha (i - j)|), A = |q| @ |k|^T / sqrt(d) (the dot-product bound,
    #     then the rounding of the sum with the bias, which also bounds the bias's own
    #     rounding); a score error ds_ij moves output (i, c) by p_ij (v_jc - o_ic) ds_ij, so the
    #     term is sqrt(d) * sum_j W_ij |v_jc - o_ic| with W = p * (A + |alpha (i - j)| / sqrt(d)),
    #     bounded by Cauchy-Schwarz: sqrt(sum_j W_ij * sum_j W_ij (v_jc - o_ic)^2).
    #  2. Softmax sums and P @ V accumulated over the N keys: sqrt(N) * sum_j p_ij |v_jc|.
    q = Q.reshape(M, d).to(torch.float64)
    k = K.reshape(N, d).to(torch.float64)
    v = V.reshape(N, d).to(torch.float64)
    i = torch.arange(M, dtype=torch.float64, device=q.device).reshape(M, 1)
    j = torch.arange(N, dtype=torch.float64, device=q.device).reshape(1, N)
    bias = alpha * (i - j)
    p = torch.softmax(q @ k.t() / math.sqrt(d) + bias, dim=-1)
    o = p @ v
    w = p * ((q.abs() @ k.abs().t() + bias.abs()) / math.sqrt(d))
    wsum = w.sum(1, keepdim=True)
    spread = (w @ (v * v) - 2 * o * (w @ v) + o * o * wsum).clamp_min(0.0)
    return math.sqrt(d) * (wsum * spread).sqrt() + math.sqrt(N) * (p @ v.abs())
