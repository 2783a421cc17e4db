"""The fp32 error-bound term of [error_bound] problems (docs/judging.md, "Large sizes").

At the benchmark sizes (on the CPU, in float32, with the judge's own input generation,
reference, allowance and comparison): differently ordered correct fp32 computations are
accepted, and a computation wrong by one element (one dropped term, one row's mask off by one)
is rejected. `python tests/runner/test_error_bound.py` prints the margins.
"""

from __future__ import annotations

import math

import pytest
import torch

from runner.supervisor.inputs import load_reference
from runner.supervisor.verify import compare, error_allowance
from tests.runner.helpers import CATALOG, benchmark_inputs, problem, run_reference_f64

F32 = torch.float32


def _setup(slug: str, seed: int = 7, scalars: dict | None = None):
    prob = problem(slug)
    ref, sc, ins = benchmark_inputs(prob, seed, scalars)

    def run_ref(inputs):
        return run_reference_f64(prob, ref, sc, inputs)

    exp = run_ref(ins)
    extra = error_allowance(prob.error_bound, ref, ins, exp, sc, run_ref)
    (out,) = [p.name for p in prob.tensor_params if p.is_output]
    return prob, sc, ins, exp[out], extra[out], out


def _check(prob, name, got, exp, extra):
    return compare(name, got.to(F32), exp, "f32", prob.atol, prob.rtol, extra)


# ------------------------------------------------------------------------------------------
# fp32 computations in different orders


def _splitk_mm(a, b, chunk):  # sequential accumulation of K-chunks in fp32 (a split-K kernel)
    acc = torch.zeros(*a.shape[:-1], b.shape[-1], dtype=F32)
    for s in range(0, a.shape[-1], chunk):
        acc = acc + a[..., s : s + chunk] @ b[..., s : s + chunk, :]
    return acc


def _seq_mm(a, b):  # one fp32 rounding per term, k ascending (a naive loop kernel)
    acc = torch.zeros(*a.shape[:-1], b.shape[-1], dtype=F32)
    for k in range(a.shape[-1]):
        acc = torch.addcmul(acc, a[..., :, k : k + 1], b[..., k : k + 1, :])
    return acc


def _tree_mm(a, b, chunk=16):  # K-chunks combined pairwise (a tree reduction)
    parts = [a[..., s : s + chunk] @ b[..., s : s + chunk, :] for s in range(0, a.shape[-1], chunk)]
    while len(parts) > 1:
        parts = [
            parts[i] + parts[i + 1] if i + 1 < len(parts) else parts[i]
            for i in range(0, len(parts), 2)
        ]
    return parts[0]


def _power(a, p, mm):
    result, base = None, a
    while p > 0:
        if p & 1:
            result = base.clone() if result is None else mm(result, base)
        p >>= 1
        if p:
            base = mm(base, base)
    return result


def _power_naive(a, p, mm):
    x = a
    for _ in range(p - 1):
        x = mm(x, a)
    return x


