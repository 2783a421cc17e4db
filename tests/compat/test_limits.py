"""Every catalog test and benchmark stays inside the limits LeetGPU states for its challenge.

A solution written against LeetGPU's statement may assume those limits (a block of at most 128
head dimensions, at most 1000 classes, logits in [-10, 10]...), so no case here goes beyond
them. The only cases that do are the ones LeetGPU's own timed case goes beyond too; they are
written into the limit below as that exact case.

Sizes are checked for every test and benchmark; value ranges where the case spells them out
(explicit values, or a bounded distribution: uniform, randint, const, zeros, ones).
"""

from __future__ import annotations

import re

import pytest

from ..runner.helpers import CATALOG, problem

E8 = 100_000_000


def _odd(n: int) -> bool:
    return n % 2 == 1


# slug -> predicate over the case's scalars (LeetGPU's stated constraints)
SIZES = {
    "1d-convolution": lambda s: (
        1 <= s["kernel_size"] <= min(2047, s["input_size"]) and s["input_size"] <= 1_500_000
    ),
    "2d-convolution": lambda s: (
        s["input_rows"] <= 3072
        and s["input_cols"] <= 3072
        and 1 <= s["kernel_rows"] <= min(31, s["input_rows"])
        and 1 <= s["kernel_cols"] <= min(31, s["input_cols"])
    ),
    "2d-max-pooling": lambda s: (
        s["N"] <= 100
        and s["C"] <= 512
        and s["H"] <= 1024
        and s["W"] <= 1024
        and 1 <= s["kernel_size"] <= 16
        and 1 <= s["stride"] <= 16
        and 0 <= s["padding"] <= 16
    ),
    "3d-convolution": lambda s: all(
        s[f"input_{a}"] <= 256 and 1 <= s[f"kernel_{a}"] <= min(5, s[f"input_{a}"])
        for a in ("depth", "rows", "cols")
    ),
    "batch-normalization": lambda s: s["N"] <= 10_000 and s["C"] <= 1024,
    "batched-matrix-multiplication": lambda s: (
        s["BATCH"] <= 128 and max(s["M"], s["N"], s["K"]) <= 1024
    ),
    "categorical-cross-entropy-loss": lambda s: s["N"] <= 10_000 and 2 <= s["C"] <= 1000,
    "causal-attention": lambda s: s["M"] <= 10_000 and s["d"] <= 128,
    # LeetGPU's timed case is 4096 x 5120, beyond its own 4096 and 8,388,608 limits
    "color-inversion": lambda s: (
        (s["width"], s["height"]) == (4096, 5120)
        or (s["width"] <= 4096 and s["height"] <= 4096 and s["width"] * s["height"] <= 8_388_608)
    ),
    "count-array-element": lambda s: s["N"] <= E8 and 1 <= s["K"] <= 100_000,
    "dot-product": lambda s: s["N"] <= E8,
    "fast-fourier-transform": lambda s: s["N"] <= 262_144,
    "fp16-batched-matmul": lambda s: s["BATCH"] <= 128 and max(s["M"], s["N"], s["K"]) <= 1024,
    "fp16-dot-product": lambda s: s["N"] <= E8,
    "fused-residual-add-rms-norm": lambda s: s["N"] <= 65_536 and s["C"] <= 65_536,
    "gaussian-blur": lambda s: (
        s["input_rows"] <= 4096
        and s["input_cols"] <= 4096
        and all(3 <= s[k] <= 21 and _odd(s[k]) for k in ("kernel_rows", "kernel_cols"))
    ),
    "geglu": lambda s: s["N"] <= 1_000_000 and s["N"] % 2 == 0,
    "gemm": lambda s: all(16 <= s[k] <= 4096 for k in ("M", "N", "K")),
    "histogramming": lambda s: s["N"] <= E8 and 1 <= s["num_bins"] <= 1024,
    # LeetGPU's timed case is M = 8192, N = 4096, K = 2048, above its own 4096
    "int8-quantized-matmul": lambda s: (
        (s["M"], s["N"], s["K"]) == (8192, 4096, 2048) or max(s["M"], s["N"], s["K"]) <= 4096
    ),
    "interleave": lambda s: s["N"] <= 50_000_000,
    "jacobi-stencil-2d": lambda s: s["rows"] <= 16_384 and s["cols"] <= 16_384,
    "leaky-relu": lambda s: s["N"] <= E8,
    "linear-attention": lambda s: s["M"] <= 10_000 and s["d"] <= 128,
    "linear-recurrence": lambda s: s["B"] <= 256 and s["L"] <= 65_536,
    "matrix-addition": lambda s: s["N"] <= 4096,
    "matrix-copy": lambda s: s["N"] <= 4096,
    "matrix-multiplication": lambda s: max(s["M"], s["N"], s["K"]) <= 8192,
    "matrix-power": lambda s: s["N"] <= 1024 and 1 <= s["P"] <= 20,
    "matrix-transpose": lambda s: s["rows"] <= 8192 and s["cols"] <= 8192,
    "mean-squared-error": lambda s: s["N"] <= E8,
    "multi-head-attention": lambda s: (
        s["N"] <= 10_000
        and 2 <= s["d_model"] <= 1024
        and 1 <= s["h"] <= s["d_model"]
        and s["d_model"] % s["h"] == 0
    ),
    "parallel-merge": lambda s: s["M"] + s["N"] <= 50_000_000,
    "prefix-sum": lambda s: s["N"] <= E8,
    "radix-sort": lambda s: s["N"] <= E8,
    "rainbow-table": lambda s: s["N"] <= 10_000_000 and 1 <= s["R"] <= 100,
    "reduction": lambda s: s["N"] <= E8,
    "relu": lambda s: s["N"] <= E8,
    "reverse-array": lambda s: s["N"] <= E8,
    "rgb-to-grayscale": lambda s: (
        s["width"] <= 4096 and s["height"] <= 4096 and s["width"] * s["height"] <= 4_194_304
    ),
    "rms-normalization": lambda s: (
        s["N"] <= 100_000 and 0.1 <= s["gamma"] <= 10 and -10 <= s["beta"] <= 10
    ),
    # LeetGPU's timed case has M = 1,048,576, above its own M <= 10,000
    "rope-embedding": lambda s: s["M"] <= 1_048_576 and s["D"] <= 10_000 and s["D"] % 2 == 0,
    "segmented-prefix-sum": lambda s: s["N"] <= E8,
    "sigmoid": lambda s: s["N"] <= E8,
    # LeetGPU's timed case has N = 50,000, above its own N <= 10,000
    "silu": lambda s: s["N"] <= 50_000,
    "sliding-window-attention": lambda s: (
        s["M"] <= 10_000 and s["d"] <= 128 and 1 <= s["window_size"] <= 32
    ),
    "softmax": lambda s: s["N"] <= 500_000,
    "softmax-attention": lambda s: max(s["M"], s["N"]) <= 100_000 and s["d"] <= 128,
    "sorting": lambda s: s["N"] <= 1_000_000,
    "sparse-matrix-vector-multiplication": lambda s: s["M"] <= 10_000 and s["N"] <= 10_000,
    "stream-compaction": lambda s: s["N"] <= E8,
    "subarray-sum": lambda s: s["N"] <= E8 and 0 <= s["S"] <= s["E"] <= s["N"] - 1,
    "swiglu": lambda s: s["N"] <= 100_000 and s["N"] % 2 == 0,
    "top-k-selection": lambda s: 1 <= s["k"] <= s["N"] <= E8,
    "value-clipping": lambda s: s["N"] <= 100_000 and s["lo"] <= s["hi"],
    "vector-add": lambda s: s["N"] <= E8,
    "weight-dequantization": lambda s: (
        s["M"] <= 8192 and s["N"] <= 8192 and s["TILE_SIZE"] in (16, 32, 64, 128)
    ),
}

