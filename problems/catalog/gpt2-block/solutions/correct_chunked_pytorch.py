import math

import torch

D, H, HD, F = 768, 12, 64, 3072


def _layer_norm(z, g, b):
    # one-pass statistics: the mean and the mean of squares
    mean = z.mean(dim=-1, keepdim=True)
    var = (z * z).mean(dim=-1, keepdim=True) - mean * mean
    return (z - mean) * torch.rsqrt(var + 1e-5) * g + b


def solve(x: torch.Tensor, output: torch.Tensor, weights: torch.Tensor, seq_len: int) -> None:
    # Another fp32 order: products split over their inner dimension in chunks accumulated one
    # after the other, attention as an online softmax over blocks of 16 keys (running maximum
    # and sum, as a flash-attention kernel does), GELU from torch's tanh form.
    sizes = [D, D, D * 3 * D, 3 * D, D * D, D, D, D, D * F, F, F * D, D]
    g1, b1, w_qkv, b_qkv, w_o, b_o, g2, b2, w_fc, b_fc, w_pr, b_pr = torch.split(weights, sizes)

    def linear(a, w, b, k, chunk):
        w = w.view(k, -1)
        acc = b.expand(a.shape[0], -1).clone()
        for s in range(0, k, chunk):
            acc = acc + a[:, s : s + chunk] @ w[s : s + chunk]
        return acc

    a = _layer_norm(x, g1, b1)
    qkv = linear(a, w_qkv, b_qkv, D, 100).view(seq_len, 3, H, HD)
    q, k, v = qkv.permute(1, 2, 0, 3)  # each [H, S, HD]
    q = q / math.sqrt(HD)
    m = torch.full((H, seq_len, 1), -math.inf)
    den = torch.zeros(H, seq_len, 1)
    acc = torch.zeros(H, seq_len, HD)
    for s in range(0, seq_len, 16):
        sc = q @ k[:, s : s + 16].transpose(1, 2)
        m_new = torch.maximum(m, sc.amax(-1, keepdim=True))
        p = torch.exp(sc - m_new)
        corr = torch.exp(m - m_new)
        den = den * corr + p.sum(-1, keepdim=True)
        acc = acc * corr + p @ v[:, s : s + 16]
        m = m_new
    o = (acc / den).transpose(0, 1).reshape(seq_len, D)
    h1 = x + linear(o, w_o, b_o, D, 128)
    f = linear(_layer_norm(h1, g2, b2), w_fc, b_fc, D, 192)
    f = torch.nn.functional.gelu(f, approximate="tanh")
    output.copy_(h1 + linear(f, w_pr, b_pr, F, 512))