def _softmax_full(q, k, v, visible):  # q [H, M, d], k/v [H, Nk, d], visible [M, Nk] bool
    s = (q @ k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
    if visible is not None:
        s = s.masked_fill(~visible, -math.inf)
    return torch.softmax(s, dim=-1) @ v


def _softmax_online(q, k, v, visible, bk, prescale=False):
    """Flash-attention order: key tiles of bk, running max, rescaled fp32 accumulators;
    prescale: q is multiplied by log2(e)/sqrt(d) first and exp2 is used."""
    h, m, d = q.shape
    scale = 1 / math.sqrt(d)
    qs = q * (scale * math.log2(math.e)) if prescale else q
    mx = torch.full((h, m, 1), -math.inf, dtype=F32)
    lsum = torch.zeros((h, m, 1), dtype=F32)
    acc = torch.zeros((h, m, d), dtype=F32)
    for s0 in range(0, k.shape[1], bk):
        kt, vt = k[:, s0 : s0 + bk], v[:, s0 : s0 + bk]
        s = qs @ kt.transpose(-1, -2)
        if not prescale:
            s = s * scale
        if visible is not None:
            s = s.masked_fill(~visible[:, s0 : s0 + bk], -math.inf)
        new = torch.maximum(mx, s.amax(-1, keepdim=True))
        safe = torch.where(torch.isinf(new), torch.zeros_like(new), new)
        ex = torch.exp2 if prescale else torch.exp
        alpha = ex(mx - safe)
        p = ex(s - safe)
        lsum = lsum * alpha + p.sum(-1, keepdim=True)
        acc = acc * alpha + p @ vt
        mx = new
    return acc / lsum


def _heads(x, n, h):
    return x.reshape(n, h, -1).transpose(0, 1).contiguous()


def _conv_taps(x, w, taps, fused=False):
    """Valid cross-correlation of x [R, C] with w [KR, KC] tap by tap in the order ``taps``,
    one fp32 accumulator per output: ``acc + w[a, b] * x[...]`` with the product rounded to
    fp32 first (the order of solutions/correct_jax.py, which on an H200 gives the same bits),
    or fused (one rounding per tap, a multiply-add; exact product in float64, then rounded)."""
    kr, kc = w.shape
    rows, cols = x.shape[0] - kr + 1, x.shape[1] - kc + 1
    acc = torch.zeros(rows, cols, dtype=F32, device=x.device)
    for a, b in taps:
        xs = x[a : a + rows, b : b + cols]
        if fused:
            acc = (acc.double() + w[a, b].double() * xs.double()).to(F32)
        else:
            acc = acc + w[a, b] * xs
    return acc


# ------------------------------------------------------------------------------------------
# per problem: (accepted fp32 orders, one-element-wrong outputs)


def _matrix_power(sc, ins, exp):
    n, p = sc["N"], sc["P"]
    a = ins["input"].reshape(n, n)
    orders = {
        "torch fp32, binary exponentiation": _power(a, p, torch.matmul),
        "split-K 64, naive chain": _power_naive(a, p, lambda x, y: _splitk_mm(x, y, 64)),
        "sequential k-loop, binary": _power(a, p, _seq_mm),
        "tree over K-chunks, naive chain": _power_naive(a, p, _tree_mm),
    }
    # one dropped term of typical size in one output entry: A^{P-1}[i, t] * A[t, j]
    g = torch.Generator().manual_seed(1)
    i, j, t = (int(x) for x in torch.randint(0, n, (3,), generator=g))
    prev = _power(a.double(), p - 1, torch.matmul)
    wrong = exp.reshape(n, n).clone()
    wrong[i, j] -= prev[i, t] * a[t, j].double()
    return orders, {"one entry misses one term": wrong}


def _bmm(sc, ins, exp):
    b_, m, n, k = sc["BATCH"], sc["M"], sc["N"], sc["K"]
    a, b = ins["A"].reshape(b_, m, k), ins["B"].reshape(b_, k, n)
    orders = {
        "torch.bmm fp32": torch.bmm(a, b),
        "split-K 32": _splitk_mm(a, b, 32),
        "sequential k-loop": _seq_mm(a, b),
        "tree over K-chunks of 16": _tree_mm(a, b),
    }
    g = torch.Generator().manual_seed(2)
    bi, i, j, t = (int(torch.randint(0, s, (1,), generator=g)) for s in (b_, m, n, k))
    wrong = exp.reshape(b_, m, n).clone()
    wrong[bi, i, j] -= a[bi, i, t].double() * b[bi, t, j].double()
    return orders, {"one entry misses one term": wrong}


def _matmul(sc, ins, exp):
    m, n, k = sc["M"], sc["N"], sc["K"]  # the contracted dimension is N
    a, b = ins["A"].reshape(m, n), ins["B"].reshape(n, k)
    orders = {
        "torch.matmul fp32": a @ b,
        "split-K 64": _splitk_mm(a, b, 64),
        "sequential loop": _seq_mm(a, b),
        "tree over chunks of 16": _tree_mm(a, b),
    }
    g = torch.Generator().manual_seed(3)
    i, j, t = (int(torch.randint(0, s, (1,), generator=g)) for s in (m, k, n))
    wrong = exp.reshape(m, k).clone()
    wrong[i, j] -= a[i, t].double() * b[t, j].double()
    bf16 = (a.to(torch.bfloat16) @ b.to(torch.bfloat16)).float()
    return orders, {"one entry misses one term": wrong, "bfloat16 product": bf16}


def _attn_orders(q, k, v, visible):
    return {
        "full softmax fp32": _softmax_full(q, k, v, visible),
        "online softmax, key tiles of 64": _softmax_online(q, k, v, visible, 64),
        "online softmax, tiles of 32, exp2 with prescaled Q": _softmax_online(
            q, k, v, visible, 32, prescale=True
        ),
    }


def _wrong_row(q, k, v, changed, exp_rows):
    """Recompute in f64 with `changed` visibility; return the first row whose output moves
    by more than 1 % of the largest |V| (the rows a row-local bug visibly changes)."""
    o = _softmax_full(q.double(), k.double(), v.double(), changed)
    moved = (o - exp_rows).abs().amax(-1)  # [H, M]
    hit = torch.nonzero(moved > 0.01 * v.abs().max())
    assert len(hit), "the bug changes nothing visible"
    hh, i = int(hit[0, 0]), int(hit[0, 1])
    wrong = exp_rows.clone()
    wrong[hh, i] = o[hh, i]
    return wrong


def _causal(sc, ins, exp):
    m, d = sc["M"], sc["d"]
    q, k, v = (ins[x].reshape(1, m, d) for x in "QKV")
    vis = torch.ones(m, m, dtype=torch.bool).tril()
    orders = {n: o[0] for n, o in _attn_orders(q, k, v, vis).items()}
    off = torch.ones(m, m, dtype=torch.bool).tril(diagonal=1)  # mask off by one (j <= i + 1)
    wrong = _wrong_row(q, k, v, off, exp.reshape(1, m, d))[0]
    return orders, {"one row's mask off by one": wrong}


def _drop_second_key(q, k, v, e):
    """`e` [H, M, d] with one row recomputed without the key of its second-largest weight
    (a tile boundary bug), in a row where that weight is over 1 %."""
    s = (q.double() @ k.double().transpose(-1, -2)) / math.sqrt(q.shape[-1])
    top2 = torch.softmax(s, -1).topk(2, -1)
    rows = torch.nonzero(top2.values[..., 1] > 0.01)
    hh, i = int(rows[0, 0]), int(rows[0, 1])
    keep = torch.ones(s.shape, dtype=torch.bool)
    keep[hh, i, top2.indices[hh, i, 1]] = False
    o = torch.softmax(s.masked_fill(~keep, -math.inf), -1) @ v.double()
    wrong = e.clone()
    wrong[hh, i] = o[hh, i]
    return wrong


def _mha(sc, ins, exp):
    n, dm, h = sc["N"], sc["d_model"], sc["h"]
    q, k, v = (_heads(ins[x], n, h) for x in "QKV")
    e = _heads(exp.reshape(n, dm), n, h)
    orders = {nm: o.transpose(0, 1).reshape(n, dm) for nm, o in _attn_orders(q, k, v, None).items()}
    wrong = _drop_second_key(q, k, v, e)
    return orders, {"one row drops one key": wrong.transpose(0, 1).reshape(n, dm)}


def _softmax_attention(sc, ins, exp):
    m, n, d = sc["M"], sc["N"], sc["d"]
    q, k, v = ins["Q"].reshape(1, m, d), ins["K"].reshape(1, n, d), ins["V"].reshape(1, n, d)
    orders = {nm: o[0] for nm, o in _attn_orders(q, k, v, None).items()}
    wrong = _drop_second_key(q, k, v, exp.reshape(1, m, d))[0]
    return orders, {"one row drops one key": wrong}


def _sliding(sc, ins, exp):
    m, d, w = sc["M"], sc["d"], sc["window_size"]
    q, k, v = (ins[x].reshape(1, m, d) for x in "QKV")
    idx = torch.arange(m)
    dist = idx[:, None] - idx[None, :]
    vis = dist.abs() <= w
    orders = {}
    for nm, o in _attn_orders(q, k, v, vis).items():
        orders[nm] = o[0]
    off = (dist >= -w - 1) & (dist <= w)  # window one key too wide on the right
    wrong = _wrong_row(q, k, v, off, exp.reshape(1, m, d))[0]
    return orders, {"one row's window off by one": wrong}


def _conv_2d(sc, ins, exp):
    from runner.tools.shortcuts import round_to

    r, c, kr, kc = sc["input_rows"], sc["input_cols"], sc["kernel_rows"], sc["kernel_cols"]
    x, w = ins["input"].reshape(r, c), ins["kernel"].reshape(kr, kc)
    taps = [(a, b) for a in range(kr) for b in range(kc)]
    by_columns = [(a, b) for b in range(kc) for a in range(kr)]
    orders = {
        "torch conv2d fp32": torch.nn.functional.conv2d(x[None, None], w[None, None])[0, 0],
        "taps row-major, rounded products (correct_jax.py)": _conv_taps(x, w, taps),
        "taps row-major, fused multiply-add": _conv_taps(x, w, taps, fused=True),
        "taps column-major, fused multiply-add": _conv_taps(x, w, by_columns, fused=True),
        "taps reversed, rounded products": _conv_taps(x, w, taps[::-1]),
    }
    # one dropped tap of one output: x[i + a, j + b] * w[a, b]
    g = torch.Generator().manual_seed(4)
    i, j, a, b = (
        int(torch.randint(0, s, (1,), generator=g)) for s in (r - kr + 1, c - kc + 1, kr, kc)
    )
    wrong = exp.reshape(r - kr + 1, c - kc + 1).clone()
    wrong[i, j] -= x[i + a, j + b].double() * w[a, b].double()
    xt, wt = (round_to(t.double(), "tf32") for t in (x, w))
    tf32 = torch.nn.functional.conv2d(xt[None, None], wt[None, None])[0, 0]
    return orders, {"one output misses one tap": wrong, "tf32 products": tf32}


def _solution_output(slug, file, sc, ins):
    """The output of the catalog's solutions/<file> run on copies of ``ins`` (in float32)."""
    import importlib.util

    prob = problem(slug)
    spec = importlib.util.spec_from_file_location(file, CATALOG / slug / "solutions" / file)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    args = {}
    for p in prob.params:
        if not p.is_tensor:
            args[p.name] = sc[p.name]
        elif p.is_input:
            args[p.name] = ins[p.name].clone()
        else:
            args[p.name] = torch.zeros(p.shape_for(sc), dtype=F32)
    with torch.no_grad():
        mod.solve(**args)
    (out,) = [p.name for p in prob.tensor_params if p.is_output]
    return args[out]


def _block(slug, sc, ins, exp, last_product):
    """A transformer block: its fp32 solutions (torch's library calls; split products with an
    online softmax), and outputs wrong by one term of the last product in one entry (the
    entry's largest) or computed with bf16 products."""
    from runner.tools.shortcuts import _RoundedProducts

    ref = load_reference(problem(slug))
    files = sorted(p.name for p in (CATALOG / slug / "solutions").glob("correct_*pytorch.py"))
    orders = {f: _solution_output(slug, f, sc, ins) for f in files}
    hidden, w = last_product(ref, sc, ins)  # [S, K] float64 and [K, D]
    i, j = hidden.shape[0] // 2, 5
    t = int((hidden[i] * w[:, j]).abs().argmax())
    wrong = exp.clone().reshape(hidden.shape[0], -1)
    wrong[i, j] -= hidden[i, t] * w[t, j]
    with _RoundedProducts("bf16"):
        bf16 = run_reference_f64(problem(slug), ref, sc, ins)
    (out,) = bf16
    return orders, {
        "one entry misses one term": wrong.reshape(exp.shape),
        "bf16 products": bf16[out],
    }


def _gpt2_last(ref, sc, ins):
    """GELU(f) [S, 3072] of the block's MLP and W_proj, in float64."""
    s = sc["seq_len"]
    w = {k: v.double() for k, v in ref.unpack(ins["weights"]).items()}
    xs = ins["x"].reshape(s, ref.D).double()
    a = ref._layer_norm(xs, w["ln1_g"], w["ln1_b"])
    qkv = a @ w["w_qkv"] + w["b_qkv"]
    q, k, v = (
        qkv[:, i * ref.D : (i + 1) * ref.D].reshape(s, ref.HEADS, ref.HEAD_DIM).transpose(0, 1)
        for i in range(3)
    )
    p = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(ref.HEAD_DIM), dim=-1)
    h1 = xs + (p @ v).transpose(0, 1).reshape(s, ref.D) @ w["w_attn"] + w["b_attn"]
    f = ref._layer_norm(h1, w["ln2_g"], w["ln2_b"]) @ w["w_fc"] + w["b_fc"]
    gelu = 0.5 * f * (1 + torch.tanh(math.sqrt(2 / math.pi) * (f + 0.044715 * f**3)))
    return gelu, w["w_proj"]


