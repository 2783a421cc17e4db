"""Validation of a problem package: the schema, the reference, the solutions and the starters.

Every check goes through the real judge: a correct solution must be accepted, a wrong one must
get any other verdict, every starter must compile (CUDA, with nvcc) or import (Python).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

from runner.contract import (
    LANGUAGES,
    JobSpec,
    Limits,
    ProblemSpec,
    SpecError,
    language_of_file,
)
from runner.supervisor.stats import geomean


@dataclass
class Check:
    what: str
    ok: bool
    detail: str = ""
    verdict: str | None = None
    score_ms: float | None = None
    baseline_ms: float | None = None
    seconds: float = 0.0


@dataclass
class PackageReport:
    slug: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)

    def to_dict(self) -> dict:
        return {"slug": self.slug, "ok": self.ok, "checks": [asdict(c) for c in self.checks]}


# The verdicts that catch a wrong solution: a judgement of its output or of its run. Never
# `rejected` (the timing harness's own checks, run after every test passed), `compile_error`
# (a fixture that never ran) or `internal_error` (the harness failed): a wrong solution
# "caught" by those would pass unnoticed the day the harness works.
CAUGHT_VERDICTS = (
    "wrong_answer",
    "runtime_error",
    "time_limit_exceeded",
    "memory_limit_exceeded",
    "output_limit_exceeded",
)


def solution_language(path: Path) -> str | None:
    return language_of_file(path.name)


def runnable_on(language: str, device: str) -> bool:
    """Whether this machine judges ``language`` on ``device``, as its plug-in says (CuTe DSL:
    only with the package, which the runner's requirements leave out; Mojo: only with its
    compiler; CUDA C++ on the CPU: its own sweep, tests/runner/languages/cuda/)."""
    from runner.supervisor.language import plugin  # noqa: PLC0415

    return plugin(language).validated_on(device)


def validation_limits(device: str) -> Limits:
    """Short benchmarks: validation proves verdicts, `bench/` measures speed."""
    if device == "cuda":
        return Limits(benchmark_budget_s=1.0, max_timed_runs=200, min_timed_runs=10)
    return Limits(benchmark_budget_s=0.5, max_timed_runs=3, min_timed_runs=1)


Judge = Callable[[JobSpec], object]


def validate_package(
    path: Path,
    device: str = "cpu",
    judge: Judge | None = None,
    compile_cuda: Callable[[str, str], tuple[bool, str]] | None = None,
    seed: int = 20261121,
    nvcc_solutions: bool = True,
    judged_starters: Collection[str] | None = None,
) -> PackageReport:
    """Validate one package on one device. `judge` and `compile_cuda` default to the runner's.
    ``nvcc_solutions=False``: CUDA solutions a device does not judge are not compiled with nvcc
    either (the starter still is): `make test` judges them on the CPU through the emulation
    (tests/runner/languages/cuda/test_catalog_on_cpu.py), and each nvcc compile costs seconds.
    ``judged_starters``: the languages whose starter is judged (a Run); None: every language
    the device runs. `make test` judges the starters a package's author wrote by hand, and the
    generated ones on a few packages that use every kind of parameter
    (tests/problems/test_validate_catalog.py)."""
    if judge is None:
        from runner import judge as judge  # torch is imported only when validating
    if compile_cuda is None:
        compile_cuda = compile_check

    report = PackageReport(slug=path.name)
    started = time.monotonic()
    try:
        problem = ProblemSpec.from_dir(path)
    except SpecError as exc:
        report.checks.append(Check("schema", False, str(exc)))
        return report
    report.checks.append(
        Check("schema", True, f"{len(problem.tests)} tests", seconds=_since(started))
    )
    if problem.slug != path.name:
        report.checks.append(Check("slug", False, f"slug {problem.slug!r} != folder {path.name!r}"))
    if not problem.statement.strip():
        report.checks.append(Check("statement", False, "statement.md is missing or empty"))
    missing = [lang for lang in LANGUAGES if lang not in problem.starters]
    if missing:
        report.checks.append(Check("starters", False, f"missing starters: {', '.join(missing)}"))

    limits = validation_limits(device)
    for lang in LANGUAGES:
        source = problem.starters.get(lang)
        if source is None:
            continue
        t0 = time.monotonic()
        if lang == "cuda":
            ok, log = compile_cuda(source, "sm_90")
            report.checks.append(
                Check(f"starter {lang} compiles", ok, log[-2000:], seconds=_since(t0))
            )
        elif runnable_on(lang, device) and (judged_starters is None or lang in judged_starters):
            res = judge(JobSpec(problem, source, lang, "run", device, seed, limits))
            ok = res.verdict not in ("compile_error", "internal_error")
            report.checks.append(
                Check(f"starter {lang} loads", ok, res.message, res.verdict, seconds=_since(t0))
            )

    solutions = sorted((path / "solutions").glob("*"))
    if not any(p.name.startswith("correct_") for p in solutions):
        report.checks.append(Check("solutions", False, "no correct solution"))
    if not any(p.name.startswith("wrong_") for p in solutions):
        report.checks.append(Check("solutions", False, "no wrong solution"))
    for sol in solutions:
        lang = solution_language(sol)
        if lang is None or not sol.name.startswith(("correct_", "wrong_")):
            continue
        source = sol.read_text()
        t0 = time.monotonic()
        if not runnable_on(lang, device):
            if lang == "cuda" and nvcc_solutions:
                ok, log = compile_cuda(source, "sm_90")
                report.checks.append(
                    Check(f"{sol.name} compiles", ok, log[-2000:], seconds=_since(t0))
                )
            continue
        res = judge(JobSpec(problem, source, lang, "submit", device, seed, limits))
        want_accept = sol.name.startswith("correct_")
        ok = res.accepted if want_accept else res.verdict in CAUGHT_VERDICTS
        bench = (res.benchmark or {}).get("cases") or [{}]
        report.checks.append(
            Check(
                f"{sol.name} {'accepted' if want_accept else 'rejected'}",
                ok,
                res.message,
                res.verdict,
                res.score_ms,
                geomean([c.get("baseline_median_ms") for c in bench]),
                _since(t0),
            )
        )
    return report


def compile_check(source: str, arch: str) -> tuple[bool, str]:
    """Compile CUDA source with the judge's own nvcc invocation (sandboxed, cached)."""
    from runner.supervisor.compile import compile_cuda

    with tempfile.TemporaryDirectory(prefix="kj-validate-") as tmp:
        result = compile_cuda(source, Path(tmp), arch, timeout_s=120)
    return result.ok, result.log


