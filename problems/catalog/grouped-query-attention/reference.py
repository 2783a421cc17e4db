import math

import torch


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    num_q_heads: int,
    num_kv_heads: int,
    seq_len: int,
    head_dim: int,
) -> None:
    # Always computed in float64. Query head h reads key/value head h // (Hq / Hkv).
    group = num_q_heads // num_kv_heads
    q = Q.reshape(num_q_heads, seq_len, head_dim).to(torch.float64)
    k = K.reshape(num_kv_heads, seq_len, head_dim).to(torch.float64)
    v = V.reshape(num_kv_heads, seq_len, head_dim).to(torch.float64)
    k = k.repeat_interleave(group, dim=0)
    v = v.repeat_interleave(group, dim=0)
    scores = q @ k.transpose(1, 2) / math.sqrt(head_dim)
    out = torch.softmax(scores, dim=-1) @ v
    output.view(num_q_heads, seq_len, head_dim).copy_(out)
