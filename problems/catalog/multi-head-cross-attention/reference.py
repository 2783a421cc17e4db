import math

import torch


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    M: int,
    N: int,
    H: int,
    D: int,
) -> None:
    # Always computed in float64. Position-major layout: element (position, head, dim).
    q = Q.reshape(M, H, D).transpose(0, 1).to(torch.float64)  # [H, M, D]
    k = K.reshape(N, H, D).transpose(0, 1).to(torch.float64)  # [H, N, D]
    v = V.reshape(N, H, D).transpose(0, 1).to(torch.float64)
    probs = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(D), dim=-1)
    output.view(M, H, D).copy_((probs @ v).transpose(0, 1))
