import math

import torch


def _visible(M: int, num_sinks: int, window_size: int, device) -> torch.Tensor:
    # Key j is visible to query i iff j <= i and (j < num_sinks or j >= i - window_size + 1).
    i = torch.arange(M, device=device).reshape(M, 1)
    j = torch.arange(M, device=device).reshape(1, M)
    return (j <= i) & ((j < num_sinks) | (j >= i - window_size + 1))


def _probs(Q, K, M, d, num_sinks, window_size):
    q = Q.reshape(M, d).to(torch.float64)
    k = K.reshape(M, d).to(torch.float64)
    visible = _visible(M, num_sinks, window_size, q.device)
    scores = (q @ k.t() / math.sqrt(d)).masked_fill_(~visible, -math.inf)
    return q, k, visible, torch.softmax(scores, dim=-1)


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    M: int,
    d: int,
    num_sinks: int,
    window_size: int,
) -> None:
    # Always computed in float64, whatever dtype the inputs arrive in.
    _, _, _, probs = _probs(Q, K, M, d, num_sinks, window_size)
    output.view(M, d).copy_(probs @ V.reshape(M, d).to(torch.float64))


def error_scale(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    M: int,
    d: int,
    num_sinks: int,
    window_size: int,
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Accuracy").
    #  1. Score errors: an fp32 score q.k/sqrt(d) is off by up to ~ sqrt(d) * u * A_ij with
    #     A = |q| @ |k|^T / sqrt(d); a score error ds_ij moves output (i, c) by
    #     p_ij (v_jc - o_ic) ds_ij, so the term is sqrt(d) * sum_j W_ij |v_jc - o_ic| with
    #     W = p * A, bounded by Cauchy-Schwarz: sqrt(sum_j W_ij) * sqrt(sum_j W_ij (v_jc - o_ic)^2).
    #  2. Softmax sums and P @ V over the n_i visible keys: sqrt(n_i) * sum_j p_ij |v_jc|.
    q, k, visible, probs = _probs(Q, K, M, d, num_sinks, window_size)
    v = V.reshape(M, d).to(torch.float64)
    o = probs @ v
    a = (q.abs() @ k.abs().t()) / math.sqrt(d)
    w = probs * a
    wsum = w.sum(-1, keepdim=True)
    spread = (w @ (v * v) - 2 * o * (w @ v) + o * o * wsum).clamp_min(0.0)
    count = visible.sum(-1, keepdim=True).to(torch.float64)
    return math.sqrt(d) * (wsum * spread).sqrt() + count.sqrt() * (probs @ v.abs())
