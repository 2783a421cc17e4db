import torch.nn.functional as F


def solve(Q, K, V, output, M, N, H, D):
    q, k, v = (x.transpose(0, 1) for x in (Q, K, V))  # [H, positions, D]
    out = F.scaled_dot_product_attention(q, k, v)
    output.copy_(out.transpose(0, 1))
