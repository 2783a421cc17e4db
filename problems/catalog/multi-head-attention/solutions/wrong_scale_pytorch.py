import math

import torch


# Bug: scales the scores by 1/sqrt(d_model) instead of 1/sqrt(d_k) (only right when h == 1).
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor,
          N: int, d_model: int, h: int) -> None:
    dk = d_model // h
    q, k, v = (x.view(N, h, dk).transpose(0, 1).double() for x in (Q, K, V))
    p = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(d_model), dim=-1)
    output.view(N, d_model).copy_((p @ v).transpose(0, 1).reshape(N, d_model))
