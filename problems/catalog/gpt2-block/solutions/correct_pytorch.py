import math

import torch

D, H, HD, F = 768, 12, 64, 3072


# Slices of the packed buffer, torch's layer_norm and a per-head batched attention (float32).
def solve(x: torch.Tensor, output: torch.Tensor, weights: torch.Tensor, seq_len: int) -> None:
    sizes = [D, D, D * 3 * D, 3 * D, D * D, D, D, D, D * F, F, F * D, D]
    g1, b1, w_qkv, b_qkv, w_o, b_o, g2, b2, w_fc, b_fc, w_pr, b_pr = torch.split(weights, sizes)
    a = torch.nn.functional.layer_norm(x, (D,), g1, b1, eps=1e-5)
    qkv = torch.addmm(b_qkv, a, w_qkv.view(D, 3 * D)).view(seq_len, 3, H, HD)
    q, k, v = qkv.permute(1, 2, 0, 3)  # each [H, S, HD]
    att = torch.softmax(torch.bmm(q, k.transpose(1, 2)) * (1.0 / math.sqrt(HD)), dim=-1)
    o = torch.bmm(att, v).transpose(0, 1).reshape(seq_len, D)
    h1 = x + torch.addmm(b_o, o, w_o.view(D, D))
    z = torch.nn.functional.layer_norm(h1, (D,), g2, b2, eps=1e-5)
    f = torch.nn.functional.gelu(torch.addmm(b_fc, z, w_fc.view(D, F)), approximate="tanh")
    output.copy_(h1 + torch.addmm(b_pr, f, w_pr.view(F, D)))
