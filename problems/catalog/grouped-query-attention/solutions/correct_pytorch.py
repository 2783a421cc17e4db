import math

import torch


def solve(Q, K, V, output, num_q_heads, num_kv_heads, seq_len, head_dim):
    group = num_q_heads // num_kv_heads
    # View the query heads as [Hkv, group * seq_len, head_dim]: the heads of a group share K, V.
    q = Q.reshape(num_kv_heads, group * seq_len, head_dim)
    p = torch.softmax(q @ K.transpose(1, 2) / math.sqrt(head_dim), dim=-1)
    output.copy_((p @ V).reshape(num_q_heads, seq_len, head_dim))
