"""Mode ``profile`` on a GPU host: does Nsight Compute's DRAM traffic agree with the judge?

For catalog solutions of different kinds (memory-bound, a copy, compute-bound, latency-bound,
a JIT-compiled Triton kernel) this runs ``python -m runner job`` in mode profile, as a worker
does, and tabulates per solution: the kernels, ncu's duration, DRAM % of peak, the achieved
DRAM GB/s (``dram__bytes.sum`` / ``gpu__time_duration.sum``), the judge's GB/s (the problem's
``bytes`` formula over the judge's median for the same case) and their ratio. Acceptance:
the ratio within 10 % for the memory-bound kernels (``kind == "memory"``); for the others the
formula is not what the kernel moves (a matmul re-reads its inputs from L2, not DRAM; a
reduction this small is latency-bound) and the ratio is reported only.

    python3 bench/profile_gpu.py [--out DIR] [--only SLUG,...] [--buffers shared|copy]

Writes ``profile_gpu.json`` and ``profile_gpu.md`` to ``--out`` (default: $OUT, else
bench/results/<date>-h200), and ``profile_gpu.partial.json`` after every solution.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_common import (  # noqa: E402
    CATALOG,
    ROOT,
    arch_of_gpu,
    default_out_dir,
    header,
    language_of,
    md_table,
    write_outputs,
    write_partial,
)

TOLERANCE = 0.10
SOLUTIONS = [  # (problem, solution, kind)
    ("vector-add", "correct_vec4.cu", "memory"),
    ("vector-add", "correct_basic.cu", "memory"),
    ("matrix-copy", "correct_vec4.cu", "memory"),
    ("relu", "correct_vec4.cu", "memory"),
    ("matrix-multiplication", "correct_fp32_accumulate.cu", "compute"),
    ("reduction", "correct_two_pass.cu", "latency"),
    ("softmax", "correct_online.cu", "memory"),
    ("vector-add", "correct_triton.py", "memory"),
]


def profile_job(slug: str, solution: str, arch: str, out_dir: Path, buffers: str) -> dict:
    """One judgement in mode profile in a fresh process; its JudgeResult dict."""
    from runner.contract import JobSpec, ProblemSpec

    problem = ProblemSpec.from_dir(CATALOG / slug)
    path = CATALOG / slug / "solutions" / solution
    limits = dataclasses.replace(problem.limits, benchmark_budget_s=3.0)
    job = JobSpec(problem=problem, source=path.read_text(), language=language_of(path),
                  mode="profile", device="cuda", seed=1, limits=limits, arch=arch,
                  job_id=f"{slug}-{Path(solution).stem}", output_dir=str(out_dir))  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KERNELJUDGE_PROFILE_BUFFERS": buffers}
    with tempfile.TemporaryDirectory(prefix="kjbench-") as tmp:
        spec = Path(tmp) / "job.json"
        spec.write_text(job.to_json())
        t0 = time.monotonic()
        try:
            p = subprocess.run([sys.executable, "-m", "runner", "job", str(spec)],
                               capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)  # fmt: skip
        except subprocess.TimeoutExpired:
            return {"verdict": "bench_timeout", "message": "900 s"}
        try:
            res = json.loads(p.stdout)
        except json.JSONDecodeError:
            return {"verdict": "bench_no_result", "message": p.stderr[-2000:]}
        res["wall_s"] = round(time.monotonic() - t0, 2)
        return res


def entry(slug: str, solution: str, kind: str, res: dict) -> dict:
    p = res.get("profile") or {}
    e = {"problem": slug, "solution": solution, "kind": kind, "verdict": res.get("verdict"),
         "wall_s": res.get("wall_s"), "ok": bool(p.get("ok"))}  # fmt: skip
    if not p.get("ok"):
        e["error"] = p.get("error") or res.get("message", "")[:500]
        e["details"] = (res.get("details") or "")[-1500:]
        return e
    c, t = p["comparison"], p["judge_time"]
    kernels = p["kernels"]
    total_ns = sum(k.get("total_duration_ns") or 0 for k in kernels)
    weighted = sum((k.get("dram_pct_of_peak") or 0) * (k.get("total_duration_ns") or 0) for k in kernels)  # fmt: skip
    ratio = c.get("gbps_ratio")
    e.update(
        case=p["case"]["name"],
        kernels=[
            {
                key: k.get(key)
                for key in (
                    "kernel",
                    "launches",
                    "duration_ns",
                    "dram_pct_of_peak",
                    "dram_gbps",
                    "sm_pct_of_peak",
                    "achieved_occupancy_pct",
                )
            }
            for k in kernels
        ],  # fmt: skip
        ncu_ms=c["ncu_duration_ms"],
        dram_pct=weighted / total_ns if total_ns else None,
        ncu_dram_gbps=c["ncu_dram_gbps"],
        judge_ms=t["median_ms"],
        judge_gbps=t["gbps"],
        ratio=ratio,
        bytes_ratio=c.get("bytes_ratio"),
        time_ratio=c.get("time_ratio"),
        report_bytes=p["report"]["bytes"],
        buffers=p["buffers"],
        within_10pct=(abs(ratio - 1) <= TOLERANCE) if kind == "memory" and ratio else None,
    )
    return e


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="")
    ap.add_argument("--only", default="", help="comma-separated problem slugs")
    ap.add_argument("--buffers", default="shared", choices=["shared", "copy"])
    args = ap.parse_args(argv)
    out = Path(args.out) if args.out else default_out_dir()
    reports = out / "profile_reports"
    reports.mkdir(parents=True, exist_ok=True)
    arch = arch_of_gpu()
    items = []
    for slug, sol, kind in SOLUTIONS:
        if args.only and slug not in args.only.split(","):
            continue
        e = entry(slug, sol, kind, profile_job(slug, sol, arch, reports, args.buffers))
        items.append(e)
        write_partial(out, "profile_gpu", items)
        print(f"[profile_gpu] {slug}/{sol}: {e['verdict']} ok={e['ok']} ratio={e.get('ratio')} "
              f"{e.get('error', '')}", file=sys.stderr, flush=True)  # fmt: skip
    report = header("profile_gpu", "cuda", args)
    memory = [e for e in items if e.get("within_10pct") is not None]
    report.update({
        "tolerance": TOLERANCE,
        "solutions": items,
        "summary": {
            "profiled": sum(1 for e in items if e["ok"]),
            "of": len(items),
            "memory_bound_within_10pct": sum(1 for e in memory if e["within_10pct"]),
            "memory_bound_compared": len(memory),
        },
    })  # fmt: skip
    rows = [[f"{e['problem']}/{e['solution']}", e["kind"],
             ", ".join(f"{k['kernel'][:32]}×{k['launches']}" for k in e.get("kernels", [])) or e.get("error", "")[:80],
             e.get("ncu_ms"), e.get("dram_pct"), e.get("ncu_dram_gbps"), e.get("judge_ms"),
             e.get("judge_gbps"), e.get("ratio"),
             {True: "yes", False: "NO", None: "–"}[e.get("within_10pct")]] for e in items]  # fmt: skip
    table = md_table(["solution", "kind", "kernels × launches", "ncu ms", "DRAM %", "ncu DRAM GB/s",
                      "judge ms", "judge GB/s", "ncu/judge", "within 10 %"], rows)  # fmt: skip
    md = (
        f"# Profile mode on {report['machine'].get('nvidia_smi', 'cuda')} ({report['date']}, "
        f"commit {report['commit']}, buffers {args.buffers})\n\n"
        f"Summary: {json.dumps(report['summary'])}\n\n{table}\n\n"
        "ncu DRAM GB/s = dram__bytes.sum / gpu__time_duration.sum over the profiled call's kernels; "
        "judge GB/s = the problem's bytes formula / the judge's median for the same case.\n"
    )
    write_outputs(out, "profile_gpu", report, md)
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
