"""Cold start of ``python -m runner judge`` on the CUDA vector add, with a phase breakdown.

    python bench/runner_cold_start.py [--mode run|submit] [--repeat N]

Runs the CLI in fresh processes, in pairs: first with an empty compile cache (cold: nvcc
runs), then again (warm: the cached .so is reused); ``--repeat`` pairs, medians reported.
Prints JSON with the wall time of each process and the runner's own phases (compile_s,
start_s, tests_s, benchmark_s, total_s). Needs a GPU.

Python bytecode (runner/supervisor/bytecode.py) is kept for the whole run in one directory
(KERNELJUDGE_PYCACHE), as a host keeps it between judgements; the run before the pairs,
``first_on_host``, starts with it empty. ``--pycache off`` judges without it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from provenance import provenance  # noqa: E402

PROBLEM = ROOT / "problems" / "catalog" / "vector-add"
SOURCE = PROBLEM / "solutions" / "correct_basic.cu"


def one(cache: str, mode: str, pycache: str) -> dict:
    env = {
        **os.environ,
        "KERNELJUDGE_CACHE": cache,
        "KERNELJUDGE_PYCACHE": pycache,
        "PYTHONPATH": str(ROOT),
    }
    t0 = time.monotonic()
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "runner",
            "judge",
            str(PROBLEM),
            str(SOURCE),
            "--language",
            "cuda",
            "--mode",
            mode,
            "--device",
            "cuda",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    wall = time.monotonic() - t0
    try:
        res = json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"wall_s": wall, "error": p.stderr[-3000:], "stdout": p.stdout[-2000:]}
    return {
        "wall_s": round(wall, 3),
        "verdict": res["verdict"],
        "phases": res["phases"],
        "flags": res["flags"],
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="run", choices=["run", "submit"])
    ap.add_argument("--repeat", type=int, default=1, help="cold/warm pairs, medians reported")
    ap.add_argument("--pycache", default="private", choices=["private", "off"])
    args = ap.parse_args()
    colds, warms = [], []
    with tempfile.TemporaryDirectory() as bytecode:
        pycache = bytecode if args.pycache == "private" else "off"
        with tempfile.TemporaryDirectory() as cache:
            first = one(cache, args.mode, pycache)
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as cache:
                colds.append(one(cache, args.mode, pycache))
                warms.append(one(cache, args.mode, pycache))
    t0 = time.monotonic()
    subprocess.run(
        [sys.executable, "-c", "import torch; torch.zeros(1, device='cuda')"], check=False
    )
    torch_ctx = time.monotonic() - t0
    print(
        json.dumps(
            {
                "provenance": provenance(),
                "method": "wall time of one `python -m runner job` process per judgement "
                "(runner only); cold: an empty compile cache, warm: the same cache again",
                "samples": len(colds),
                "mode": args.mode,
                "pycache": args.pycache,
                "first_on_host": first,
                "cold": colds[0] if args.repeat == 1 else colds,
                "warm": warms[0] if args.repeat == 1 else warms,
                "cold_wall_s_median": _median(colds),
                "warm_wall_s_median": _median(warms),
                "cold_phases_median": _median_phases(colds),
                "python_torch_cuda_context_s": round(torch_ctx, 3),
                "target_cold_s": 3.0,
            },
            indent=2,
        )
    )
    return 0


def _median(runs: list[dict]) -> float | None:
    walls = [r["wall_s"] for r in runs if "wall_s" in r and "error" not in r]
    return round(statistics.median(walls), 3) if walls else None


def _median_phases(runs: list[dict]) -> dict:
    keys = {k for r in runs for k in r.get("phases", {})}
    return {
        k: round(statistics.median(r["phases"][k] for r in runs if k in r.get("phases", {})), 4)
        for k in sorted(keys)
    }


if __name__ == "__main__":
    sys.exit(main())