# slug -> {tensor: (lo, hi)}: LeetGPU's stated value ranges (inclusive)
VALUES = {
    "batch-normalization": {"input": (-100, 100), "gamma": (0.1, 10), "beta": (-10, 10)},
    "categorical-cross-entropy-loss": {"logits": (-10, 10)},
    "causal-attention": {t: (-100, 100) for t in "QKV"},
    "count-array-element": {"input": (1, 100_000)},
    "fused-residual-add-rms-norm": {"x": (-10, 10), "residual": (-10, 10), "weight": (0.5, 1.5)},
    "geglu": {"input": (-100, 100)},
    "jacobi-stencil-2d": {"input": (-100, 100)},
    "leaky-relu": {"input": (-1000, 1000)},
    "linear-attention": {t: (-100, 100) for t in "QKV"},
    "matrix-power": {"input": (-10, 10)},
    "mean-squared-error": {"predictions": (-1000, 1000), "targets": (-1000, 1000)},
    "multi-head-attention": {t: (-10, 10) for t in "QKV"},
    "prefix-sum": {"input": (-1000, 1000)},
    "reduction": {"input": (-1000, 1000)},
    "rgb-to-grayscale": {"input": (0, 255)},
    "rms-normalization": {"input": (-100, 100)},
    "segmented-prefix-sum": {"values": (-100, 100)},
    "silu": {"input": (-100, 100)},
    "sliding-window-attention": {t: (-100, 100) for t in "QKV"},
    "stream-compaction": {"A": (-1000, 1000)},
    "subarray-sum": {"input": (1, 10)},
    "swiglu": {"input": (-100, 100)},
    "value-clipping": {"input": (-1e6, 1e6)},
}

