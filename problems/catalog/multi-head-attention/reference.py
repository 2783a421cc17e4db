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
