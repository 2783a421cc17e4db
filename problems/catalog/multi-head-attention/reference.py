import math

import torch


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    N: int,
    d_model: int,
    h: int,
) -> None:
    # Always computed in float64, whatever dtype the inputs arrive in.
    dk = d_model // h

    def heads(x: torch.Tensor) -> torch.Tensor:  # [N, d_model] -> [h, N, dk]
        return x.reshape(N, h, dk).transpose(0, 1).to(torch.float64)

    q, k, v = heads(Q), heads(K), heads(V)
    scores = torch.matmul(q, k.transpose(1, 2)) / math.sqrt(dk)
    probs = torch.softmax(scores, dim=-1)
    out = torch.matmul(probs, v).transpose(0, 1).reshape(N, d_model)
    output.view(N, d_model).copy_(out)


def error_scale(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, N: int, d_model: int, h: int
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Accuracy at large sizes").
    #  1. Score errors: an fp32 score q.k/sqrt(dk) is off by up to ~ sqrt(dk) * u * A_ij with
    #     A = |q| @ |k|^T / sqrt(dk) (the dot-product bound); a score error ds_ij moves output
    #     (i, c) by p_ij (v_jc - o_ic) ds_ij, so the term is sqrt(dk) * sum_j W_ij |v_jc - o_ic|
    #     with W = p * A, bounded by Cauchy-Schwarz: sqrt(sum_j W_ij * sum_j W_ij (v_jc - o_ic)^2).
    #  2. Softmax sums and P @ V accumulated over the N keys: sqrt(N) * sum_j p_ij |v_jc|.
    dk = d_model // h

    def heads(x: torch.Tensor) -> torch.Tensor:
        return x.reshape(N, h, dk).transpose(0, 1).to(torch.float64)

    q, k, v = heads(Q), heads(K), heads(V)
    probs = torch.softmax(torch.matmul(q, k.transpose(1, 2)) / math.sqrt(dk), dim=-1)
    o = probs @ v
    a = (q.abs() @ k.abs().transpose(1, 2)) / math.sqrt(dk)
    w = probs * a
    wsum = w.sum(-1, keepdim=True)
    spread = (w @ (v * v) - 2 * o * (w @ v) + o * o * wsum).clamp_min(0.0)
    scale = math.sqrt(dk) * (wsum * spread).sqrt() + math.sqrt(N) * (probs @ v.abs())
    return scale.transpose(0, 1).reshape(N, d_model)
