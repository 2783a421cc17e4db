"""The hostile corpus on disk: ``tests/hostile/cases/<name>/case.toml`` read into ``Case``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
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
            )
        )
    return out
