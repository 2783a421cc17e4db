"""Is the runner's clock right? Judge the CUDA vector add N times and compare with
``triton.testing.do_bench`` of the same call, measured in a separate process.

    python bench/probes/2026-11-24/timing_truth_vector_add.py [--runs 10] [--budget 3] [--source FILE]

Prints one JSON object: the runner's per-judgement medians, their coefficient of variation,
the do_bench median and the ratio runner / do_bench. Needs a CUDA GPU and nvcc.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
PROBLEM = ROOT / "problems" / "catalog" / "vector-add"
DEFAULT_SOURCE = PROBLEM / "solutions" / "correct_basic.cu"
N = 25_000_000


def do_bench_only(so_path: str) -> dict:
    import torch
    import triton.testing

    lib = ctypes.CDLL(so_path)
    lib.solve.restype = None
    lib.solve.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    a = torch.empty(N, device="cuda").uniform_(-1000, 1000)
    b = torch.empty(N, device="cuda").uniform_(-1000, 1000)
    c = torch.empty(N, device="cuda")
    pa, pb, pc = a.data_ptr(), b.data_ptr(), c.data_ptr()

    def call() -> None:
        lib.solve(pa, pb, pc, N)

    call()
    torch.cuda.synchronize()
    assert torch.equal(c, a + b)
    ms = triton.testing.do_bench(call, warmup=100, rep=2000, return_mode="median")
    mean = triton.testing.do_bench(call, warmup=25, rep=500, return_mode="mean")
    return {
        "do_bench_median_ms": ms,
        "do_bench_mean_ms": mean,
        "device": torch.cuda.get_device_name(0),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--budget", type=float, default=3.0)
    ap.add_argument("--source", default=str(DEFAULT_SOURCE))
    ap.add_argument("--do-bench-only", metavar="SO")
    args = ap.parse_args()
    if args.do_bench_only:
        print(json.dumps(do_bench_only(args.do_bench_only)))
        return 0

    import torch

    from runner import judge
    from runner.contract import JobSpec, Limits, ProblemSpec
    from runner.supervisor.compile import compile_cuda

    props = torch.cuda.get_device_properties(0)
    arch = f"sm_{props.major}{props.minor}"
    source = Path(args.source).read_text()
    problem = ProblemSpec.from_dir(PROBLEM)
    limits = Limits(benchmark_budget_s=args.budget, test_timeout_s=60)
    medians, verdicts, cases = [], [], []
    t0 = time.monotonic()
    for i in range(args.runs):
        job = JobSpec(
            problem=problem,
            source=source,
            language="cuda",
            mode="submit",
            device="cuda",
            seed=1000 + i,
            limits=limits,
            arch=arch,
        )
        r = judge(job)
        verdicts.append(r.verdict)
        if r.benchmark and r.benchmark.get("cases"):
            case = r.benchmark["cases"][0]
            medians.append(case["median_ms"])
            cases.append(
                {
                    k: case.get(k)
                    for k in (
                        "median_ms",
                        "mean_ms",
                        "std_ms",
                        "min_ms",
                        "runs",
                        "rel_se",
                        "stop_reason",
                        "gbps",
                        "fraction_of_peak",
                        "synced_time_calls",
                        "reference_median_ms",
                        "speedup",
                    )
                }
            )
    judge_s = time.monotonic() - t0
    with tempfile.TemporaryDirectory() as tmp:
        res = compile_cuda(source, Path(tmp), arch, 300)
        if not res.ok:
            print(json.dumps({"error": "compile failed", "log": res.log}))
            return 1
        p = subprocess.run(
            [sys.executable, __file__, "--do-bench-only", str(res.so_path)],
            capture_output=True,
            text=True,
            timeout=600,
        )
    if p.returncode != 0:
        print(json.dumps({"error": "do_bench failed", "stderr": p.stderr[-4000:]}))
        return 1
    truth = json.loads(p.stdout.strip().splitlines()[-1])
    from provenance import provenance  # noqa: PLC0415

    out: dict = {
        "provenance": provenance(),
        "method": "runner_medians_ms: the judge's score (median of timed calls) of each of `runs` "
        "submit judgements (runner only); do_bench: triton.testing.do_bench on the same kernel",
        "samples": len(medians),
        "runs": args.runs,
        "verdicts": verdicts,
        "runner_medians_ms": medians,
        "cases": cases,
        "judge_wall_s": judge_s,
        **truth,
    }
    if len(medians) >= 2:
        m = statistics.fmean(medians)
        out["runner_median_of_medians_ms"] = statistics.median(medians)
        out["cv_of_medians"] = statistics.stdev(medians) / m
        out["ratio_runner_over_do_bench"] = statistics.median(medians) / truth["do_bench_median_ms"]
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
