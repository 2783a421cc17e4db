import math

import torch


def reference(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, M: int, d: int
) -> None:
    # Always computed in float64, whatever dtype the inputs arrive in.
    q, k, v = (x.reshape(M, d).to(torch.float64) for x in (Q, K, V))
    scores = torch.matmul(q, k.t()) / math.sqrt(d)
    future = torch.ones(M, M, dtype=torch.bool, device=scores.device).triu(diagonal=1)
    scores.masked_fill_(future, -math.inf)
    output.view(M, d).copy_(torch.matmul(torch.softmax(scores, dim=-1), v))


def error_scale(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, M: int, d: int) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Accuracy at large sizes").
    q, k, v = (x.reshape(M, d).to(torch.float64) for x in (Q, K, V))
    scores = torch.matmul(q, k.t()) / math.sqrt(d)
    future = torch.ones(M, M, dtype=torch.bool, device=scores.device).triu(diagonal=1)
    scores.masked_fill_(future, -math.inf)
    probs = torch.softmax(scores, dim=-1)
    visible = torch.arange(1, M + 1, dtype=torch.float64, device=q.device)[:, None]
    return attention_error_scale(q, k, v, probs, visible)


def attention_error_scale(q, k, v, probs, visible):
    """Shared by the attention problems: q [.., M, d], k, v [.., Nk, d], probs [.., M, Nk].

    1. Score errors: an fp32 score q.k/sqrt(d) is off by up to ~ sqrt(d) * u * A_ij with
       A = |q| @ |k|^T / sqrt(d) (the dot-product bound). A score error ds_ij moves output
       element (i, c) by p_ij (v_jc - o_ic) ds_ij (the derivative of softmax-weighted sums),
       so the term is sqrt(d) * sum_j W_ij |v_jc - o_ic| with W = p * A, bounded by
       Cauchy-Schwarz: sqrt(sum_j W_ij) * sqrt(sum_j W_ij (v_jc - o_ic)^2) (three matmuls).
    2. Accumulation of the softmax sums and of P @ V over the visible keys:
       sqrt(visible_i) * sum_j p_ij |v_jc| (covers exp, rescaling and the final division).
    """
    d = q.shape[-1]
    o = probs @ v
    a = (q.abs() @ k.abs().transpose(-1, -2)) / math.sqrt(d)
    w = probs * a
    wsum = w.sum(-1, keepdim=True)
    spread = (w @ (v * v) - 2 * o * (w @ v) + o * o * wsum).clamp_min(0.0)
    score_term = math.sqrt(d) * (wsum * spread).sqrt()
    pv_term = visible.sqrt() * (probs @ v.abs())
    return score_term + pv_term
