import math

import torch

D = 768
HEADS = 12
HEAD_DIM = 64
FFN = 3072
# (name, shape) of every part of the packed weight buffer, in storage order
LAYOUT = [
    ("ln1_g", (D,)),
    ("ln1_b", (D,)),
    ("w_qkv", (D, 3 * D)),
    ("b_qkv", (3 * D,)),
    ("w_attn", (D, D)),
    ("b_attn", (D,)),
    ("ln2_g", (D,)),
    ("ln2_b", (D,)),
    ("w_fc", (D, FFN)),
    ("b_fc", (FFN,)),
    ("w_proj", (FFN, D)),
    ("b_proj", (D,)),
]
TOTAL = sum(math.prod(s) for _, s in LAYOUT)  # 7,087,872


def unpack(weights: torch.Tensor) -> dict:
    parts, off = {}, 0
    flat = weights.reshape(-1)
    for name, shape in LAYOUT:
        n = math.prod(shape)
        parts[name] = flat[off : off + n].reshape(shape)
        off += n
    return parts


def _example(seq_len: int) -> dict:
    """Variant "example": x[s][j] = sin(768 s + j); at flat offset t of the weight buffer,
    matrices hold 0.02 sin(t), linear biases 0.01 cos(t), LayerNorm scales 1 and shifts 0."""
    t = torch.arange(TOTAL, dtype=torch.float64)
    w = torch.zeros(TOTAL, dtype=torch.float64)
    off = 0
    for name, shape in LAYOUT:
        n = math.prod(shape)
        sl = slice(off, off + n)
        if name.endswith("_g"):
            w[sl] = 1.0
        elif name.startswith("w_"):
            w[sl] = 0.02 * torch.sin(t[sl])
        elif name.startswith("b_"):
            w[sl] = 0.01 * torch.cos(t[sl])
        off += n
    x = torch.sin(torch.arange(seq_len * D, dtype=torch.float64)).reshape(seq_len, D)
    return {"x": x.float(), "weights": w.float()}


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    """Packed weights: LayerNorm scales U[0.8, 1.2), shifts U[-0.1, 0.1), matrices
    0.02 * N(0, 1), linear biases U[-0.05, 0.05) (variant "zero_bias": linear biases 0)."""
    if case.get("variant") == "example":
        return {k: v.to(device) for k, v in _example(case["seq_len"]).items()}
    chunks = []
    for name, shape in LAYOUT:
        n = math.prod(shape)
        if name.endswith("_g"):
            t = 0.8 + 0.4 * torch.rand(n, generator=gen)
        elif name.startswith("ln"):
            t = 0.2 * torch.rand(n, generator=gen) - 0.1
        elif name.startswith("w_"):
            t = 0.02 * torch.randn(n, generator=gen)
        elif case.get("variant") == "zero_bias":
            t = torch.zeros(n)
        else:
            t = 0.1 * torch.rand(n, generator=gen) - 0.05
        chunks.append(t)
    return {"weights": torch.cat(chunks).to(device)}


def _layer_norm(z: torch.Tensor, g: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    mean = z.mean(dim=-1, keepdim=True)
    var = ((z - mean) ** 2).mean(dim=-1, keepdim=True)  # biased variance
    return (z - mean) / torch.sqrt(var + 1e-5) * g + b


def reference(x: torch.Tensor, output: torch.Tensor, weights: torch.Tensor, seq_len: int) -> None:
    w = unpack(weights)
    xs = x.reshape(seq_len, D)
    a = _layer_norm(xs, w["ln1_g"], w["ln1_b"])
    qkv = a @ w["w_qkv"] + w["b_qkv"]
    # [S, 3D] -> three [HEADS, S, HEAD_DIM]; head h uses columns 64h .. 64h + 63 of each part
    q, k, v = (
        qkv[:, i * D : (i + 1) * D].reshape(seq_len, HEADS, HEAD_DIM).transpose(0, 1)
        for i in range(3)
    )
    p = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(HEAD_DIM), dim=-1)  # no causal mask
    o = (p @ v).transpose(0, 1).reshape(seq_len, D)
    h1 = xs + o @ w["w_attn"] + w["b_attn"]
    f = _layer_norm(h1, w["ln2_g"], w["ln2_b"]) @ w["w_fc"] + w["b_fc"]
    gelu = 0.5 * f * (1 + torch.tanh(math.sqrt(2 / math.pi) * (f + 0.044715 * f**3)))
    output.view(seq_len, D).copy_(h1 + gelu @ w["w_proj"] + w["b_proj"])
