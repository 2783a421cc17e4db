"""Submit -> verdict latency of the runner, as a worker runs it: ``python -m runner job`` of
the CUDA vector add, mode submit, one judgement at a time on an otherwise idle GPU.

    python3 bench/latency.py [--fresh 30] [--cached 30] [--time-budget 500] [--out DIR]
    python3 bench/latency.py --device cpu --quick     # smoke test: PyTorch on the CPU

Fresh judgements get a unique source (a comment with a nonce), so nvcc runs every time;
cached ones resubmit one source, so the compile cache (a private KERNELJUDGE_CACHE) hits.
The two kinds alternate, so a time budget that cuts the run short leaves both measured.
Reports p50/p95 of the process wall time and of each runner phase (compile_s, start_s,
tests_s, benchmark_s, total_s). The Django side (queue wait, claim, spawn, record) is
measured separately by bench/queue_overhead.py; add its median to these figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_common import (  # noqa: E402
    CATALOG,
    RunnerService,
    arch_of_gpu,
    default_out_dir,
    header,
    job_json,
    md_table,
    nonce_source,
    run_job,
    summary,
    write_outputs,
    write_partial,
)

PHASES = (
    "compile_s",
    "start_s",
    "tests_s",
    "benchmark_s",
    "bench_checks_s",
    "reference_timing_s",
    "total_s",
)


WALL_METHOD = {
    "process": "wall time of one `python -m runner job` process (start to result), as a worker "
    "without the warm service runs it, per accepted judgement; runner only (no queue, no site)",
    "service": "wall time of one judgement through the warm runner service (request to result), "
    "as a worker with the service runs it, per accepted judgement; runner only (no queue, no site)",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument("--problem", default="vector-add")
    ap.add_argument(
        "--solution", default="", help="default: correct_basic.cu (cuda), correct_pytorch.py (cpu)"
    )
    ap.add_argument("--fresh", type=int, default=30)
    ap.add_argument("--cached", type=int, default=30)
    ap.add_argument("--mode", default="submit", choices=["run", "submit"])
    ap.add_argument(
        "--time-budget",
        type=float,
        default=500.0,
        help="stop starting judgements after this many s",
    )
    ap.add_argument(
        "--via",
        default="process",
        choices=["process", "service"],
        help="a fresh `python -m runner job` per judgement, or the warm `runner serve`",
    )
    ap.add_argument("--out", default="")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    if args.quick:
        args.fresh, args.cached, args.mode = min(args.fresh, 2), min(args.cached, 2), "run"
    sol = args.solution or ("correct_basic.cu" if args.device == "cuda" else "correct_pytorch.py")
    path = CATALOG / args.problem / "solutions" / sol
    language = "cuda" if path.suffix == ".cu" else "pytorch"
    source = path.read_text()
    arch = arch_of_gpu() if args.device == "cuda" else "sm_90"
    plan = []
    for i in range(max(args.fresh, args.cached)):
        if i < args.fresh:
            plan.append("fresh")
        if i < args.cached:
            plan.append("cached")
    runs: list[dict] = []
    out = Path(args.out) if args.out else default_out_dir()
    t_start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kjbench-cache-") as cache:
        service = RunnerService(args.device, cache) if args.via == "service" else None

        def judge_one(spec: str) -> dict:
            return service.judge(spec) if service else run_job(spec, cache)

        try:
            # One untimed judgement first: fills the compile cache for the "cached" source and
            # pays once-per-boot costs (driver load, page cache) that no worker pays per job.
            warm = judge_one(
                job_json(args.problem, source, language, args.device, args.mode, 0, None, arch)
            )
            for i, kind in enumerate(plan):
                if time.monotonic() - t_start > args.time_budget:
                    break
                src = (
                    nonce_source(source, language, uuid.uuid4().hex) if kind == "fresh" else source
                )
                seed = 1000 + i
                r = judge_one(
                    job_json(args.problem, src, language, args.device, args.mode, seed, None, arch)
                )
                r["kind"] = kind
                runs.append(r)
                write_partial(out, f"latency_{args.via}", runs)
                print(f"[latency] {i + 1}/{len(plan)} {kind}: {r.get('verdict')} wall {r['wall_s']} s "
                      f"phases {r.get('phases')}", file=sys.stderr, flush=True)  # fmt: skip
        finally:
            if service:
                print(service.close(), file=sys.stderr)
    report = header("latency", args.device, args)
    report.update({"problem": args.problem, "solution": sol, "language": language, "mode": args.mode,
                   "via": args.via, "warmup_run": warm, "planned": len(plan), "completed": len(runs)})  # fmt: skip
    stats = {}
    for kind in ("fresh", "cached"):
        rs = [r for r in runs if r["kind"] == kind]
        ok = [r for r in rs if r.get("verdict") == "accepted"]
        entry = {
            "judgements": len(rs),
            "accepted": len(ok),
            "wall_s": summary([r["wall_s"] for r in ok], method=WALL_METHOD[args.via]),
        }
        for ph in PHASES:
            entry[ph] = summary(
                [(r.get("phases") or {}).get(ph) for r in ok],
                method=f"the runner's own phase {ph} (JudgeResult.phases), runner only",
            )
        # what the process costs beyond the runner's own total: interpreter start, imports,
        # reading the spec, printing the result
        entry["process_overhead_s"] = summary(
            [r["wall_s"] - (r.get("phases") or {}).get("total_s", 0.0) for r in ok],
            method="wall_s minus the runner's total_s: what the judging process costs around it",
        )
        stats[kind] = entry
    report["stats"] = stats
    report["runs"] = runs
    rows = []
    for kind in ("fresh", "cached"):
        s = stats[kind]
        rows.append([kind, f"{s['accepted']}/{s['judgements']}", s["wall_s"]["p50"], s["wall_s"]["p95"]]
                    + [s[ph]["p50"] for ph in PHASES])  # fmt: skip
    table = md_table(
        ["compile cache", "accepted", "wall p50 s", "wall p95 s"] + [f"{p} p50" for p in PHASES],
        rows,
    )
    md = (f"# Latency: {args.problem} ({language}, mode {args.mode}) on {args.device}, via {args.via}\n\n"
          f"{report['date']}, commit {report['commit']}, {report['machine'].get('gpu', report['machine']['host'])}\n\n"
          f"{table}\n\nAdd the queue + record overhead of bench/queue_overhead.py for submit -> verdict.\n")  # fmt: skip
    write_outputs(out, f"latency_{args.via}", report, md)
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
