import math

import torch
import torch.nn.functional as F


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    M: int,
    d: int,
    window_size: int,
) -> None:
    # Banded evaluation in float64: query i only ever looks at keys i-w .. i+w.
    w = window_size
    width = 2 * w + 1
    q, k, v = (x.reshape(M, d).to(torch.float64) for x in (Q, K, V))
    kp = F.pad(k, (0, 0, w, w))  # [M + 2w, d]; row r holds key r - w
    vp = F.pad(v, (0, 0, w, w))
    kwin = kp.unfold(0, width, 1)  # [M, d, width]: keys i-w .. i+w for query i
    vwin = vp.unfold(0, width, 1)
    scores = torch.einsum("md,mdw->mw", q, kwin) / math.sqrt(d)
    key = torch.arange(M, device=q.device)[:, None] + torch.arange(-w, w + 1, device=q.device)
    scores.masked_fill_((key < 0) | (key >= M), -math.inf)
    probs = torch.softmax(scores, dim=-1)
    output.view(M, d).copy_(torch.einsum("mw,mdw->md", probs, vwin))


def error_scale(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, M: int, d: int, window_size: int
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Accuracy at large sizes").
    #  1. Score errors: an fp32 score q.k/sqrt(d) is off by up to ~ sqrt(d) * u * A_ij with
    #     A = |q| . |k| / sqrt(d) (the dot-product bound); a score error ds_ij moves output
    #     (i, c) by p_ij (v_jc - o_ic) ds_ij, so the term is sqrt(d) * sum_j W_ij |v_jc - o_ic|
    #     with W = p * A, bounded by Cauchy-Schwarz: sqrt(sum_j W_ij * sum_j W_ij (v_jc - o_ic)^2).
    #  2. Softmax sums and P @ V accumulated over the visible keys of row i:
    #     sqrt(visible_i) * sum_j p_ij |v_jc|.
    w = window_size
    width = 2 * w + 1
    q, k, v = (x.reshape(M, d).to(torch.float64) for x in (Q, K, V))
    kwin = F.pad(k, (0, 0, w, w)).unfold(0, width, 1)  # [M, d, width]
    vwin = F.pad(v, (0, 0, w, w)).unfold(0, width, 1)
    scores = torch.einsum("md,mdw->mw", q, kwin) / math.sqrt(d)
    key = torch.arange(M, device=q.device)[:, None] + torch.arange(-w, w + 1, device=q.device)
    outside = (key < 0) | (key >= M)
    scores.masked_fill_(outside, -math.inf)
    probs = torch.softmax(scores, dim=-1)
    o = torch.einsum("mw,mdw->md", probs, vwin)
    a = torch.einsum("md,mdw->mw", q.abs(), kwin.abs()) / math.sqrt(d)
    wt = probs * a
    wsum = wt.sum(-1, keepdim=True)
    spread = (
        torch.einsum("mw,mdw->md", wt, vwin * vwin)
        - 2 * o * torch.einsum("mw,mdw->md", wt, vwin)
        + o * o * wsum
    ).clamp_min(0.0)
    visible = (~outside).sum(-1, keepdim=True).to(torch.float64)
    pv = torch.einsum("mw,mdw->md", probs, vwin.abs())
    return math.sqrt(d) * (wsum * spread).sqrt() + visible.sqrt() * pv
