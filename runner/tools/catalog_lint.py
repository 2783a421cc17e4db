"""The catalog lint: for every problem and every test and benchmark size, the cheap shortcuts a
cheater would try, judged by the judge's own comparison (docs/judging.md, "The catalog lint").

    python -m runner.tools.catalog_lint [slugs...] [--sizes cpu|all] [--json FILE]

Each case's inputs are generated exactly as the judge generates them (``generate_inputs`` with a
seed derived like a judgement's), the expected outputs and the fp32 error allowance come from
``expected_and_allowance``, and every shortcut's outputs go through ``compare_output``, the
function ``check_call`` uses. The shortcuts are in runner/tools/shortcuts.py. The rule:

- no shortcut may pass a benchmark case (timed calls are told apart by their sizes, so a
  solution can answer a benchmark's calls with a shortcut and every test honestly);
- every shortcut must fail at least one test (else it passes the tests of a problem without
  benchmarks). Tests are tried smallest first, and a shortcut that failed one is not tried on
  the larger ones; a test a shortcut passes (edge tests are meant to: all zeros in, a count of
  0) is not a failure on its own;
- a control is reported beside: on problems with float32 outputs, the reference computed in
  float32 throughout (an honest float32 answer, in the reference's order). A case it fails is
  a warning (the tolerance may be too tight for float32; or the reference's float32 order is
  not one a solution would use), for the author to look at, not a failure.

``--sizes cpu`` lints what the CPU device judges (the tests it runs, benchmarks at their
``cpu_scalars``) with every shortcut; ``--sizes all`` adds the GPU judge's sizes (tests marked
``cpu = false`` and benchmarks at their full scalars), where a case with more than
``LARGE_ELEMENTS`` tensor elements (``--large-elements``) gets the shortcuts that need no extra
run of the reference beyond one more draw (``CHEAP_KINDS``); the report names the kinds each
case tried.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from runner.contract import BenchmarkCase, ProblemSpec, TestCase
from runner.supervisor.checks import compare_output, expected_and_allowance
from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs, load_reference
from runner.tools.shortcuts import (
    CHEAP_KINDS,
    Draws,
    Shortcut,
    claims_fp32,
    float32_control,
    shortcuts,
)
from runner.tools.validate import package_dirs

LINT_SEED = 20261130
CONTROL = "control: the reference in float32"
LARGE_ELEMENTS = 24_000_000  # tensor elements of a case above which only CHEAP_KINDS are tried


@dataclass
class Attempt:
    shortcut: str
    passed: bool
    # largest |got - exp| over its allowance (float outputs) and the fraction of elements that
    # fail, each the worst over the outputs; None where not computed
    ratio: float | None
    mismatch_fraction: float
    note: str = ""


@dataclass
class CaseLint:
    kind: str  # "test" or "benchmark"
    name: str
    sizes: str  # "cpu": as the CPU device judges it; "gpu": as a GPU judges it
    scalars: dict
    kinds: str  # "all" or "cheap"
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    attempts: list[Attempt] = field(default_factory=list)
    # shortcuts not tried here: not among the kinds, or (tests) already failed a smaller test
    skipped: list[str] = field(default_factory=list)
    # the reference computed in float32 throughout: an honest answer, which must pass
    control: Attempt | None = None
    error: str = ""


@dataclass
class ProblemLint:
    slug: str
    cases: list[CaseLint] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    # cases whose float32 control fails: the tolerance may be too tight for honest float32
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict:
        return {"slug": self.slug, "ok": self.ok, **asdict(self)}


Case = TestCase | BenchmarkCase


def _cases(problem: ProblemSpec, sizes: str) -> list[tuple[str, int, str, Case]]:
    """(kind, index, sizes, case): the cases the CPU device judges, with sizes="all" the GPU's
    too (a benchmark without cpu_scalars is judged at the same sizes on both)."""
    out: list[tuple[str, int, str, Case]] = []
    # smallest first: a shortcut that fails a test is not tried on the larger ones
    for i, t in sorted(enumerate(problem.tests), key=lambda it: _elements(problem, it[1])):
        if t.cpu:
            out.append(("test", i, "cpu", t))
        elif sizes == "all":
            out.append(("test", i, "gpu", t))
    for i, b in enumerate(problem.benchmarks):
        out.append(("benchmark", i, "cpu", b))
        if sizes == "all" and b.cpu_scalars:
            out.append(("benchmark", i, "gpu", replace(b, cpu_scalars=None)))
    return out


def _elements(problem: ProblemSpec, case: Case) -> int:
    scalars = case_scalars(case, "cpu")
    return sum(math.prod(p.shape_for(scalars)) for p in problem.tensor_params)


def judge_outputs(
    problem: ProblemSpec, expected: dict, extra: dict, got: dict, inputs: dict
) -> tuple[bool, float | None, float]:
    """Whether ``got`` passes the judge's comparison on ``inputs``, with the worst ratio and
    mismatch share."""
    passed, ratio, frac = True, None, 0.0
    for p in problem.tensor_params:
        if not p.is_output:
            continue
        cmp = compare_output(
            problem,
            p,
            got[p.name],
            expected[p.name],
            extra.get(p.name),
            ratio=True,
            inputs=inputs,
        )
        passed = passed and cmp.passed
        if cmp.max_bound_ratio is not None:
            ratio = max(ratio or 0.0, cmp.max_bound_ratio)
        frac = max(frac, cmp.mismatches / max(expected[p.name].numel(), 1))
    return passed, ratio, frac


def lint_case(
    problem: ProblemSpec,
    reference,
    kind: str,
    index: int,
    case: Case,
    sizes: str,
    kinds: str,
    done: set[str] | None = None,
) -> CaseLint:
    """Every shortcut against one case (one draw of its inputs), but those in ``done``."""
    scalars = case_scalars(case, "cpu")
    lint = CaseLint(kind, case.name, sizes, scalars, kinds)
    t0, c0 = time.monotonic(), time.process_time()
    make_inputs = getattr(reference, "make_inputs", None)

    def draw(k: int) -> dict:
        parts = ("test", case.name, k) if kind == "test" else ("bench", index, k)
        return generate_inputs(problem, case, derive_seed(LINT_SEED, *parts), "cpu", make_inputs)

    draws = Draws(problem, reference, scalars, draw)
    judged: list[tuple[dict, dict]] = []

    def expected() -> dict:
        if not judged:
            judged.append(expected_and_allowance(problem, reference, draws.inputs(), scalars))
        return judged[0][0]

    todo = []
    for sc in shortcuts(problem, reference, scalars, draws, expected):
        wanted = (kinds == "all" or sc.kind in CHEAP_KINDS) and sc.name not in (done or ())
        (todo.append(sc) if wanted else lint.skipped.append(sc.name))
    try:
        if claims_fp32(problem):
            control = Shortcut(
                CONTROL,
                "control",
                lambda: float32_control(problem, reference, scalars, draws.inputs()),
            )
            lint.control = _attempt(problem, control, expected(), judged[0][1], draws.inputs())
        for sc in todo:
            lint.attempts.append(_attempt(problem, sc, expected(), judged[0][1], draws.inputs()))
    except Exception as exc:  # noqa: BLE001 - a case that cannot be linted is a failure
        lint.error = f"{type(exc).__name__}: {exc}"[:400]
    lint.seconds = round(time.monotonic() - t0, 3)
    lint.cpu_seconds = round(time.process_time() - c0, 3)
    return lint


def _attempt(
    problem: ProblemSpec, sc: Shortcut, expected: dict, extra: dict, inputs: dict
) -> Attempt:
    got = sc.outputs()
    if isinstance(got, str):  # the shortcut does not apply here, and says why
        return Attempt(sc.name, False, None, 1.0, got)
    passed, ratio, frac = judge_outputs(problem, expected, extra, got, inputs)
    return Attempt(sc.name, passed, _round(ratio), round(frac, 6))


def _round(x: float | None) -> float | None:
    if x is None or not math.isfinite(x):
        return None if x is None else x
    return float(f"{x:.4g}")


def lint_problem(path: Path, sizes: str = "cpu", large: int | None = None) -> ProblemLint:
    """Every case of one package; a GPU-size case of more than ``large`` tensor elements
    (default ``LARGE_ELEMENTS``) gets only the CHEAP_KINDS."""
    large = LARGE_ELEMENTS if large is None else large
    problem = ProblemSpec.from_dir(path)
    reference = load_reference(problem)
    report = ProblemLint(problem.slug)
    t0, c0 = time.monotonic(), time.process_time()
    failed_a_test: set[str] = set()
    for kind, index, where, case in _cases(problem, sizes):
        kinds = "cheap" if where == "gpu" and _elements(problem, case) > large else "all"
        done = failed_a_test if kind == "test" else None
        lint = lint_case(problem, reference, kind, index, case, where, kinds, done)
        report.cases.append(lint)
        if kind == "test":
            failed_a_test.update(a.shortcut for a in lint.attempts if not (a.passed or a.note))
    report.failures = failures(report)
    report.warnings = [
        f"{c.kind} '{c.name}' ({c.sizes} sizes): the reference computed in float32 fails "
        f"(ratio {c.control.ratio}, mismatches {c.control.mismatch_fraction})"
        for c in report.cases
        if c.control and not c.control.passed and not c.control.note
    ]
    report.seconds = round(time.monotonic() - t0, 3)
    report.cpu_seconds = round(time.process_time() - c0, 3)
    return report


def failures(report: ProblemLint) -> list[str]:
    """The rule (module docstring): what makes a problem fail the lint."""
    out = []
    tried_on_tests: dict[str, bool] = {}
    for c in report.cases:
        where = f"{c.kind} '{c.name}' ({c.sizes} sizes)"
        if c.error:
            out.append(f"{where}: could not be linted: {c.error}")

        for a in c.attempts:
            if c.kind == "benchmark" and a.passed:
                out.append(f"{where}: shortcut '{a.shortcut}' passes")
            if c.kind == "test":
                tried_on_tests[a.shortcut] = tried_on_tests.get(a.shortcut, True) and a.passed
    out += [
        f"shortcut '{s}' passes every test" for s, all_pass in tried_on_tests.items() if all_pass
    ]
    return out


def summary(reports: list[ProblemLint]) -> dict:
    cases = [c for r in reports for c in r.cases]
    return {
        "problems": len(reports),
        "problems_failing": sorted(r.slug for r in reports if not r.ok),
        "cases": len(cases),
        "attempts": sum(len(c.attempts) for c in cases),
        "seconds": round(sum(r.seconds for r in reports), 1),
        "cpu_seconds": round(sum(r.cpu_seconds for r in reports), 1),
    }


def render(reports: list[ProblemLint]) -> str:
    """Per problem: ok or FAIL, its failures, and each shortcut's smallest margin."""
    lines = []
    for r in reports:
        lines.append(
            f"{'ok  ' if r.ok else 'FAIL'} {r.slug} ({r.seconds:.1f} s, CPU {r.cpu_seconds:.1f} s)"
        )
        lines += [f"     {f}" for f in r.failures]
        lines += [f"     warning: {w}" for w in r.warnings]
        for name, (ratio, frac, where) in sorted(closest(r).items()):
            ratio_txt = "-" if ratio is None else f"{ratio:.3g}"
            lines.append(f"       {name}: ratio {ratio_txt}, mismatches {frac:.3g} ({where})")
    s = summary(reports)
    lines.append(
        f"linted {s['problems']} problems, {s['cases']} cases, {s['attempts']} shortcuts in "
        f"{s['seconds']} s (CPU {s['cpu_seconds']} s); failing: "
        f"{', '.join(s['problems_failing']) or 'none'}"
    )
    return "\n".join(lines)


