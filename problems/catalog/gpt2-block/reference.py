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


def _layer_norm_error(z, g, b, err_z):
    """LayerNorm of ``z`` (float64) and its fp32 error per unit roundoff: its own mean and
    variance sums of D terms (sqrt(D) u of mean|z| and of the variance), a few u of each step,
    and the input's error ``err_z`` carried by the derivative
    (dz - mean(dz) - xhat mean(xhat dz)) / sd."""
    n = z.shape[-1]
    mean = z.mean(dim=-1, keepdim=True)
    sd = torch.sqrt(((z - mean) ** 2).mean(dim=-1, keepdim=True) + 1e-5)
    xhat = (z - mean) / sd
    out = xhat * g + b
    own = math.sqrt(n) * (z.abs().mean(dim=-1, keepdim=True) / sd + xhat.abs()) * g.abs()
    own = own + 4 * (xhat * g).abs() + 2 * b.abs()
    carried = err_z + err_z.mean(dim=-1, keepdim=True)
    carried = carried + xhat.abs() * (xhat.abs() * err_z).mean(dim=-1, keepdim=True)
    return out, own + carried / sd * g.abs()


def _linear_error(a, err_a, w, bias):
    """a @ w + bias and its fp32 error per unit roundoff: the dot-product bound sqrt(K) |a| @ |w|
    (K = the sum's length, random-walk form), the input's errors carried in the same form
    (errors of different elements come from different roundings: root-sum-square through w),
    the bias add."""
    k = a.shape[-1]
    prod = a @ w
    carried = ((err_a * err_a) @ (w * w)).sqrt()
    err = math.sqrt(k) * (a.abs() @ w.abs()) + carried + 2 * (prod.abs() + bias.abs())
    return prod + bias, err


def error_scale(x: torch.Tensor, weights: torch.Tensor, seq_len: int) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Tolerance"), each step's
    # rounding plus its inputs' errors carried through it, the errors by magnitude:
    #  1. LayerNorm: sqrt(D) u of the mean and variance sums (_layer_norm_error);
    #  2. every product: the dot-product bound sqrt(K) |a| @ |w|, and its inputs' errors
    #     carried in the same random-walk form, sqrt(err^2 @ w^2) (_linear_error);
    #  3. attention per head (as softmax-attention's): a score error ds_ij (its own length-64
    #     dot product plus the errors of q and k) moves output (i, c) by p_ij (v_jc - o_ic) ds_ij,
    #     bounded by Cauchy-Schwarz; the softmax sums and P @ V over the S keys add
    #     (sqrt(S) + 4) p @ |v|, the errors of v sqrt(p^2 @ err_v^2);
    #  4. GELU carries the error of f by |GELU'(f)|, its own steps add a few u of |f|;
    #  5. the residual adds a few u of their terms.
    w = {k: v.to(torch.float64) for k, v in unpack(weights).items()}
    xs = x.reshape(seq_len, D).to(torch.float64)
    a, err_a = _layer_norm_error(xs, w["ln1_g"], w["ln1_b"], torch.zeros_like(xs))
    qkv, err_qkv = _linear_error(a, err_a, w["w_qkv"], w["b_qkv"])

    def heads(t: torch.Tensor, i: int) -> torch.Tensor:
        return t[:, i * D : (i + 1) * D].reshape(seq_len, HEADS, HEAD_DIM).transpose(0, 1)

    o = torch.empty(HEADS, seq_len, HEAD_DIM, dtype=torch.float64, device=xs.device)
    err_o = torch.empty_like(o)
    for hd in range(HEADS):  # one head at a time: [S, S] at a time
        q, k, v = (heads(qkv, i)[hd] for i in range(3))
        eq, ek, ev = (heads(err_qkv, i)[hd] for i in range(3))
        p = torch.softmax(q @ k.T / math.sqrt(HEAD_DIM), dim=-1)
        oh = p @ v
        ds = math.sqrt(HEAD_DIM) * (q.abs() @ k.abs().T)
        ds = (ds + ((eq * eq) @ (k * k).T + (q * q) @ (ek * ek).T).sqrt()) / math.sqrt(HEAD_DIM)
        wt = p * ds
        wsum = wt.sum(-1, keepdim=True)
        spread = (wt @ (v * v) - 2 * oh * (wt @ v) + oh * oh * wsum).clamp_min(0.0)
        o[hd] = oh
        err_o[hd] = (
            (wsum * spread).sqrt()
            + (math.sqrt(seq_len) + 4) * (p @ v.abs())
            + ((p * p) @ (ev * ev)).sqrt()
        )
    o = o.transpose(0, 1).reshape(seq_len, D)
    err_o = err_o.transpose(0, 1).reshape(seq_len, D)
    att, err_att = _linear_error(o, err_o, w["w_attn"], w["b_attn"])
    h1 = xs + att
    err_h1 = err_att + 2 * (xs.abs() + att.abs())
    a2, err_a2 = _layer_norm_error(h1, w["ln2_g"], w["ln2_b"], err_h1)
    f, err_f = _linear_error(a2, err_a2, w["w_fc"], w["b_fc"])
    c = math.sqrt(2 / math.pi)
    t = torch.tanh(c * (f + 0.044715 * f**3))
    gelu = 0.5 * f * (1 + t)
    dgelu = 0.5 * (1 + t) + 0.5 * f * (1 - t * t) * c * (1 + 3 * 0.044715 * f * f)
    err_gelu = dgelu.abs() * err_f + 4 * f.abs()
    mlp, err_mlp = _linear_error(gelu, err_gelu, w["w_proj"], w["b_proj"])
    return err_h1 + err_mlp + 2 * (h1.abs() + mlp.abs())