def _llama_last(ref, sc, ins):
    """SiLU(gate) * up [S, 1408] of the block's MLP and W_down^T, in float64 (the block's
    output minus h1 is their product: h1 comes from the reference with W_down at 0)."""
    wts = ins["weights"].double().clone()
    wd = wts[ref.OFF_WDOWN :].view(ref.D, ref.FFN).clone()
    wts[ref.OFF_WDOWN :] = 0
    args = {
        "x": ins["x"].double(),
        "weights": wts,
        "cos": ins["cos"].double(),
        "sin": ins["sin"].double(),
        "seq_len": sc["seq_len"],
    }
    h1 = torch.zeros(sc["seq_len"], ref.D, dtype=torch.float64)
    ref.reference(output=h1, **args)
    w = args["weights"].reshape(-1)
    b = ref._rms_norm(h1, ref._part(w, ref.OFF_NORM2, ref.D))
    gate = b @ ref._part(w, ref.OFF_WGATE, ref.FFN, ref.D).T
    up = b @ ref._part(w, ref.OFF_WUP, ref.FFN, ref.D).T
    return torch.nn.functional.silu(gate) * up, wd.T


def _gpt2(sc, ins, exp):
    return _block("gpt2-block", sc, ins, exp, _gpt2_last)


def _llama(sc, ins, exp):
    return _block("llama-transformer-block", sc, ins, exp, _llama_last)


