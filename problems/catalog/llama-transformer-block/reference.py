import math

import torch

D = 512
N_HEADS = 8
N_KV_HEADS = 2
HEAD_DIM = 64
HALF = HEAD_DIM // 2
FFN = 1408
EPS = 1e-5

# float offsets of the packed weights; matrices are [out, in], row-major
OFF_NORM1 = 0
OFF_WQ = OFF_NORM1 + D
OFF_WK = OFF_WQ + D * D
OFF_WV = OFF_WK + N_KV_HEADS * HEAD_DIM * D
OFF_WO = OFF_WV + N_KV_HEADS * HEAD_DIM * D
OFF_NORM2 = OFF_WO + D * D
OFF_WGATE = OFF_NORM2 + D
OFF_WUP = OFF_WGATE + FFN * D
OFF_WDOWN = OFF_WUP + FFN * D
N_WEIGHTS = OFF_WDOWN + D * FFN  # 2,819,072


def _part(weights: torch.Tensor, offset: int, *shape: int) -> torch.Tensor:
    return weights[offset : offset + math.prod(shape)].view(*shape)


def _rms_norm(z: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return z / torch.sqrt((z * z).mean(dim=-1, keepdim=True) + EPS) * w


def _rope(u: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    # u: [heads, S, 64]; element j pairs with j + 32
    lo, hi = u[..., :HALF], u[..., HALF:]
    return torch.cat([lo * cos - hi * sin, lo * sin + hi * cos], dim=-1)


def reference(
    x: torch.Tensor,
    output: torch.Tensor,
    weights: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    seq_len: int,
) -> None:
    s = seq_len
    w = weights.reshape(-1)
    a = _rms_norm(x, _part(w, OFF_NORM1, D))
    q = a @ _part(w, OFF_WQ, D, D).T
    k = a @ _part(w, OFF_WK, N_KV_HEADS * HEAD_DIM, D).T
    v = a @ _part(w, OFF_WV, N_KV_HEADS * HEAD_DIM, D).T
    q = q.view(s, N_HEADS, HEAD_DIM).transpose(0, 1)
    k = k.view(s, N_KV_HEADS, HEAD_DIM).transpose(0, 1)
    v = v.view(s, N_KV_HEADS, HEAD_DIM).transpose(0, 1)
    q = _rope(q, cos, sin)
    k = _rope(k, cos, sin)
    group = N_HEADS // N_KV_HEADS
    k = k.repeat_interleave(group, dim=0)  # query head h uses key/value head h // 4
    v = v.repeat_interleave(group, dim=0)
    scores = (q @ k.transpose(1, 2)) / math.sqrt(HEAD_DIM)
    causal = torch.ones(s, s, dtype=torch.bool, device=x.device).tril()
    scores = scores.masked_fill(~causal, float("-inf"))
    att = torch.softmax(scores, dim=-1) @ v  # [heads, S, 64]
    att = att.transpose(0, 1).reshape(s, D)
    h1 = x + att @ _part(w, OFF_WO, D, D).T
    b = _rms_norm(h1, _part(w, OFF_NORM2, D))
    gate = b @ _part(w, OFF_WGATE, FFN, D).T
    up = b @ _part(w, OFF_WUP, FFN, D).T
    ffn = (torch.nn.functional.silu(gate) * up) @ _part(w, OFF_WDOWN, D, FFN).T
    output.copy_(h1 + ffn)


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # x uniform in [-1, 1) (all zeros for the variant "zero_x"); RMSNorm weights uniform in
    # [0.8, 1.2); projection matrices 0.02 * N(0, 1); cos/sin the rotary tables of the
    # angles p * 10000^(-j/32), j < 32.
    s = case["seq_len"]
    x = torch.rand(s, D, generator=gen) * 2 - 1
    if case.get("variant") == "zero_x":
        x = torch.zeros(s, D)
    w = torch.empty(N_WEIGHTS)
    w[OFF_NORM1:OFF_WQ] = torch.rand(D, generator=gen) * 0.4 + 0.8
    w[OFF_WQ:OFF_NORM2] = torch.randn(OFF_NORM2 - OFF_WQ, generator=gen) * 0.02
    w[OFF_NORM2:OFF_WGATE] = torch.rand(D, generator=gen) * 0.4 + 0.8
    w[OFF_WGATE:] = torch.randn(N_WEIGHTS - OFF_WGATE, generator=gen) * 0.02
    inv_freq = 10000.0 ** (-torch.arange(HALF, dtype=torch.float64) / HALF)
    angles = torch.arange(s, dtype=torch.float64)[:, None] * inv_freq[None, :]
    return {
        "x": x.to(device),
        "weights": w.to(device),
        "cos": angles.cos().float().to(device),
        "sin": angles.sin().float().to(device),
    }