def closest(report: ProblemLint) -> dict[str, tuple[float | None, float, str]]:
    """Each shortcut's nearest miss over the benchmark cases (tests where it has none): the
    smallest worst-error ratio and the smallest mismatching share, and where."""
    out: dict[str, tuple[float | None, float, str]] = {}
    for kind in ("benchmark", "test"):
        for c in report.cases:
            if c.kind != kind:
                continue
            for a in c.attempts:
                if a.passed or a.note or (kind == "test" and a.shortcut in out):
                    continue
                key = (a.mismatch_fraction, a.ratio or 0.0)
                old = out.get(a.shortcut)
                if old is None or key < (old[1], old[0] or 0.0):
                    out[a.shortcut] = (a.ratio, a.mismatch_fraction, f"{c.kind} '{c.name}'")
        if out:
            break
    return out


def report_head() -> dict:
    """The head of every raw file under bench/results/ (benchmark, date, commit, machine) and
    the run's provenance, from bench/provenance.py of this checkout."""
    path = Path(__file__).resolve().parents[2] / "bench" / "provenance.py"
    if not path.is_file():
        return {"benchmark": "catalog_lint", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ")}
    spec = importlib.util.spec_from_file_location("kj_bench_provenance", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    prov = module.provenance()
    return {**module.report_head("catalog_lint", prov), "provenance": prov}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m runner.tools.catalog_lint")
    parser.add_argument("slugs", nargs="*")
    parser.add_argument("--catalog", type=Path, default=Path("problems/catalog"))
    parser.add_argument(
        "--sizes",
        choices=["cpu", "all"],
        default="all",
        help="cpu: the sizes the CPU device judges; all: the GPU's sizes too",
    )
    parser.add_argument(
        "--large-elements",
        type=int,
        default=LARGE_ELEMENTS,
        help="GPU-size cases with more tensor elements get only the cheap shortcuts",
    )
    parser.add_argument("--json", type=Path, help="write the report here")
    args = parser.parse_args(argv)
    reports = []
    for path in package_dirs(args.catalog, args.slugs):
        rep = lint_problem(path, args.sizes, args.large_elements)
        reports.append(rep)
        print(render([rep]).rsplit("\n", 1)[0], flush=True)
    print(render(reports).rsplit("\n", 1)[-1])
    if args.json:
        body = {
            "method": (
                "each shortcut's outputs judged by the judge's comparison "
                "(runner/supervisor/checks.compare_output) for one draw of every case; "
                "ratio = largest |got - expected| over its allowance, mismatch_fraction = "
                "share of elements that fail"
            ),
            "sizes": args.sizes,
            "large_elements": args.large_elements,
            "seed": LINT_SEED,
            "summary": summary(reports),
            "problems": [r.to_dict() for r in reports],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report_head() | body, separators=(",", ":")) + "\n")
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
