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


def _rms_norm_error(z: torch.Tensor, w: torch.Tensor, err_z: torch.Tensor):
    """RMSNorm of ``z`` (float64) and its fp32 error per unit roundoff: the mean of squares of
    D terms (sqrt(D) u, half of it in the root), a few u of each step, and the input's error
    carried by the derivative (dz - zhat mean(zhat dz)) / rms."""
    rms = torch.sqrt((z * z).mean(dim=-1, keepdim=True) + EPS)
    zhat = z / rms
    out = zhat * w
    own = (math.sqrt(z.shape[-1]) / 2 + 4) * out.abs()
    carried = err_z + zhat.abs() * (zhat.abs() * err_z).mean(dim=-1, keepdim=True)
    return out, own + carried / rms * w.abs()


def _linear_error(a: torch.Tensor, err_a: torch.Tensor, wt: torch.Tensor):
    """a @ wt and its fp32 error per unit roundoff: the dot-product bound sqrt(K) |a| @ |wt|
    (K = the sum's length, random-walk form) and the input's errors carried in the same form
    (errors of different elements come from different roundings: root-sum-square through wt)."""
    prod = a @ wt
    own = math.sqrt(a.shape[-1]) * (a.abs() @ wt.abs())
    return prod, own + ((err_a * err_a) @ (wt * wt)).sqrt()


def _rope_error(u: torch.Tensor, err_u: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor):
    """RoPE of ``u`` and its error: each output is a two-term sum of products (2 u of its terms)
    and carries the two inputs' errors by |cos| and |sin|."""
    lo, hi = u[..., :HALF], u[..., HALF:]
    elo, ehi = err_u[..., :HALF], err_u[..., HALF:]
    ac, as_ = cos.abs(), sin.abs()
    own_lo = 2 * ((lo * cos).abs() + (hi * sin).abs())
    own_hi = 2 * ((lo * sin).abs() + (hi * cos).abs())
    err = torch.cat([own_lo + elo * ac + ehi * as_, own_hi + elo * as_ + ehi * ac], dim=-1)
    return _rope(u, cos, sin), err


def error_scale(
    x: torch.Tensor,
    weights: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    seq_len: int,
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Tolerance"), each step's
    # rounding plus its inputs' errors carried through it:
    #  1. RMSNorm: sqrt(D) u of the mean of squares (_rms_norm_error);
    #  2. every product: the dot-product bound sqrt(K) |a| @ |w|, and its inputs' errors
    #     carried in the same random-walk form, sqrt(err^2 @ w^2) (_linear_error);
    #  3. RoPE: a few u of its terms, the errors of q and k by |cos| and |sin|;
    #  4. attention per query head (as softmax-attention's, masked keys have p = 0): a score
    #     error ds_ij (its own length-64 dot product plus the errors of q and k) moves output
    #     (i, c) by p_ij (v_jc - o_ic) ds_ij, bounded by Cauchy-Schwarz; the softmax sums and
    #     P @ V over the keys add (sqrt(S) + 4) p @ |v|, the errors of v sqrt(p^2 @ err_v^2);
    #  5. SiLU(gate) * up carries the errors of gate and up by |SiLU'(gate) up| and |SiLU(gate)|
    #     and adds a few u of itself (as swiglu-mlp-block's);
    #  6. the residual adds a few u of its terms.
    s = seq_len
    w = weights.reshape(-1).to(torch.float64)
    xs = x.reshape(s, D).to(torch.float64)
    cs, sn = cos.to(torch.float64), sin.to(torch.float64)
    a, err_a = _rms_norm_error(xs, _part(w, OFF_NORM1, D), torch.zeros_like(xs))
    q, eq = _linear_error(a, err_a, _part(w, OFF_WQ, D, D).T)
    k, ek = _linear_error(a, err_a, _part(w, OFF_WK, N_KV_HEADS * HEAD_DIM, D).T)
    v, ev = _linear_error(a, err_a, _part(w, OFF_WV, N_KV_HEADS * HEAD_DIM, D).T)

    def heads(t: torch.Tensor, n: int) -> torch.Tensor:
        return t.view(s, n, HEAD_DIM).transpose(0, 1)

    q, eq = _rope_error(heads(q, N_HEADS), heads(eq, N_HEADS), cs, sn)
    k, ek = _rope_error(heads(k, N_KV_HEADS), heads(ek, N_KV_HEADS), cs, sn)
    v, ev = heads(v, N_KV_HEADS), heads(ev, N_KV_HEADS)
    causal = torch.ones(s, s, dtype=torch.bool, device=xs.device).tril()
    keys = torch.arange(1, s + 1, dtype=torch.float64, device=xs.device).unsqueeze(1)
    att = torch.empty(N_HEADS, s, HEAD_DIM, dtype=torch.float64, device=xs.device)
    err_att = torch.empty_like(att)
    for hd in range(N_HEADS):  # one head at a time: [S, S] at a time
        kv = hd // (N_HEADS // N_KV_HEADS)
        qh, kh, vh, eqh, ekh, evh = q[hd], k[kv], v[kv], eq[hd], ek[kv], ev[kv]
        scores = (qh @ kh.T / math.sqrt(HEAD_DIM)).masked_fill(~causal, float("-inf"))
        p = torch.softmax(scores, dim=-1)
        oh = p @ vh
        ds = math.sqrt(HEAD_DIM) * (qh.abs() @ kh.abs().T)
        ds = ds + ((eqh * eqh) @ (kh * kh).T + (qh * qh) @ (ekh * ekh).T).sqrt()
        wt = p * ds / math.sqrt(HEAD_DIM)
        wsum = wt.sum(-1, keepdim=True)
        spread = (wt @ (vh * vh) - 2 * oh * (wt @ vh) + oh * oh * wsum).clamp_min(0.0)
        att[hd] = oh
        err_att[hd] = (
            (wsum * spread).sqrt()
            + (keys.sqrt() + 4) * (p @ vh.abs())
            + ((p * p) @ (evh * evh)).sqrt()
        )
    att = att.transpose(0, 1).reshape(s, D)
    err_att = err_att.transpose(0, 1).reshape(s, D)
    proj, err_proj = _linear_error(att, err_att, _part(w, OFF_WO, D, D).T)
    h1 = xs + proj
    err_h1 = err_proj + 2 * (xs.abs() + proj.abs())
    b, err_b = _rms_norm_error(h1, _part(w, OFF_NORM2, D), err_h1)
    gate, eg = _linear_error(b, err_b, _part(w, OFF_WGATE, FFN, D).T)
    up, eu = _linear_error(b, err_b, _part(w, OFF_WUP, FFN, D).T)
    sig = torch.sigmoid(gate)
    silu = gate * sig
    dsilu = sig * (1 + gate * (1 - sig))
    hid = silu * up
    err_hid = (dsilu * up).abs() * eg + silu.abs() * eu + 4 * hid.abs()
    ffn, err_ffn = _linear_error(hid, err_hid, _part(w, OFF_WDOWN, D, FFN).T)
    return err_h1 + err_ffn + 2 * (h1.abs() + ffn.abs())
