"""What a spare child's CUDA context step costs, part by part, on a GPU where another process
already holds a context (the service's supervisor): ``torch.cuda.init()``, the first tensor,
the driver handle, the timing events and the lead-in spin's calibration, each timed on the
host in a fresh process (runner/child/torch_child.py ``_context`` does the same steps).

    python3 bench/probes/2026-11-24/context_cost.py [--repeats 5] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

STEPS = r"""
import json, time
t = time.perf_counter()
import torch
out = {"import_torch": time.perf_counter() - t}
def step(name, fn):
    t = time.perf_counter(); fn(); out[name] = time.perf_counter() - t
step("cuda_init", torch.cuda.init)
step("first_tensor", lambda: torch.zeros(1, device="cuda"))
from runner.common.cudadrv import Driver
step("driver_handle", Driver.shared)
step("events", lambda: [torch.cuda.Event(enable_timing=True) for _ in range(3)])
from runner.common import leadin
step("spin_calibration", leadin.spin_cycles)
step("synchronize", torch.cuda.synchronize)
print(json.dumps(out))
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import torch,time; torch.zeros(1, device='cuda'); time.sleep(600)"]
    )
    time.sleep(8)  # the holder's context exists
    runs = []
    try:
        for _ in range(args.repeats):
            p = subprocess.run(
                [sys.executable, "-c", STEPS], capture_output=True, text=True, cwd=ROOT, check=True
            )
            runs.append(json.loads(p.stdout.strip().splitlines()[-1]))
    finally:
        holder.kill()
    med = {k: round(statistics.median(r[k] for r in runs), 4) for k in runs[0]}
    from provenance import provenance

    report = {"benchmark": "context_cost", "provenance": provenance(), "method": __doc__,
              "median_s": med, "runs": runs}  # fmt: skip
    for k, v in med.items():
        print(f"{k:18s} {v * 1e3:8.1f} ms")
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
