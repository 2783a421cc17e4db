import math

import torch


def reference(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, M: int, N: int, d: int
) -> None:
    q = Q.reshape(M, d).to(torch.float64)
    k = K.reshape(N, d).to(torch.float64)
    v = V.reshape(N, d).to(torch.float64)
    s = (q @ k.T) / math.sqrt(d)
    p = torch.softmax(s, dim=1)
    output.view(-1).copy_((p @ v).reshape(-1))


def error_scale(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, M: int, N: int, d: int
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Tolerance"; the same
    # derivation as multi-head-attention's, for one head):
    #  1. Score errors: an fp32 score q.k/sqrt(d) is off by up to ~ sqrt(d) * u * A_ij with
    #     A = |q| @ |k|^T / sqrt(d) (the dot-product bound); a score error ds_ij moves output
    #     (i, c) by p_ij (v_jc - o_ic) ds_ij, so the term is sqrt(d) * sum_j W_ij |v_jc - o_ic|
    #     with W = p * A, bounded by Cauchy-Schwarz: sqrt(sum_j W_ij * sum_j W_ij (v_jc - o_ic)^2).
    #  2. Softmax sums and P @ V accumulated over the N keys: sqrt(N) * sum_j p_ij |v_jc|.
    q = Q.reshape(M, d).to(torch.float64)
    k = K.reshape(N, d).to(torch.float64)
    v = V.reshape(N, d).to(torch.float64)
    p = torch.softmax((q @ k.T) / math.sqrt(d), dim=1)
    o = p @ v
    w = p * ((q.abs() @ k.abs().T) / math.sqrt(d))
    wsum = w.sum(1, keepdim=True)
    spread = (w @ (v * v) - 2 * o * (w @ v) + o * o * wsum).clamp_min(0.0)
    return math.sqrt(d) * (wsum * spread).sqrt() + math.sqrt(N) * (p @ v.abs())
