"""dot-product's tolerance against sums a solution may compute (no GPU): for each test size,
the largest |got - expected| over the allowance (the judge's own comparison,
runner/supervisor/checks.py, with the fp32 error term of
problems/catalog/dot-product/reference.py) of correct single-precision orders over draws, and
the smallest of the shortcuts, each stored as float32 as a solution's result is; then how
often inputs rounded to half precision pass.

    .venv/bin/python bench/probes/2026-11-29/dot_product_tolerance.py > \
        bench/results/catalog_lint/2026-11-29-dot-product-tolerance.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from runner.contract import ProblemSpec  # noqa: E402
from runner.supervisor.checks import compare_output, expected_and_allowance  # noqa: E402
from runner.supervisor.inputs import load_reference  # noqa: E402

PROBLEM = ProblemSpec.from_dir(Path(__file__).resolve().parents[3] / "problems/catalog/dot-product")
REF = load_reference(PROBLEM)
RESULT = next(p for p in PROBLEM.tensor_params if p.name == "result")
SIZES = [(1000, -1.0), (10_000, -1.0), (1_000_003, 0.0), (10_000_000, -1.0)]


def draw(n: int, lo: float, seed: int) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    return torch.rand(n, generator=g) * (1 - lo) + lo, torch.rand(n, generator=g) * (1 - lo) + lo


def padded_rows(p: torch.Tensor, width: int) -> torch.Tensor:
    return torch.nn.functional.pad(p, (0, -p.numel() % width)).view(-1, width)


def candidates(a: torch.Tensor, b: torch.Tensor) -> dict[str, float]:
    p = a * b
    n = a.numel()
    return {
        "correct: torch.dot": torch.dot(a, b).item(),
        "correct: rows of 1024, then their sum": padded_rows(p, 1024).sum(1).sum().item(),
        "correct: blocks of 256, one serial sum of the blocks": float(
            np.add.accumulate(padded_rows(p, 256).sum(1).numpy(), dtype=np.float32)[-1]
        ),
        "correct: one serial accumulator": float(
            np.add.accumulate(p.numpy(), dtype=np.float32)[-1]
        ),
        "shortcut: inputs in half precision": torch.dot(
            a.half().double(), b.half().double()
        ).item(),
        "shortcut: inputs in bfloat16": torch.dot(
            a.bfloat16().double(), b.bfloat16().double()
        ).item(),
        "shortcut: 0": 0.0,
        "shortcut: first 1/8, scaled up": 8
        * torch.dot(a[: n // 8].double(), b[: n // 8].double()).item(),
    }


def ratio(a: torch.Tensor, b: torch.Tensor, n: int, got: float) -> float:
    expected, extra = expected_and_allowance(PROBLEM, REF, {"A": a, "B": b}, {"N": n})
    stored = torch.tensor([got], dtype=torch.float32)
    return compare_output(
        PROBLEM, RESULT, stored, expected["result"], extra["result"]
    ).max_bound_ratio


def main() -> None:
    print("ratio = |got - expected| / allowance; correct: largest over draws, shortcut: smallest")
    for n, lo in SIZES:
        draws = 6 if n < 10_000_000 else 4
        worst: dict[str, float] = {}
        for seed in range(draws):
            a, b = draw(n, lo, seed)
            for name, got in candidates(a, b).items():
                r = ratio(a, b, n, got)
                keep = max if name.startswith("correct") else min
                worst[name] = keep(worst.get(name, r), r)
        print(f"\nN = {n:,}, values in [{lo:g}, 1), {draws} draws")
        for name, r in worst.items():
            print(f"  {name:55s} {r:.3g}")
    print()
    for n in (1000, 10_000):
        draws = 2000
        passed = 0
        for seed in range(draws):
            a, b = draw(n, -1.0, 10_000 + seed)
            passed += ratio(a, b, n, torch.dot(a.half().double(), b.half().double()).item()) <= 1
        print(f"N = {n:,}: inputs in half precision pass {passed} of {draws} draws")


if __name__ == "__main__":
    main()