CASES = {
    "matrix-multiplication": _matmul,
    "matrix-power": _matrix_power,
    "batched-matrix-multiplication": _bmm,
    "multi-head-attention": _mha,
    "softmax-attention": _softmax_attention,
    "causal-attention": _causal,
    "sliding-window-attention": _sliding,
    "gpt2-block": _gpt2,
    "llama-transformer-block": _llama,
    "2d-convolution": _conv_2d,
}


def margins(slug: str, seed: int = 7, scalars: dict | None = None):
    prob, sc, ins, exp, extra, out = _setup(slug, seed, scalars)
    orders, wrongs = CASES[slug](sc, ins, exp)
    acc = {n: _check(prob, out, o, exp, extra) for n, o in orders.items()}
    rej = {n: _check(prob, out, o, exp, extra) for n, o in wrongs.items()}
    plain = {n: _check(prob, out, o, exp, None) for n, o in orders.items()}
    return sc, acc, rej, plain


# The GPU benchmark sizes, except matrix-multiplication and the three largest attention cases, cut to keep each test under
# ~30 s on a 2-core CPU (same d, window and value range; `python tests/runner/test_error_bound.py`
# runs the full benchmark sizes: M = 5000 and N = 1024).
CPU_SIZES = {
    "matrix-multiplication": {"M": 64, "K": 128},  # 64 x 128 outputs, the benchmark's N = 6144
    "matrix-power": None,
    "batched-matrix-multiplication": None,
    "multi-head-attention": {"N": 512},
    "softmax-attention": None,
    "causal-attention": {"M": 1500},
    "sliding-window-attention": {"M": 1500},
    "gpt2-block": {"seq_len": 256},
    "llama-transformer-block": {"seq_len": 512},
    # 512 x 512 input, the benchmark's 15 x 15 kernel (its accumulation length, which sets the
    # error); the float64 convolution of the full 3072 x 3072 input is for a GPU
    "2d-convolution": {"input_rows": 512, "input_cols": 512},
}


