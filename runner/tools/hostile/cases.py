"""The hostile corpus on disk: ``tests/hostile/cases/<name>/case.toml`` read into ``Case``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
CASES_DIR = REPO / "tests" / "hostile" / "cases"
ALL_CHECKS = ("files", "redis", "postgres", "processes", "secrets", "supervisor")
DEFAULT_LIMITS = {
    "test_timeout_s": 4.0,
    "benchmark_budget_s": 1.0,
    "compile_timeout_s": 30.0,
    # every timed call is compared (docs/judging.md): on a loaded 2-core host a CPU case's
    # comparisons of 1e6 elements take a second or more each
    "job_timeout_s": 120.0,
    "min_timed_runs": 3,
    "max_timed_runs": 40,
    "host_memory_bytes": 2 << 30,
}


@dataclass
class Case:
    name: str
    dir: Path
    why: str
    language: str
    device: str
    problem: str
    mode: str
    source: str
    expected: list[str]
    checks: list[str]
    forbidden: list[str] = field(default_factory=list)
    limits: dict = field(default_factory=dict)
    # an "accepted" verdict counts as contained only with one of these flags on the result
    # (for example "time_from_supervisor_clock": the forged time was replaced by the bound)
    accepted_with_flags: list[str] = field(default_factory=list)
    # or, without them, only with a score of at least this (the forgery's real work, timed)
    accepted_at_least_ms: float | None = None
    # a CUDA case of the GPU device that is also judged on the CPU device, through the emulation
    # (docs/languages/cuda.md), with these verdicts; empty: the GPU only
    cpu_expected: list[str] = field(default_factory=list)


def on_the_cpu(case: Case) -> Case:
    """The CPU device's run of a GPU case that names ``cpu_expected`` (``<name>@cpu``)."""
    return replace(case, name=f"{case.name}@cpu", device="cpu", expected=case.cpu_expected)


def load_cases(cases_dir: Path = CASES_DIR) -> list[Case]:
    out = []
    for d in sorted(p for p in cases_dir.iterdir() if (p / "case.toml").is_file()):
        t = tomllib.loads((d / "case.toml").read_text())
        src = t.get("source") or next(
            (f.name for f in d.iterdir() if f.name.startswith("solution")), ""
        )
        out.append(
            Case(
                name=d.name,
                dir=d,
                why=t["why"],
                language=t.get("language", "pytorch"),
                device=t.get("device", "cpu"),
                problem=t.get("problem", "vector-add"),
                mode=t.get("mode", "run"),
                source=src,
                expected=list(t["expected"]),
                checks=list(t.get("checks", ALL_CHECKS)),
                forbidden=list(t.get("forbidden", [])),
                limits=dict(t.get("limits", {})),
                accepted_with_flags=list(t.get("accepted_with_flags", [])),
                accepted_at_least_ms=t.get("accepted_at_least_ms"),
                cpu_expected=list(t.get("cpu_expected", [])),
            )
        )
    return out


def load_cases_with_cpu_runs(cases_dir: Path = CASES_DIR) -> list[Case]:
    """Every case, and after each GPU case that names ``cpu_expected`` its CPU run."""
    out = []
    for case in load_cases(cases_dir):
        out.append(case)
        if case.device == "cuda" and case.cpu_expected:
            out.append(on_the_cpu(case))
    return out
