"""Shared helpers for the runner tests."""

from __future__ import annotations

from pathlib import Path

from runner.spec import JobSpec, Limits, ProblemSpec

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "problems" / "catalog"
VECTOR_ADD = CATALOG / "vector-add"

# small and fast: the suite must stay quick on a 2-core CI box
FAST = Limits(
    test_timeout_s=60,
    benchmark_budget_s=1.0,
    min_timed_runs=5,
    max_timed_runs=40,
    compile_timeout_s=120,
)


def problem(slug: str = "vector-add") -> ProblemSpec:
    return ProblemSpec.from_dir(CATALOG / slug)


def job(
    source: str,
    language: str = "pytorch",
    mode: str = "submit",
    device: str = "cpu",
    slug: str = "vector-add",
    limits: Limits = FAST,
    seed: int = 1234,
) -> JobSpec:
    return JobSpec(
        problem=problem(slug),
        source=source,
        language=language,
        mode=mode,
        device=device,
        seed=seed,
        limits=limits,
    )
