import math

import torch

PROMPT_LEN = 31
STEPS = 11
EPS = 1e-6
OMEGA = 2 * math.pi / 19
SCALE = math.log(10) / (2 * (math.cos(0.3 * OMEGA) - math.cos(0.7 * OMEGA)))


def model_weights() -> list[float]:
    """The ten parameters with which the model adds two 10-digit numbers."""
    phi = 10.3 * OMEGA
    return [
        1000.0,  # e0
        0.001,  # e1
        math.cos(phi),  # q0
        -math.sin(phi),  # q1
        -22000 / math.sqrt(2),  # v0
        -12032.0,  # a
        128000.0,  # c
        0.390625,  # carry
        100 / math.sqrt(2),  # n0
        -1000 / (50 * math.sqrt(2)),  # n1
    ]


def encode(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Prompts [len(a), 31] for the pairs (a, b): 0, digits of a (least significant first),
    nine 0s, digits of b, 0."""
    p = torch.zeros(a.numel(), PROMPT_LEN, dtype=torch.int64)
    for i in range(10):
        p[:, 1 + i] = (a // 10**i) % 10
        p[:, 20 + i] = (b // 10**i) % 10
    return p.to(torch.int32)


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    n = case["batch_size"]
    variant = case.get("variant", "")
    top = 10**10
    if variant == "zeros":
        a = torch.zeros(n, dtype=torch.int64)
        b = a.clone()
    elif variant == "max":
        a = torch.full((n,), top - 1, dtype=torch.int64)
        b = a.clone()
    elif variant == "carry_chain":
        a = torch.full((n,), top - 1, dtype=torch.int64)
        b = torch.ones(n, dtype=torch.int64)
    else:
        a = torch.randint(0, top, (n,), generator=gen, dtype=torch.int64)
        b = torch.randint(0, top, (n,), generator=gen, dtype=torch.int64)
    w = torch.tensor(model_weights(), dtype=torch.float32)
    return {"prompts": encode(a, b).to(device), "weights": w.to(device)}


def _urms(x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    r = torch.rsqrt((x * x + y * y) / 2 + EPS)
    return x * r, y * r


def _silu(z: torch.Tensor) -> torch.Tensor:
    return z * torch.sigmoid(z)


def decode(prompts: torch.Tensor, w: torch.Tensor, batch_size: int, dtype) -> torch.Tensor:
    """Greedy decoding of 11 tokens; returns the logits [B, 11, 10] in `dtype`."""
    e0, e1, q0, q1, v0, a, c, carry, n0, n1 = (w[i].to(dtype) for i in range(10))
    dev = prompts.device
    digits = torch.arange(10, device=dev, dtype=dtype)
    emb0 = e0 - e1 * digits * digits  # first component of e(d), [10]
    emb1 = -digits  # second component of e(d)
    total = PROMPT_LEN + STEPS - 1
    tokens = torch.zeros(batch_size, total, dtype=torch.long, device=dev)
    tokens[:, :PROMPT_LEN] = prompts.reshape(batch_size, PROMPT_LEN).long()
    pos = torch.arange(total, device=dev, dtype=dtype)
    cos_p, sin_p = torch.cos(pos * OMEGA), torch.sin(pos * OMEGA)
    logits = torch.zeros(batch_size, STEPS, 10, dtype=dtype, device=dev)
    for step in range(STEPS):
        L = PROMPT_LEN + step
        t = tokens[:, :L]
        h0, h1 = emb0[t], emb1[t]  # [B, L]
        m0, m1 = _urms(h0, h1)
        # keys (rotated by the position angle) and values for every position
        k0, k1 = _urms(m0, torch.zeros_like(m0))
        kr0 = k0 * cos_p[:L] - k1 * sin_p[:L]
        kr1 = k0 * sin_p[:L] + k1 * cos_p[:L]
        v = m1 * v0
        # query of the last position
        qa, qb = _urms(m0[:, -1] * q0, m0[:, -1] * q1)
        cl, sl = cos_p[L - 1], sin_p[L - 1]
        qr0, qr1 = qa * cl - qb * sl, qa * sl + qb * cl
        scores = SCALE * (qr0.unsqueeze(1) * kr0 + qr1.unsqueeze(1) * kr1)
        att = (torch.softmax(scores, dim=1) * v).sum(dim=1)
        x0, x1 = h0[:, -1], h1[:, -1] + att
        g_0, g_1 = _urms(x0, x1)
        gate0 = a * g_0 + c * g_1
        gate1 = (a - c / 1000) * g_0 + c * g_1
        x1 = x1 + carry * (_silu(gate1) - _silu(gate0)) * g_0
        o0, o1 = _urms(x0, x1)
        o0, o1 = o0 * n0, o1 * n1
        out = o0.unsqueeze(1) * emb0 + o1.unsqueeze(1) * emb1  # [B, 10]
        logits[:, step] = out
        if step + 1 < STEPS:
            tokens[:, L] = torch.argmax(out, dim=1)
    return logits


def reference(
    prompts: torch.Tensor, output: torch.Tensor, weights: torch.Tensor, batch_size: int
) -> None:
    out = decode(prompts, weights.reshape(10), batch_size, torch.float64)
    output.view(batch_size, STEPS, 10).copy_(out)
