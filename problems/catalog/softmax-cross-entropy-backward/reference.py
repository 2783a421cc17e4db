import math

import torch


def reference(
    logits: torch.Tensor,
    labels: torch.Tensor,
    loss: torch.Tensor,
    dlogits: torch.Tensor,
    N: int,
    C: int,
) -> None:
    # reference_precision = "f64": logits, loss and dlogits arrive as float64.
    x = logits.reshape(N, C)
    y = labels.reshape(N, 1).to(torch.int64)
    m = x.max(dim=1, keepdim=True).values
    e = torch.exp(x - m)
    s = e.sum(dim=1, keepdim=True)
    lse = m + torch.log(s)
    loss.copy_(((lse - x.gather(1, y)).sum() / N).reshape(1))
    g = e / s
    g.scatter_add_(1, y, torch.full_like(g[:, :1], -1.0))
    dlogits.view(N, C).copy_(g / N)


def error_scale(logits, labels, N, C):
    """Forward-error magnitudes of an fp32 computation (the judge allows 2 * 2^-24 times them).

    dlogits[i, j]: p_ij is a quotient of an exp (whose argument x_ij - m_i carries an error of
    about u |x_ij - m_i|) by a sum of C terms (random-walk error sqrt(C) u), so its relative
    error is about (sqrt(C) + |x_ij - m_i| + 4) u; the one-hot subtraction adds u.
    loss: each row's lse - x_label has an error of about (|m_i| + |x_label| + sqrt(C) + 4) u,
    and the sum over N rows adds sqrt(N) u times the total.
    """
    x = logits.reshape(N, C).to(torch.float64)
    y = labels.reshape(N, 1).to(torch.int64)
    m = x.max(dim=1, keepdim=True).values
    d = x - m
    p = torch.softmax(x, dim=1)
    onehot = torch.zeros_like(p).scatter_(1, y, 1.0)
    g = (p * (math.sqrt(C) + d.abs() + 4.0) + onehot) / N
    picked = x.gather(1, y)
    row = (m.abs() + picked.abs() + math.sqrt(C) + 4.0).sum() / N
    lse = m + torch.log(torch.exp(d).sum(dim=1, keepdim=True))
    total = (lse - picked).abs().sum() / N
    return {"loss": (row + math.sqrt(N) * total).reshape(1), "dlogits": g}
