"""Judging the corpus through the real runner, case by case, and the command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from .cases import DEFAULT_LIMITS, REPO, Case, load_cases_with_cpu_runs
from .guard import HostGuard


def judge_case(case: Case, guard: HostGuard) -> dict:
    from runner import judge  # noqa: PLC0415
    from runner.contract import JobSpec, Limits, ProblemSpec  # noqa: PLC0415

    problem = ProblemSpec.from_dir(REPO / "problems" / "catalog" / case.problem)
    limits = Limits(**{**DEFAULT_LIMITS, **case.limits})
    job = JobSpec(
        problem=problem,
        source=(case.dir / case.source).read_text(),
        language=case.language,
        mode=case.mode,
        device=case.device,
        seed=int.from_bytes(os.urandom(4), "little"),
        limits=limits,
        job_id=f"hostile-{case.name}",
    )
    t0 = time.monotonic()
    returned, result_json, verdict, message = False, None, "internal_error", ""
    flags: list[str] = []
    score = None
    try:
        res = judge(job)
        returned = True
        result_json = res.to_json()
        verdict, message, flags = res.verdict, res.message, list(res.flags)
        score = (res.benchmark or {}).get("score_ms")
    except BaseException as e:  # noqa: BLE001 - a hostile case must never take us down
        message = f"judge() raised {type(e).__name__}: {e}"
    checks = guard.check(case, result_json, returned)
    ok_checks = all(v["ok"] is not False for v in checks.values())
    caught = verdict in case.expected and (
        verdict != "accepted" or honest_acceptance(case, flags, score)
    )
    return {
        "name": case.name,
        "why": case.why,
        "language": case.language,
        "device": case.device,
        "expected": case.expected,
        "actual": verdict,
        "message": message[:300],
        "flags": flags,
        "score_ms": score,
        "caught": caught,
        "contained": caught and ok_checks,
        "checks": checks,
        "seconds": round(time.monotonic() - t0, 2),
    }


def failures(case: Case, r: dict) -> list[str]:
    """Why a case's result (``judge_case``) is not contained: failed host checks, a verdict
    the case does not expect, an acceptance without the case's flags. Empty: contained."""
    out = []
    bad = {k: v["detail"] for k, v in r["checks"].items() if v["ok"] is False}
    if bad:
        out.append(f"host checks failed: {bad}")
    if r["actual"] not in case.expected:
        out.append(f"verdict {r['actual']!r} not in {case.expected}: {r['message']}")
    elif not r["caught"]:
        out.append(f"accepted without any of {case.accepted_with_flags}: {r['flags']}")
    return out


def honest_acceptance(case: Case, flags: list[str], score: float | None) -> bool:
    """Whether an accepted forgery was judged honestly: it carries one of the case's flags
    (its time came from the supervisor's clock, say), or its score is at least the real work's
    time the case names; a case that names neither accepts any acceptance."""
    if not case.accepted_with_flags and case.accepted_at_least_ms is None:
        return True
    if set(flags) & set(case.accepted_with_flags):
        return True
    floor = case.accepted_at_least_ms
    return floor is not None and score is not None and score >= floor


def run_corpus(device: str = "cpu", names: list[str] | None = None, progress=None) -> dict:
    every = load_cases_with_cpu_runs()
    cases = [c for c in every if c.device == device or (device == "cuda")]
    if names:
        cases = [c for c in cases if any(n in c.name for n in names)]
    results = []
    with HostGuard() as guard:
        for c in cases:
            r = judge_case(c, guard)
            results.append(r)
            if progress:
                progress(r)
    skipped = [c.name for c in every if c not in cases and c.device != device]
    return {
        "contained": sum(r["contained"] for r in results),
        "total": len(results),
        "device": device,
        "skipped": skipped,
        "cases": results,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m runner hostile", description="Judge the hostile corpus and check the host."
    )
    ap.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-k", dest="names", action="append", help="only cases whose name contains")
    args = ap.parse_args(argv)

    def show(r: dict) -> None:
        mark = "contained" if r["contained"] else "NOT CONTAINED"
        print(
            f"{mark:>13}  {r['name']:<34} {r['actual']:<22} ({r['seconds']}s)",
            file=sys.stderr if args.json else sys.stdout,
            flush=True,
        )
        if not r["contained"]:
            bad = {k: v["detail"] for k, v in r["checks"].items() if v["ok"] is False}
            print(
                f"{'':15}expected {r['expected']}; {r['message'][:160]} {bad or ''}",
                file=sys.stderr if args.json else sys.stdout,
                flush=True,
            )

    out = run_corpus(args.device, args.names, progress=show)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        if out["skipped"]:
            print(
                f"skipped (need device={'cuda' if args.device == 'cpu' else 'cpu'}): "
                + ", ".join(out["skipped"])
            )
        print(f"contained {out['contained']}/{out['total']}")
    return 0 if out["contained"] == out["total"] else 1
