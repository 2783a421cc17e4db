"""Where a cold judgement's seconds go on a GPU machine, piece by piece.

    python bench/probes/2026-11-24/cold_start_profile.py [--repeat 3] [--out FILE.json]

Each piece runs in fresh processes, ``--repeat`` times, and the medians are reported:
the bare interpreter, ``import torch``, a CUDA context through the driver API alone (ctypes,
no torch), torch's CUDA context, and nvcc on the vector-add solution with the runner's flags
and with variants. The CUDA context is measured twice: with no other process holding the
GPU, and while one does (a driver kept initialised by another process). Needs a GPU and nvcc.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))
from provenance import provenance  # noqa: E402

SOURCE = ROOT / "problems" / "catalog" / "vector-add" / "solutions" / "correct_basic.cu"

DRIVER_CONTEXT = r"""
import ctypes, time
t0 = time.perf_counter()
cuda = ctypes.CDLL("libcuda.so.1")
t1 = time.perf_counter()
assert cuda.cuInit(0) == 0
t2 = time.perf_counter()
dev = ctypes.c_int(); assert cuda.cuDeviceGet(ctypes.byref(dev), 0) == 0
ctx = ctypes.c_void_p()
assert cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev) == 0
assert cuda.cuCtxSetCurrent(ctx) == 0
ptr = ctypes.c_uint64(); assert cuda.cuMemAlloc_v2(ctypes.byref(ptr), 1 << 20) == 0
assert cuda.cuCtxSynchronize() == 0
t3 = time.perf_counter()
print({"dlopen_s": t1 - t0, "cuInit_s": t2 - t1, "context_s": t3 - t2})
"""

TORCH_CONTEXT = r"""
import time
t0 = time.perf_counter()
import torch
t1 = time.perf_counter()
torch.cuda.init()
t2 = time.perf_counter()
torch.zeros(1, device="cuda"); torch.cuda.synchronize()
t3 = time.perf_counter()
print({"import_s": t1 - t0, "cuda_init_s": t2 - t1, "first_tensor_s": t3 - t2})
"""

SPARE_BOOT = r"""
import sys, time
sys.path.insert(0, ROOT)
t0 = time.perf_counter()
from runner.supervisor.childproc import Spare
spare = Spare("cuda")
t1 = time.perf_counter()
ok = spare.ready()
t2 = time.perf_counter()
spare.discard()
print({"spawn_s": t1 - t0, "boot_s": t2 - t1, "ok": ok})
"""

HOLDER = r"""
import ctypes, sys, time
cuda = ctypes.CDLL("libcuda.so.1"); cuda.cuInit(0)
dev = ctypes.c_int(); cuda.cuDeviceGet(ctypes.byref(dev), 0)
ctx = ctypes.c_void_p(); cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev)
print("ready", flush=True)
sys.stdin.read()
"""


def timed(argv: list[str], **kw) -> tuple[float, str]:
    t0 = time.perf_counter()
    p = subprocess.run(argv, capture_output=True, text=True, **kw)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{argv[:3]} failed: {p.stderr[-2000:]}")
    return wall, p.stdout


def python_piece(code: str, repeat: int, env: dict[str, str] | None = None) -> dict:
    """``python -c code`` in ``repeat`` fresh processes: wall medians, and the medians of the
    dict the code prints last, if any."""
    walls, inner = [], []
    for _ in range(repeat):
        wall, out = timed([sys.executable, "-c", code], env=env)
        walls.append(wall)
        if out.strip():
            inner.append(eval(out.strip().splitlines()[-1]))  # noqa: S307 - our own output
    result = {"wall_s_median": statistics.median(walls), "wall_s": walls}
    for key in inner[0] if inner else []:
        result[f"{key}_median"] = statistics.median(d[key] for d in inner)
    return result


def with_holder(fn):
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    holder.stdout.readline()
    try:
        return fn()
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def nvcc_variants(repeat: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from runner.supervisor.compile import UNIT_FILE, UNIT_SOURCE, flags_for  # noqa: PLC0415

    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    base = flags_for("sm_90")
    variants = {
        "runner_flags": base,
        "sass_only": [f if not f.startswith("-arch=") else "-arch=sm_90" for f in base]
        + ["-gencode", "arch=compute_90,code=sm_90"],
        "no_lineinfo": [f for f in base if f != "-lineinfo"],
        "host_O1": [*base, "-Xcompiler", "-O1"],
        "cudart_shared": [*base, "-cudart", "shared"],
    }
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        shutil.copyfile(SOURCE, d / "solution.cu")
        (d / UNIT_FILE).write_text(UNIT_SOURCE)
        for name, flags in variants.items():
            walls = []
            for _ in range(repeat):
                walls.append(timed([nvcc, *flags, "-o", "s.so", UNIT_FILE], cwd=d)[0])
            out[name] = {"flags": flags, "wall_s_median": statistics.median(walls)}
        # nvcc's own account of its phases, runner flags
        csv = d / "time.csv"
        timed([nvcc, *base, "--time", str(csv), "-o", "s.so", UNIT_FILE], cwd=d)
        out["phases_csv"] = csv.read_text()
        # the earlier build: the helper as a second translation unit
        helper = UNIT_SOURCE.replace('#include "solution.cu"', "")
        (d / "helper.cu").write_text(helper)
        argv = [nvcc, *base, "-o", "s.so", "solution.cu", "helper.cu"]
        walls = [timed(argv, cwd=d)[0] for _ in range(repeat)]
        out["two_translation_units"] = {"wall_s_median": statistics.median(walls)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out")
    args = ap.parse_args()
    r = args.repeat
    report: dict = {"cpu_count": os.cpu_count()}
    report["python_bare"] = python_piece("pass", r)
    report["import_torch"] = python_piece("import time; import torch", r)
    report["driver_context_alone"] = python_piece(DRIVER_CONTEXT, r)
    report["driver_context_gpu_held"] = with_holder(lambda: python_piece(DRIVER_CONTEXT, r))
    report["torch_context_alone"] = python_piece(TORCH_CONTEXT, r)
    report["torch_context_gpu_held"] = with_holder(lambda: python_piece(TORCH_CONTEXT, r))
    spare = SPARE_BOOT.replace("ROOT", repr(str(ROOT)))
    report["sandboxed_child_boot"] = python_piece(spare, r)
    report["sandboxed_child_boot_gpu_held"] = with_holder(lambda: python_piece(spare, r))
    report["nvcc"] = nvcc_variants(r)
    report["provenance"] = provenance()
    text = json.dumps(report, indent=1)
    if args.out:
        Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
