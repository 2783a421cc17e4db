"""What every ``smoke_<lang>.py`` shares: putting the unpacked archive on ``sys.path``, the
inputs, the check against torch, CUDA-event timing, and the one JSON line it prints."""

from __future__ import annotations

import argparse
import json
import os
import site
import sys
import time
import traceback
from pathlib import Path

STARTED = time.perf_counter()
N = 1 << 20  # elements of each vector; a multiple of every block size used


def parse_site() -> Path:
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", type=Path, required=True, help="the unpacked archive")
    folder = ap.parse_args().site
    site.addsitedir(str(folder))  # appends, and runs the folder's .pth files
    sys.path.remove(str(folder))
    sys.path.insert(0, str(folder))  # the carried packages win over any older copy
    if not os.environ.get("CUDA_HOME") and Path("/usr/local/cuda").is_dir():
        os.environ["CUDA_HOME"] = "/usr/local/cuda"
    return folder


def inputs():
    import torch

    gen = torch.Generator(device="cuda").manual_seed(0)
    a = torch.rand(N, device="cuda", generator=gen, dtype=torch.float32)
    b = torch.rand(N, device="cuda", generator=gen, dtype=torch.float32)
    return a, b, torch.empty_like(a)


def matches(a, b, c) -> bool:
    import torch

    torch.cuda.synchronize()
    return bool(torch.allclose(c, a + b, rtol=0, atol=1e-6))


def median_ms(launch, reps: int = 20) -> float:
    """Median of ``reps`` launches, each between two CUDA events on the current stream."""
    import torch

    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        launch()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return round(times[len(times) // 2], 4)


class Result:
    """The row a program reports; ``stage()`` marks progress, ``emit()`` prints it once."""

    def __init__(self) -> None:
        self.row = {
            "imported": False,
            "compiled": False,
            "correct": False,
            "first_result_s": None,
            "kernel_ms": None,
            "error": None,
        }

    def stage(self, name: str, value=True) -> None:
        self.row[name] = value
        self.row[f"{name}_at_s"] = round(time.perf_counter() - STARTED, 3)

    def first_result(self) -> None:
        self.row["first_result_s"] = round(time.perf_counter() - STARTED, 3)

    def fail(self, exc: BaseException) -> None:
        text = f"{type(exc).__name__}: {exc}".strip()
        self.row["error"] = text[:2000]
        self.row["traceback_tail"] = traceback.format_exc()[-3000:]

    def emit(self) -> None:
        print(json.dumps(self.row), flush=True)
