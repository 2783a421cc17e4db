"""softmax's tolerance admits every correct single-precision softmax, as its statement promises:
the library's own `torch.softmax` on the CPU at N = 500,000 (whose sum of exponentials carries
a relative error of about 2.5e-5) is accepted, and a wrong element is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner import judge
from runner.contract import JobSpec, Limits, ProblemSpec

SOFTMAX = Path(__file__).resolve().parents[3] / "problems" / "catalog" / "softmax"
LIBRARY = (
    "import torch\n\n\ndef solve(input, output, N):\n    torch.softmax(input, dim=0, out=output)\n"
)
ONE_WRONG = LIBRARY + "    output[N // 2] *= 1.001\n"
LIMITS = Limits(benchmark_budget_s=0.2, max_timed_runs=2, min_timed_runs=1)


@pytest.mark.parametrize(
    ("source", "verdict"), [(LIBRARY, "accepted"), (ONE_WRONG, "wrong_answer")]
)
def test_the_library_softmax_passes_every_test_and_a_wrong_element_fails(source, verdict) -> None:
    problem = ProblemSpec.from_dir(SOFTMAX)
    assert any(t.scalars.get("N") == 500_000 for t in problem.tests)
    result = judge(JobSpec(problem, source, "pytorch", "submit", "cpu", 20261128, LIMITS))
    assert result.verdict == verdict, result.message
