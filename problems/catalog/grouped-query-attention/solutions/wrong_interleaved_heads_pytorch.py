import math

import torch


def solve(Q, K, V, output, num_q_heads, num_kv_heads, seq_len, head_dim):
    # Bug: query head h reads kv head h % Hkv (round robin) instead of h // (Hq / Hkv).
    group = num_q_heads // num_kv_heads
    k = K.repeat(group, 1, 1)
    v = V.repeat(group, 1, 1)
    p = torch.softmax(Q @ k.transpose(1, 2) / math.sqrt(head_dim), dim=-1)
    output.copy_(p @ v)