def validate_catalog(
    root: Path,
    slugs: Iterable[str] = (),
    device: str = "cpu",
    jobs: int = 1,
    on_report: Callable[[PackageReport], None] | None = None,
) -> list[PackageReport]:
    """Validate packages; with jobs > 1 in that many processes (benchmarks on one GPU take
    turns, see runner/supervisor/gpulock.py). ``on_report`` sees each package's report as it finishes."""
    dirs = package_dirs(root, slugs)
    done: dict[str, PackageReport] = {}

    def finished(rep: PackageReport) -> None:
        done[rep.slug] = rep
        if on_report:
            on_report(rep)

    if jobs <= 1:
        for p in dirs:
            finished(validate_package(p, device))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            futures = [pool.submit(validate_package, p, device) for p in dirs]
            for fut in as_completed(futures):
                finished(fut.result())
    return [done[p.name] for p in dirs]


def package_dirs(root: Path, slugs: Iterable[str] = ()) -> list[Path]:
    wanted = set(slugs)
    dirs = sorted(p for p in root.iterdir() if (p / "problem.toml").is_file())
    unknown = wanted - {p.name for p in dirs}
    if unknown:
        raise SpecError(f"no such problem package: {', '.join(sorted(unknown))}")
    return [p for p in dirs if not wanted or p.name in wanted]