_DIST = re.compile(r"^(uniform|sorted_uniform|randint|const)\((.*)\)$")


def _dist_range(dist: str) -> tuple[float, float] | None:
    """Closed range a distribution can draw from, or None if it is unbounded or unknown."""
    if dist == "zeros":
        return (0.0, 0.0)
    if dist == "ones":
        return (1.0, 1.0)
    m = _DIST.match(dist.replace(" ", ""))
    if not m:
        return None
    args = [float(a) for a in m.group(2).split(",")]
    if m.group(1) == "const":
        return (args[0], args[0])
    if m.group(1) == "randint":
        return (args[0], args[1] - 1)
    return (args[0], args[1])


def _cases(slug: str):
    prob = problem(slug)
    for t in prob.tests:
        yield f"test {t.name!r}", t.scalars, t.values, t.dist
    for b in prob.benchmarks:
        yield f"benchmark {b.name!r}", b.scalars, {}, b.dist


def test_limits_name_the_57_shared_problems():
    slugs = {p.name for p in CATALOG.iterdir() if (p / "problem.toml").exists()}
    assert len(SIZES) == 57
    assert set(SIZES) <= slugs
    assert set(VALUES) <= set(SIZES)


@pytest.mark.parametrize("slug", sorted(SIZES))
def test_sizes_within_leetgpu_limits(slug):
    beyond = [where for where, scalars, _, _ in _cases(slug) if not SIZES[slug](scalars)]
    assert not beyond, f"{slug}: beyond LeetGPU's stated limits: {beyond}"


@pytest.mark.parametrize("slug", sorted(VALUES))
def test_values_within_leetgpu_ranges(slug):
    prob = problem(slug)
    defaults = {p.name: p.dist for p in prob.tensor_params}
    beyond = []
    for where, _, values, dists in _cases(slug):
        for name, (lo, hi) in VALUES[slug].items():
            if name in values:
                got = (min(values[name]), max(values[name]))
            else:
                dist = dists.get(name) or defaults.get(name)
                got = _dist_range(dist) if dist else None
            if got is not None and (got[0] < lo or got[1] > hi):
                beyond.append(f"{where} {name} in [{got[0]}, {got[1]}]")
    assert not beyond, f"{slug}: values beyond LeetGPU's stated ranges: {beyond}"
