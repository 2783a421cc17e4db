"""mean-squared-error's inputs exercise float32's precision (reference.make_inputs, variant
"fp32"; docs/judging.md, "The catalog lint"): they stay in [-1000, 1000], their differences are
exact in float32, and rounded to TF32, fp16 or bf16 every difference of a call moves the same
way, so the mean of the squares misses the tolerance by far, while float32 sums in the orders a
solution uses pass the judge's comparison at the CPU's timed size."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch

from runner.contract import ProblemSpec
from runner.supervisor.checks import compare_output, expected_and_allowance
from runner.supervisor.inputs import derive_seed, generate_inputs, load_reference
from runner.tools.shortcuts import round_to

PACKAGE = Path(__file__).resolve().parents[3] / "problems" / "catalog" / "mean-squared-error"
FORMATS = ("tf32", "fp16", "bf16")


@pytest.fixture(scope="module")
def package():
    problem = ProblemSpec.from_dir(PACKAGE)
    return problem, load_reference(problem)


def _inputs(package, n: int, seed: int) -> dict:
    problem, reference = package
    bench = replace(problem.benchmarks[0], cpu_scalars={"N": n})
    assert bench.variant == "fp32"
    return generate_inputs(problem, bench, seed, "cpu", reference.make_inputs)


def test_the_inputs_are_in_range_with_exact_differences_that_all_round_one_way(package):
    directions = set()
    for seed in range(8):
        ins = _inputs(package, 4099, derive_seed(20261130, "mse", seed))
        p, t = ins["predictions"], ins["targets"]
        assert p.dtype == t.dtype == torch.float32
        assert p.abs().max() <= 1000 and t.abs().max() <= 1000
        d = p.double() - t.double()
        assert torch.equal((p - t).double(), d)  # the float32 subtraction is exact
        assert 128 <= d.abs().min() and d.abs().max() < 1024
        for fmt in FORMATS:
            moved = torch.sign(round_to(d, fmt).abs() - d.abs())
            assert moved.abs().min() == 1 and moved.unique().numel() == 1, fmt
        directions.add(float(moved[0]))
    assert directions == {-1.0, 1.0}  # each call draws its direction from the seed
    first, again = (_inputs(package, 4099, derive_seed(20261130, "mse", 0)) for _ in range(2))
    assert torch.equal(first["targets"], again["targets"])  # a function of the seed


def _tree(x: np.ndarray) -> np.ndarray:
    while x.shape[-1] > 1:
        half = x.shape[-1] // 2
        x = (x[..., :half] + x[..., half:]).astype(np.float32)
    return x[..., 0]


def _honest(p: torch.Tensor, t: torch.Tensor) -> dict[str, float]:
    """Float32 means of the squared differences in the orders solutions use."""
    n = p.numel()
    sq = ((p - t) ** 2).numpy()
    blocks = np.zeros(-(-n // 256) * 256, np.float32)
    blocks[:n] = sq
    per_block = _tree(blocks.reshape(-1, 256))  # a shuffle tree per block of 256
    return {
        "torch.mean": float(torch.mean((p - t) ** 2)),
        "rows of 256 (torch), then their sum": float(
            torch.from_numpy(blocks).view(-1, 256).sum(1).sum() / n
        ),
        "one atomic add of sum/N per block": float(
            np.add.accumulate(per_block / np.float32(n), dtype=np.float32)[-1]
        ),
        "one atomic add per block, then /N": float(
            np.add.accumulate(per_block[::-1], dtype=np.float32)[-1] / np.float32(n)
        ),
    }


def test_rounded_differences_fail_and_float32_sums_pass_at_the_timed_cpu_size(package):
    problem, reference = package
    n = problem.benchmarks[0].cpu_scalars["N"]
    ins = _inputs(package, n, derive_seed(20261130, "mse", "timed"))
    expected, extra = expected_and_allowance(problem, reference, ins, {"N": n})
    param = problem.param("mse")

    def judged(value: float):
        got = torch.tensor([value], dtype=torch.float32)
        return compare_output(problem, param, got, expected["mse"], extra.get("mse"), ratio=True)

    for order, value in _honest(ins["predictions"], ins["targets"]).items():
        cmp = judged(value)
        assert cmp.passed and cmp.max_bound_ratio < 0.5, (order, cmp.max_bound_ratio)
    d = ins["predictions"].double() - ins["targets"].double()
    for fmt in FORMATS:
        cmp = judged(float((round_to(d, fmt) ** 2).mean()))
        assert not cmp.passed and cmp.max_bound_ratio > 20, (fmt, cmp.max_bound_ratio)