def time_catalog(root: Path, slugs: Iterable[str] = (), device: str = "cuda") -> list[dict]:
    """One at a time: each problem's first correct CUDA solution against its baseline."""
    from runner import judge

    rows = []
    for path in package_dirs(root, slugs):
        problem = ProblemSpec.from_dir(path)
        sols = sorted((path / "solutions").glob("correct_*.cu"))
        if not sols:
            rows.append({"slug": path.name, "error": "no correct CUDA solution"})
            continue
        res = judge(JobSpec(problem, sols[0].read_text(), "cuda", "submit", device, 7))
        cases = (res.benchmark or {}).get("cases") or []
        ref = geomean([c.get("baseline_median_ms") for c in cases])
        rows.append(
            {
                "slug": path.name,
                "solution": sols[0].name,
                "verdict": res.verdict,
                "solution_ms": res.score_ms,
                "baseline_ms": ref,
                "speedup": (ref / res.score_ms) if ref and res.score_ms else None,
                "runs": [c.get("runs") for c in cases],
                "fraction_of_peak": [c.get("fraction_of_peak") for c in cases],
            }
        )
    return rows


def timing_table(rows: list[dict]) -> str:
    lines = [
        "| problem | solution | verdict | baseline ms | solution ms | speedup |",
        "| --- | --- | --- | ---: | ---: | ---: |",
    ]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['slug']} | - | {r['error']} | | | |")
            continue
        lines.append(
            f"| {r['slug']} | {r['solution']} | {r['verdict']} | {_num(r['baseline_ms'])} "
            f"| {_num(r['solution_ms'])} | {_num(r['speedup'], 'x')} |"
        )
    return "\n".join(lines)


def _num(v: float | None, unit: str = "") -> str:
    return "-" if v is None else f"{v:.4g}{unit}"


def _since(t0: float) -> float:
    return round(time.monotonic() - t0, 3)


def render(reports: list[PackageReport]) -> str:
    lines = []
    for rep in reports:
        lines.append(f"{'ok  ' if rep.ok else 'FAIL'} {rep.slug}")
        for c in rep.checks:
            extra = f" [{c.verdict}]" if c.verdict else ""
            timing = (
                f" {c.score_ms:.4g} ms (baseline {c.baseline_ms or 0:.4g} ms)" if c.score_ms else ""
            )
            lines.append(f"     {'ok  ' if c.ok else 'FAIL'} {c.what}{extra}{timing}")
            if not c.ok and c.detail:
                lines.extend("          " + ln for ln in c.detail.strip().splitlines()[-8:])
    good = sum(r.ok for r in reports)
    lines.append(f"validated {good}/{len(reports)} packages")
    return "\n".join(lines)


def main(argv: list[str] | None = None, catalog: Path | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m runner validate")
    parser.add_argument("slugs", nargs="*")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    parser.add_argument("--catalog", type=Path, default=catalog or Path("problems/catalog"))
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--jsonl", action="store_true", help="one JSON line per package, printed as it finishes"
    )
    parser.add_argument("--jobs", type=int, default=1, help="validate in this many processes")
    parser.add_argument(
        "--timing", action="store_true", help="only time each correct CUDA solution, one at a time"
    )
    args = parser.parse_args(argv)
    try:
        if args.timing:
            rows = time_catalog(args.catalog, args.slugs, args.device)
            print(json.dumps(rows, indent=1) if args.json else timing_table(rows))
            return 0 if all(r.get("verdict") == "accepted" for r in rows) else 1
        stream = None
        if args.jsonl:

            def stream(rep: PackageReport) -> None:
                print(json.dumps(rep.to_dict()), flush=True)

        reports = validate_catalog(args.catalog, args.slugs, args.device, args.jobs, stream)
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([r.to_dict() for r in reports], indent=1))
    elif not args.jsonl:
        print(render(reports))
    return 0 if all(r.ok for r in reports) else 1
