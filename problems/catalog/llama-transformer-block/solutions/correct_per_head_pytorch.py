import torch

D, FFN, HD = 512, 1408, 64


def _rms(z, w):
    return z * torch.rsqrt(z.pow(2).mean(-1, keepdim=True) + 1e-5) * w


def _rotate(u, cos, sin):
    # u: [S, 64]; pairs (j, j + 32)
    out = torch.empty_like(u)
    out[:, :32] = u[:, :32] * cos - u[:, 32:] * sin
    out[:, 32:] = u[:, :32] * sin + u[:, 32:] * cos
    return out


def solve(x, output, weights, cos, sin, seq_len):
    S = seq_len
    w = weights
    o = 0
    n1 = w[o : o + D]; o += D
    wq = w[o : o + D * D].view(D, D); o += D * D
    wk = w[o : o + 128 * D].view(128, D); o += 128 * D
    wv = w[o : o + 128 * D].view(128, D); o += 128 * D
    wo = w[o : o + D * D].view(D, D); o += D * D
    n2 = w[o : o + D]; o += D
    wg = w[o : o + FFN * D].view(FFN, D); o += FFN * D
    wu = w[o : o + FFN * D].view(FFN, D); o += FFN * D
    wd = w[o : o + D * FFN].view(D, FFN)

    a = _rms(x, n1)
    q = a @ wq.t()
    k = a @ wk.t()
    v = a @ wv.t()
    mask = torch.triu(torch.ones(S, S, dtype=torch.bool, device=x.device), diagonal=1)
    heads = []
    for h in range(8):
        kv = h // 4
        qh = _rotate(q[:, h * HD : (h + 1) * HD], cos, sin)
        kh = _rotate(k[:, kv * HD : (kv + 1) * HD], cos, sin)
        vh = v[:, kv * HD : (kv + 1) * HD]
        sc = (qh @ kh.t()) * 0.125
        sc = sc.masked_fill(mask, float("-inf"))
        sc = sc - sc.max(dim=-1, keepdim=True).values
        p = sc.exp()
        heads.append((p @ vh) / p.sum(dim=-1, keepdim=True))
    h1 = x + torch.cat(heads, dim=1) @ wo.t()
    b = _rms(h1, n2)
    g = b @ wg.t()
    ff = (g * torch.sigmoid(g) * (b @ wu.t())) @ wd.t()
    output.copy_(h1 + ff)
