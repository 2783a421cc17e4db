import math

import torch


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    dO: torch.Tensor,
    dQ: torch.Tensor,
    dK: torch.Tensor,
    dV: torch.Tensor,
    M: int,
    N: int,
    d: int,
) -> None:
    # Always computed in float64: the gradients of O = softmax(Q K^T / sqrt(d)) V.
    q = Q.reshape(M, d).to(torch.float64)
    k = K.reshape(N, d).to(torch.float64)
    v = V.reshape(N, d).to(torch.float64)
    do = dO.reshape(M, d).to(torch.float64)
    scale = 1.0 / math.sqrt(d)
    p = torch.softmax(q @ k.t() * scale, dim=-1)  # [M, N]
    dp = do @ v.t()  # [M, N]
    ds = p * (dp - (p * dp).sum(dim=-1, keepdim=True))
    dQ.view(M, d).copy_(ds @ k * scale)
    dK.view(N, d).copy_(ds.t() @ q * scale)
    dV.view(N, d).copy_(p.t() @ do)