@pytest.mark.parametrize("slug", list(CASES))
def test_benchmark_size_orders_accepted_one_wrong_element_rejected(slug):
    sc, acc, rej, _ = margins(slug, scalars=CPU_SIZES[slug])
    for name, c in acc.items():
        assert c.passed, f"{slug} {sc}: correct fp32 order {name!r} rejected: {c.first_mismatch}"
        assert c.max_bound_ratio <= 0.5, (slug, name, c.max_bound_ratio)
    for name, c in rej.items():
        assert not c.passed and c.mismatches >= 1, f"{slug}: {name!r} accepted"
        assert c.max_bound_ratio >= 4, (slug, name, c.max_bound_ratio)


def test_2d_convolution_abs_reference_is_the_sum_of_absolute_products():
    """The reference run on |input|, |kernel| gives S = sum_ab |x[r+a, c+b]| |w[a, b]| per
    output (non-square kernel, odd sizes), so the allowance is 2 u sqrt(KR KC) S."""
    from runner.supervisor.verify import ERROR_BOUND_C, U32

    sizes = {"input_rows": 61, "input_cols": 47, "kernel_rows": 9, "kernel_cols": 13}
    prob, sc, ins, exp, extra, _ = _setup("2d-convolution", scalars=sizes)
    kr, kc = sc["kernel_rows"], sc["kernel_cols"]
    x = ins["input"].double().reshape(sc["input_rows"], sc["input_cols"]).abs()
    w = ins["kernel"].double().reshape(kr, kc).abs()
    rows, cols = x.shape[0] - kr + 1, x.shape[1] - kc + 1
    s = sum(w[a, b] * x[a : a + rows, b : b + cols] for a in range(kr) for b in range(kc))
    want = ERROR_BOUND_C * U32 * math.sqrt(kr * kc) * s
    torch.testing.assert_close(extra.reshape(rows, cols), want, rtol=1e-12, atol=0)


