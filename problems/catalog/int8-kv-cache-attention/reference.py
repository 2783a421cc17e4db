import math

import torch


def reference(
    Q: torch.Tensor,
    K_int8: torch.Tensor,
    V_int8: torch.Tensor,
    k_scale: torch.Tensor,
    v_scale: torch.Tensor,
    output: torch.Tensor,
    num_heads: int,
    seq_len: int,
    head_dim: int,
) -> None:
    # Always computed in float64: dequantize with the per-(head, position) scales, then one
    # query per head attends to all seq_len cached positions.
    H, S, D = num_heads, seq_len, head_dim
    q = Q.reshape(H, D, 1).to(torch.float64)
    k = K_int8.reshape(H, S, D).to(torch.float64) * k_scale.reshape(H, S, 1).to(torch.float64)
    v = V_int8.reshape(H, S, D).to(torch.float64) * v_scale.reshape(H, S, 1).to(torch.float64)
    probs = torch.softmax((k @ q).reshape(H, 1, S) / math.sqrt(D), dim=-1)
    output.view(H, D).copy_((probs @ v).reshape(H, D))
