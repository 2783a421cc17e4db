"""Every catalog CUDA solution judged on the CPU through the emulation, through the real runner
and sandbox: each correct_*.cu accepted on the tests of a Run (judged as a submit of those
tests), each wrong_*.cu rejected
(neither a compile error nor the judge's own failure) by the CPU's tests of a submit (every test
the CPU runs, stopping at the first failure, without the benchmark). The exceptions, correct
solutions using a construct the emulation does not run, must end in a compile error that names
the construct (docs/languages/cuda.md, "Catalog exceptions"). ``KJ_CUDA_CPU_SWEEP=full`` judges
the correct ones on every CPU test too (slower: the large CPU tests under the emulation).

One test per problem (``--durations`` shows each; the marker ``cuda_cpu_sweep`` selects them
all); one native child per solution. The diagnostics that follow a failing CPU judgement of CUDA
are off here (KERNELJUDGE_CUDA_DIAGNOSTICS=off: test_programs.py and test_diagnostics.py test
them): the sweep checks verdicts."""

from __future__ import annotations

import dataclasses
import os
import time

import pytest

from runner.contract import JobSpec, Limits, ProblemSpec
from runner.contract.vocabulary import language_of_file
from tests.runner.helpers import CATALOG

# correct solutions the emulation does not run, and the words its compile error names them by
UNSUPPORTED = {
    "gemm/correct_wmma.cu": "mma",
    "bf16-gemm-fp32-accumulate/correct_wmma.cu": "mma",
}
LIMITS = Limits(test_timeout_s=60, compile_timeout_s=120)
SEED = 20261128
PROBLEMS = sorted(p for p in CATALOG.iterdir() if (p / "problem.toml").is_file())

pytestmark = [pytest.mark.cuda_cpu_sweep, pytest.mark.timeout(900)]


def cuda_solutions(package) -> list:
    return sorted(
        p
        for p in (package / "solutions").glob("*")
        if language_of_file(p.name) == "cuda" and p.name.startswith(("correct_", "wrong_"))
    )


def without_benchmarks(problem: ProblemSpec) -> ProblemSpec:
    return dataclasses.replace(problem, benchmarks=())


def run_tests_only(problem: ProblemSpec) -> ProblemSpec:
    """The tests a Run judges (the public ones and the first), as the whole problem."""
    tests = tuple(t for i, t in enumerate(problem.tests) if t.public or i == 0)
    return dataclasses.replace(problem, tests=tests)


def test_every_catalog_problem_has_a_correct_and_a_wrong_cuda_solution_the_cpu_judges():
    for package in PROBLEMS:
        names = [p.name for p in cuda_solutions(package)]
        runnable = [n for n in names if f"{package.name}/{n}" not in UNSUPPORTED]
        assert any(n.startswith("correct_") for n in runnable), package.name
        assert any(n.startswith("wrong_") for n in runnable), package.name


@pytest.mark.parametrize("package", PROBLEMS, ids=[p.name for p in PROBLEMS])
def test_catalog_cuda_solutions_judged_on_the_cpu(package, monkeypatch):
    from runner import judge  # noqa: PLC0415 - judging imports torch

    monkeypatch.setenv("KERNELJUDGE_CUDA_DIAGNOSTICS", "off")
    problem = without_benchmarks(ProblemSpec.from_dir(package))
    full = os.environ.get("KJ_CUDA_CPU_SWEEP") == "full"
    failures = []
    for path in cuda_solutions(package):
        key = f"{package.name}/{path.name}"
        run_only = path.name.startswith("correct_") and not full
        mode = "run's tests" if run_only else "submit"
        spec = run_tests_only(problem) if run_only else problem
        t0 = time.monotonic()
        r = judge(JobSpec(spec, path.read_text(), "cuda", "submit", "cpu", SEED, LIMITS))
        seconds = time.monotonic() - t0
        detail = f"{key} ({mode}): {r.verdict}: {r.message} ({seconds:.1f} s)"
        print(detail)
        if key in UNSUPPORTED:
            if r.verdict != "compile_error" or UNSUPPORTED[key] not in r.message:
                failures.append(f"{detail}\n  expected a compile error naming {UNSUPPORTED[key]}")
        elif path.name.startswith("correct_"):
            if r.verdict != "accepted":
                failures.append(f"{detail}\n{r.compile_log[-1500:]}{(r.details or '')[-1500:]}")
        elif r.verdict in ("accepted", "compile_error", "internal_error"):
            failures.append(f"{detail}\n{r.compile_log[-1500:]}{(r.details or '')[-1500:]}")
        if r.verdict != "compile_error":
            assert "cuda_cpu_emulation" in r.flags and r.device.get("emulation") == "cuda"
    assert not failures, "\n".join(failures)
