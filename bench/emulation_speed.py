"""Speed of the CUDA-on-CPU emulation against the same algorithms written as plain C++ loops,
built by the same compiler with the same flags, on one worker thread (KJ_EMU_THREADS=1; the
loops are single-threaded too), plus where the overhead goes and what a compile costs.

    python3 bench/emulation_speed.py [--samples 3] [--out bench/results/emulation_speed]

Kernels: vector add of 16M floats (no synchronisation: plain calls), a 512^3 matrix product
with 16x16 shared-memory tiles and __syncthreads (every thread a fiber), a warp-shuffle
reduction of 16M floats (one element per thread, 5 shuffles, shared memory across warps, one
atomicAdd per block). Probes: the cost per GPU thread of an empty kernel, the fiber switches
per second of a barrier loop, and the compile time of a vector add with each host compiler.
Times are process CPU seconds (time.process_time: the box is shared, CPU time is what the
emulation itself costs) and wall seconds; medians of --samples runs after one warm-up.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import numpy as np  # noqa: E402
from provenance import provenance, report_head  # noqa: E402

from runner.languages.cuda.cpu_build import (  # noqa: E402
    COMMON_FLAGS,
    BuildOptions,
    build,
    host_compiler,
    optimisation_flags,
    user_flags,
)

EMULATED = r"""
#include <cuda_runtime.h>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
#define T 16
__global__ void mm(const float* A, const float* B, float* C, int n) {
    __shared__ float As[T][T], Bs[T][T];
    int r = blockIdx.y * T + threadIdx.y, c = blockIdx.x * T + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < n / T; t++) {
        As[threadIdx.y][threadIdx.x] = A[r * n + t * T + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * T + threadIdx.y) * n + c];
        __syncthreads();
        for (int k = 0; k < T; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[r * n + c] = acc;
}
__global__ void red(const float* x, float* out, int n) {
    __shared__ float warp_sums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0.0f;
        for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
        if (threadIdx.x == 0) atomicAdd(out, v);
    }
}
__global__ void empty() {}
__global__ void barriers(int rounds) { for (int r = 0; r < rounds; r++) __syncthreads(); }
extern "C" void run_vadd(const float* a, const float* b, float* c, int n) { vadd<<<(n + 255) / 256, 256>>>(a, b, c, n); }
extern "C" void run_mm(const float* a, const float* b, float* c, int n) { mm<<<dim3(n / T, n / T), dim3(T, T)>>>(a, b, c, n); }
extern "C" void run_red(const float* x, float* out, int n) { cudaMemset(out, 0, 4); red<<<(n + 255) / 256, 256>>>(x, out, n); }
extern "C" void run_empty(int blocks) { empty<<<blocks, 256>>>(); }
extern "C" void run_barriers(int rounds) { barriers<<<1, 1024>>>(rounds); }
"""

PLAIN = r"""
extern "C" void run_vadd(const float* a, const float* b, float* c, int n) {
    for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
}
#define T 16
extern "C" void run_mm(const float* A, const float* B, float* C, int n) {
    for (int bi = 0; bi < n; bi += T)
        for (int bj = 0; bj < n; bj += T)
            for (int i = bi; i < bi + T; i++)
                for (int j = bj; j < bj + T; j++) {
                    float acc = 0.0f;
                    for (int t = 0; t < n; t += T)
                        for (int k = 0; k < T; k++) acc += A[i * n + t + k] * B[(t + k) * n + j];
                    C[i * n + j] = acc;
                }
}
extern "C" void run_red(const float* x, float* out, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; i++) s += x[i];
    *out = s;
}
"""


def ptr(a: np.ndarray) -> ctypes.c_void_p:
    return a.ctypes.data_as(ctypes.c_void_p)


def timed(fn, samples: int) -> dict:
    fn()  # warm-up: first-launch costs (worker state, fiber stacks) are not the steady state
    cpu, wall = [], []
    for _ in range(samples):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {
        "cpu_s": cpu,
        "wall_s": wall,
        "cpu_median_s": statistics.median(cpu),
        "wall_median_s": statistics.median(wall),
    }


def compile_times(samples: int, tmp: Path) -> dict:
    source = (
        ROOT / "problems" / "catalog" / "vector-add" / "solutions" / "correct_basic.cu"
    ).read_text()
    out: dict = {}
    for name in ("g++", "clang++-19"):
        if not shutil.which(name):
            continue
        opts = BuildOptions(compiler=name)
        seconds = []
        for i in range(samples + 1):
            src = tmp / f"va-{name}-{i}.cu"
            src.write_text(f"// nonce {uuid.uuid4()}\n{source}")
            r = build(src, tmp / f"va-{name}-{i}", options=opts)
            if not r.ok:
                raise SystemExit(r.log)
            if i:  # the first one also builds the runtime into the cache
                seconds.append(r.seconds)
        out[name] = {"seconds": seconds, "median_s": statistics.median(seconds)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=3)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    os.environ["KJ_EMU_THREADS"] = "1"
    date = datetime.now(UTC).strftime("%Y-%m-%d")
    out_dir = args.out or ROOT / "bench" / "results" / "emulation_speed"
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="kj-emu-bench-"))
    src = tmp / "emulated.cu"
    src.write_text(EMULATED)
    r = build(src, tmp / "emulated")
    if not r.ok:
        raise SystemExit(r.log)
    emu = ctypes.CDLL(str(r.so_path))
    cxx = host_compiler(BuildOptions())
    plain_src = tmp / "plain.cpp"
    plain_src.write_text(PLAIN)
    plain_so = tmp / "plain.so"
    subprocess.run(
        [
            cxx,
            *optimisation_flags(BuildOptions()),
            *COMMON_FLAGS,
            "-shared",
            str(plain_src),
            "-o",
            str(plain_so),
        ],
        check=True,
    )
    plain = ctypes.CDLL(str(plain_so))

    rng = np.random.default_rng(0)
    n = 1 << 24
    a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    c_emu, c_plain = np.zeros(n, np.float32), np.zeros(n, np.float32)
    m = 512
    A, B = rng.random((m, m), dtype=np.float32), rng.random((m, m), dtype=np.float32)
    C_emu, C_plain = np.zeros((m, m), np.float32), np.zeros((m, m), np.float32)
    s_emu, s_plain = np.zeros(1, np.float32), np.zeros(1, np.float32)
    kernels = {
        "vector_add_16M": (
            lambda: emu.run_vadd(ptr(a), ptr(b), ptr(c_emu), n),
            lambda: plain.run_vadd(ptr(a), ptr(b), ptr(c_plain), n),
            lambda: bool(np.array_equal(c_emu, c_plain)),
            n,
        ),
        "tiled_matmul_512": (
            lambda: emu.run_mm(ptr(A), ptr(B), ptr(C_emu), m),
            lambda: plain.run_mm(ptr(A), ptr(B), ptr(C_plain), m),
            lambda: bool(np.allclose(C_emu, C_plain, rtol=1e-5)),
            m * m,
        ),
        "shuffle_reduction_16M": (
            lambda: emu.run_red(ptr(a), ptr(s_emu), n),
            lambda: plain.run_red(ptr(a), ptr(s_plain), n),
            lambda: bool(abs(float(s_emu[0]) - float(a.sum(dtype=np.float64))) < 1e-3 * n),
            n,
        ),
    }
    results: dict = {}
    for name, (run_emu, run_plain, check, threads) in kernels.items():
        e = timed(run_emu, args.samples)
        p = timed(run_plain, args.samples)
        results[name] = {
            "gpu_threads": threads,
            "emulated": e,
            "plain_loops": p,
            "same_result": check(),
            "overhead_cpu_x": e["cpu_median_s"] / max(p["cpu_median_s"], 1e-9),
            "emulated_cpu_ns_per_gpu_thread": e["cpu_median_s"] / threads * 1e9,
        }
        print(
            f"{name}: emulated {e['cpu_median_s']:.3f} s, loops {p['cpu_median_s']:.3f} s, x{results[name]['overhead_cpu_x']:.1f}",
            flush=True,
        )

    blocks = 1 << 14
    empty = timed(lambda: emu.run_empty(blocks), args.samples)
    rounds = 200
    bar = timed(lambda: emu.run_barriers(rounds), args.samples)
    # each wait is one switch: a waiting thread's fiber switches straight to the next one
    switches = 1024 * rounds
    probes = {
        "empty_kernel": {
            **empty,
            "gpu_threads": blocks * 256,
            "cpu_ns_per_gpu_thread": empty["cpu_median_s"] / (blocks * 256) * 1e9,
        },
        "barrier_loop": {
            **bar,
            "fiber_switches": switches,
            "switches_per_cpu_s": switches / max(bar["cpu_median_s"], 1e-9),
        },
    }
    print(
        f"empty kernel: {probes['empty_kernel']['cpu_ns_per_gpu_thread']:.1f} ns per thread; "
        f"barriers: {probes['barrier_loop']['switches_per_cpu_s'] / 1e6:.1f} M switches per CPU second",
        flush=True,
    )
    compiles = compile_times(args.samples, tmp)
    print(
        "compile of a vector add:",
        {k: round(v["median_s"], 2) for k, v in compiles.items()},
        flush=True,
    )
    prov = provenance()
    report = {
        **report_head("emulation_speed", prov),
        "provenance": prov,
        "method": "process CPU time and wall time of one call (median of the samples after one warm-up) "
        "of the emulated kernel (KJ_EMU_THREADS=1) and of the same algorithm as plain C++ loops, "
        "same compiler and flags; compile: build() of a vector add with a fresh nonce (runtime cached)",
        "samples": args.samples,
        "compiler": cxx,
        "flags": {
            "emulated": user_flags(cxx, BuildOptions()),
            "plain": [*optimisation_flags(BuildOptions()), *COMMON_FLAGS],
        },
        "kernels": results,
        "probes": probes,
        "compile_vector_add": compiles,
    }
    target = out_dir / f"{date}-{platform.node() or 'host'}.json"
    target.write_text(json.dumps(report, indent=2) + "\n")
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
