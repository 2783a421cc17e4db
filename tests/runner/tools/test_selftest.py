"""runner/tools/selftest.py: a language passes its self-test only when the real judge accepts
a known-correct solution of it; anything else is a failure in the judge's words."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from runner.tools import selftest

ROOT = Path(__file__).resolve().parents[3]


def test_pytorch_passes_on_the_cpu_through_the_real_judge() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "runner", "selftest", "--device", "cpu", "--language", "pytorch",
         "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    (check,) = report["checks"]
    assert (check["language"], check["ok"], check["verdict"]) == ("pytorch", True, "accepted")
    assert check["version"].startswith("2.")


def test_a_rejected_known_solution_fails_with_the_judges_message() -> None:
    def judge(spec):
        return SimpleNamespace(verdict="compile_error", message=f"no compiler for {spec.language}")

    (check,) = selftest.selftest("cpu", only=["triton"], judge=judge)
    assert (check.ok, check.verdict, check.reason) == (
        False,
        "compile_error",
        "no compiler for triton",
    )
    assert check.version == ""


def test_a_language_without_a_known_solution_fails(tmp_path: Path) -> None:
    problem = tmp_path / "vector-add"
    (problem / "solutions").mkdir(parents=True)
    for name in ("problem.toml", "reference.py", "statement.md"):
        (problem / name).write_text((selftest.DEFAULT_PROBLEM / name).read_text())
    (check,) = selftest.selftest("cpu", problem_dir=problem, only=["jax"], judge=None)
    assert not check.ok and "no known-correct jax solution" in check.reason


def test_a_judge_that_raises_is_that_languages_failure() -> None:
    def judge(spec):
        raise RuntimeError("the child could not start")

    (check,) = selftest.selftest("cpu", only=["pytorch"], judge=judge)
    assert not check.ok and check.reason == "RuntimeError: the child could not start"