# Under the plain rule alone, a correct tap-by-tap fp32 convolution fails now and then at the
# benchmark size: on an H200, correct_jax.py was rejected on one output of one timed call (error
# 1.03 x atol + rtol |exp|). Over the benchmark's inputs for seeds 0-119 (generated on the CPU,
# full 3072 x 3072; `python -m tests.runner.test_error_bound --conv-search 0 120` on a GPU),
# each order below missed it on exactly one output; each is recomputed here, on the window of
# outputs around it, with the judge's reference and allowance.
CONV_PLAIN_MISSES = [  # (seed, fused multiply-add, output row, output column)
    (81, False, 757, 1793),
    (18, True, 2177, 1909),
]


def conv_plain_misses(seed, fused, window=None, device="cpu"):
    """Tap-by-tap fp32 (row-major taps) on the benchmark's draw ``seed`` of 2d-convolution at
    the full size, judged on the outputs [r0, r0 + h) x [c0, c0 + w) given by ``window``
    ((r0, c0, h, w); all outputs if None): (plain comparison, comparison with the error-bound
    term, window origin)."""
    prob = problem("2d-convolution")
    ref, sc, ins = benchmark_inputs(prob, seed)
    r, c, kr, kc = sc["input_rows"], sc["input_cols"], sc["kernel_rows"], sc["kernel_cols"]
    r0, c0, h, w = window or (0, 0, r - kr + 1, c - kc + 1)
    x = ins["input"].reshape(r, c)[r0 : r0 + h + kr - 1, c0 : c0 + w + kc - 1]
    sub = {"input": x.reshape(-1).to(device), "kernel": ins["kernel"].to(device)}
    ssc = {**sc, "input_rows": h + kr - 1, "input_cols": w + kc - 1}

    def run_ref(inputs):
        return run_reference_f64(prob, ref, ssc, inputs)

    exp = run_ref(sub)
    extra = error_allowance(prob.error_bound, ref, sub, exp, ssc, run_ref)["output"]
    taps = [(a, b) for a in range(kr) for b in range(kc)]
    got = _conv_taps(sub["input"].reshape(x.shape), sub["kernel"].reshape(kr, kc), taps, fused)
    got = got.cpu()
    plain = compare("output", got, exp["output"], "f32", prob.atol, prob.rtol, with_ratio=True)
    bound = _check(prob, "output", got, exp["output"], extra)
    return plain, bound, (r0, c0)


