"""The self-tests a worker runs to learn which languages it can judge on its device.

    python -m runner selftest [--device cpu|cuda] [--problem DIR] [--language L ...] [--json]

Each language that runs on the device judges a known-correct solution of a small problem (the
catalog's vector add: its ``correct_*`` file of that language) through the real judge in mode
run: the build, the sandboxed child, the functional tests. The language passes only when that
judgement is accepted; anything else (no compiler, a package missing, a child that cannot
start) is a failure with the judge's own message. A worker advertises the languages that pass
(judge/management/commands/judge_worker.py), and the site offers only those.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from runner.contract import JobSpec, Limits, ProblemSpec, SpecError, languages

DEFAULT_PROBLEM = Path(__file__).resolve().parents[2] / "problems" / "catalog" / "vector-add"


@dataclass(frozen=True)
class LanguageCheck:
    language: str
    ok: bool
    # the judge's verdict of the known-correct solution ("" when none could be judged)
    verdict: str
    # why it failed, in the judge's words ("" when it passed)
    reason: str
    # the language's package version, where it is a Python package ("" otherwise)
    version: str
    seconds: float


def package_version(language: str) -> str:
    """The version its plug-in reports (its Python distribution's, "" where it has none)."""
    from runner.supervisor.language import plugin  # noqa: PLC0415

    return plugin(language).version()


def known_solution(problem_dir: Path, language: str) -> Path | None:
    record = languages.language(language)
    found = sorted(
        p
        for p in (problem_dir / "solutions").glob("correct_*")
        if languages.language_of_file(p.name) == record.name
    )
    return found[0] if found else None


Judge = Callable[[JobSpec], object]


def check_language(
    problem: ProblemSpec, problem_dir: Path, language: str, device: str, judge: Judge
) -> LanguageCheck:
    started = time.monotonic()
    solution = known_solution(problem_dir, language)
    if solution is None:
        return LanguageCheck(
            language, False, "", f"no known-correct {language} solution in {problem_dir}", "", 0.0
        )
    limits = Limits(benchmark_budget_s=0.5, max_timed_runs=3, min_timed_runs=1)
    spec = JobSpec(problem, solution.read_text(), language, "run", device, 20261128, limits)
    try:
        result = judge(spec)
        verdict, message = str(result.verdict), str(result.message or "")
    except Exception as exc:  # noqa: BLE001 - a harness failure is this language's failure
        verdict, message = "", f"{type(exc).__name__}: {exc}"
    ok = verdict == "accepted"
    return LanguageCheck(
        language,
        ok,
        verdict,
        "" if ok else message or f"the known-correct solution got {verdict}",
        package_version(language) if ok else "",
        round(time.monotonic() - started, 3),
    )


def selftest(
    device: str,
    *,
    problem_dir: Path = DEFAULT_PROBLEM,
    only: list[str] | None = None,
    judge: Judge | None = None,
) -> list[LanguageCheck]:
    """One check per language that runs on ``device`` (or each of ``only``)."""
    if judge is None:
        from runner import judge as judge  # noqa: PLC0415 - torch is imported only here
    problem = ProblemSpec.from_dir(problem_dir)
    names = only or list(languages.on_device(device))
    return [check_language(problem, problem_dir, name, device, judge) for name in names]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m runner selftest", description=__doc__)
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--problem", type=Path, default=DEFAULT_PROBLEM)
    ap.add_argument("--language", action="append", choices=list(languages.RECORDS))
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = ap.parse_args(argv)
    try:
        checks = selftest(args.device, problem_dir=args.problem, only=args.language)
    except SpecError as exc:
        print(f"selftest: the self-test problem does not load: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"device": args.device, "checks": [asdict(c) for c in checks]}))
    else:
        for c in checks:
            state = f"ok {c.version}".rstrip() if c.ok else f"FAILED ({c.verdict or 'no verdict'})"
            print(f"{c.language:10} {state:24} {c.seconds:6.2f} s  {c.reason[:200]}")
    return 0 if checks and all(c.ok for c in checks) else 1


if __name__ == "__main__":
    raise SystemExit(main())
