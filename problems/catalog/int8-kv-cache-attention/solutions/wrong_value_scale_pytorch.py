import math

import torch


def solve(Q, K_int8, V_int8, k_scale, v_scale, output, num_heads, seq_len, head_dim):
    k = K_int8.to(torch.float32) * k_scale.unsqueeze(-1)
    v = V_int8.to(torch.float32) * k_scale.unsqueeze(-1)  # bug: the key scales dequantize V
    scores = torch.einsum("hd,hsd->hs", Q, k) / math.sqrt(head_dim)
    probs = torch.softmax(scores, dim=-1)
    output.copy_(torch.einsum("hs,hsd->hd", probs, v))