@pytest.mark.parametrize(("seed", "fused", "i", "j"), CONV_PLAIN_MISSES)
def test_2d_convolution_tap_by_tap_fp32_misses_the_plain_rule_and_meets_the_bound(
    seed, fused, i, j
):
    h = 8
    plain, bound, (r0, c0) = conv_plain_misses(seed, fused, (i - h // 2, j - h // 2, h, h))
    assert not plain.passed and plain.mismatches == 1, plain
    assert [r0 + plain.first_mismatch["index"][0], c0 + plain.first_mismatch["index"][1]] == [
        i,
        j,
    ]
    assert plain.max_bound_ratio > 1
    assert bound.passed and bound.max_bound_ratio <= 0.5, bound


if __name__ == "__main__":
    import sys
    import time

    if sys.argv[1:2] == ["--conv-search"]:  # the seeds behind CONV_PLAIN_MISSES (a GPU's work)
        dev = "cuda" if torch.cuda.is_available() else "cpu"
        for seed in range(int(sys.argv[2]), int(sys.argv[3])):
            for fused in (False, True):
                plain, bound, _ = conv_plain_misses(seed, fused, device=dev)
                print(
                    f"seed {seed} fused {fused}: plain rule {plain.max_bound_ratio:.3f} x, "
                    f"{plain.mismatches} misses (first {plain.first_mismatch and plain.first_mismatch['index']}); "
                    f"with the term {bound.max_bound_ratio:.3f} x",
                    flush=True,
                )
        sys.exit()
    for slug in sys.argv[1:] or CASES:
        t0 = time.time()
        # full 8192 x 4096 matrix product and 3072 x 3072 convolution: GPU only
        big = {
            "matrix-multiplication": {"M": 256, "K": 256},
            "2d-convolution": {"input_rows": 1024, "input_cols": 1024},
        }
        sc, acc, rej, plain = margins(slug, scalars=big.get(slug))
        print(f"{slug} {sc}")
        for n, c in acc.items():
            print(
                f"  accepted  {c.max_bound_ratio:8.3g} x allowance  (plain rule: "
                f"{'pass' if plain[n].passed else f'{plain[n].mismatches} fail'})  {n}"
            )
        for n, c in rej.items():
            print(f"  rejected  {c.max_bound_ratio:8.3g} x allowance  {n}")
        print(f"  ({time.time() - t0:.1f} s)")


# ------------------------------------------------------------------------------------------
# the [error_bound] field and the comparison, in isolation


def test_error_bound_spec_parse_and_round_trip():
    from runner.contract import ErrorBound, ProblemSpec, SpecError

    prob = problem("batched-matrix-multiplication")
    assert prob.error_bound == ErrorBound("abs_reference", "K")
    assert ProblemSpec.from_dict(prob.to_dict()).error_bound == prob.error_bound
    base = problem("vector-add").to_dict()
    assert ProblemSpec.from_dict(base).error_bound is None
    for bad, msg in (
        ({"method": "loose"}, "error_bound.method"),
        ({"method": "hook", "k": "Q*2"}, "unknown scalar 'Q'"),
        ({"method": "hook", "c": 3}, "error_bound.c: unknown field"),
        ({"method": "hook", "k": True}, "error_bound.k"),
    ):
        with pytest.raises(SpecError, match=msg.replace("*", r"\*")):
            ProblemSpec.from_dict({**base, "error_bound": bad})


def test_compare_extra_allowance_and_message():
    from runner.supervisor.verify import ERROR_BOUND_C, U32, describe

    exp = torch.tensor([1.0, 0.0, -2.0], dtype=torch.float64)
    got = torch.tensor([1.0, 3e-4, -2.0], dtype=F32)
    assert not compare("C", got, exp, "f32", 1e-5, 1e-5).passed
    c = compare("C", got, exp, "f32", 1e-5, 1e-5, torch.tensor([0.0, 5e-4, 0.0]))
    assert c.passed and 0.5 < c.max_bound_ratio < 0.6
    c = compare("C", got, exp, "f32", 1e-5, 1e-5, torch.tensor([0.0, 1e-4, 0.0]))
    assert not c.passed and c.first_mismatch["allowed"] == pytest.approx(1.1e-4)
    assert "allowed error 0.00011" in describe("t", {"N": 3}, c, (3,))
    # NaN is never accepted, whatever the allowance
    got[0] = float("nan")
    assert not compare("C", got, exp, "f32", 1e-5, 1e-5, torch.full((3,), 1e9)).passed
    assert ERROR_BOUND_C == 2.0 and U32 == 2.0**-24


def test_an_expected_infinity_is_matched_only_by_the_same_infinity():
    exp = torch.tensor([float("inf"), float("-inf"), 1.0], dtype=torch.float64)
    assert compare("C", exp.to(F32), exp, "f32", 1e-5, 1e-5).passed
    for got in ([3.0e38, float("-inf"), 1.0], [float("inf"), -3.0e38, 1.0]):
        c = compare("C", torch.tensor(got, dtype=F32), exp, "f32", 1e-5, 1e-2)
        assert not c.passed and c.mismatches == 1
    flipped = torch.tensor([float("-inf"), float("-inf"), 1.0], dtype=F32)
    assert not compare("C", flipped, exp, "f32", 1e-5, 1e-2, torch.full((3,), 1e9)).passed


def test_hook_missing_is_an_error():
    from runner.contract import ErrorBound

    class NoHook:
        pass

    with pytest.raises(RuntimeError, match="error_scale"):
        error_allowance(
            ErrorBound("hook"),
            NoHook(),
            {"A": torch.ones(2)},
            {"C": torch.ones(2)},
            {},
            lambda ins: ins,
        )
