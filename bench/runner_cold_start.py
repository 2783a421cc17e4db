"""Cold start of ``python -m runner judge`` on the CUDA vector add, with a phase breakdown.

    python bench/runner_cold_start.py [--mode run|submit]

Runs the CLI twice in fresh processes: first with an empty compile cache (cold: nvcc runs),
then again (warm: the cached .so is reused). Prints JSON with the wall time of each process
and the runner's own phases (compile_s, start_s, tests_s, benchmark_s, total_s). Needs a GPU.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBLEM = ROOT / "problems" / "catalog" / "vector-add"
SOURCE = PROBLEM / "solutions" / "correct_basic.cu"


def one(cache: str, mode: str) -> dict:
    env = {**os.environ, "KERNELJUDGE_CACHE": cache, "PYTHONPATH": str(ROOT)}
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
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        cold = one(cache, args.mode)
        warm = one(cache, args.mode)
    t0 = time.monotonic()
    subprocess.run(
        [sys.executable, "-c", "import torch; torch.zeros(1, device='cuda')"], check=False
    )
    torch_ctx = time.monotonic() - t0
    print(
        json.dumps(
            {
                "mode": args.mode,
                "cold": cold,
                "warm": warm,
                "python_torch_cuda_context_s": round(torch_ctx, 3),
                "target_cold_s": 3.0,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
