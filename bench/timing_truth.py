"""Is the judge's clock right? For 6 problems x 2 correct CUDA solutions, compare the judge's
median (``python -m runner job``, mode submit) of each benchmark case with two outside
measurements of the same call, each in its own process:

- ``ncu --metrics gpu__time_duration.sum --clock-control none`` (kernel time on the GPU, per
  call the sum over the kernels launched inside an NVTX range around the call; ncu flushes
  the caches before every kernel, like the judge's L2 flush), and
- ``triton.testing.do_bench(..., return_mode="median")`` (which also clears the L2 between calls).

The verdict per case is the ratio judge / outside (target: within +-3 %). Solutions whose
case medians are >= 100 us are judged `--repeats-long` times (default 5) and get the
coefficient of variation of the judge's median across judgements; others `--repeats`.

    python3 bench/timing_truth.py [--budget 3] [--time-budget 420] [--out DIR]
    python3 bench/timing_truth.py --device cpu --quick   # smoke test: PyTorch on the CPU,
                                                          # truth = a perf_counter loop
    python3 bench/timing_truth.py --language jax [--no-ncu]   # JAX solutions (below)
    python3 bench/timing_truth.py --language cute [--no-ncu]  # CuTe DSL solutions (below)
    python3 bench/timing_truth.py --language tilelang         # TileLang solutions (below)
    python3 bench/timing_truth.py --language cutile           # cuTile solutions (below)
    python3 bench/timing_truth.py --language mojo --no-ncu    # Mojo solutions (below)

JAX (``--language jax``): the judged cases against two outside measurements of the same call
(inputs as DLPack views made once, the returned arrays viewed from torch): an event loop on the
stream JAX runs its programs on (runner/child/jax_stream.py), each call after the L2 flush, a
device synchronise and JAX's lead-in spin on that stream, so JAX's dispatch is off the clock as
``do_bench``'s launch is for a kernel (this loop decides the +-3 % verdict); and, for
information, ncu's kernel time (which reads 8-10 % below the events for CUDA's vector-add too)
and ``do_bench`` of the same call, whose events are on torch's stream and do not bracket JAX's
kernels.

CuTe DSL (``--language cute``; the package on PYTHONPATH): the judged cases against
``do_bench`` and ncu of the same compiled function, bound and compiled by the judge's own
harness (runner/child/cute_solution.py: dynamic layouts, one ``cute.compile`` before timing)
in a plain process; its kernels run on torch's stream like a CUDA solution's, so the verdict
is judged as for CUDA.

Mojo (``--language mojo``, GPU only): the library built as the judge builds it, its ``solve``
called through ctypes with the library that keeps one DeviceContext per device loaded first,
as in the judge's child (runner/child/mojo_context.c). The judge ends a Mojo call at the
solution's synchronise (docs/languages/mojo.md), so the verdict is against ``do_bench`` of the
same kernels alone: the same ``solve``, with that library built with KJ_LAUNCH_ONLY (the kept
context's synchronise does not wait), on the kept context's stream, in fresh processes. For
information, ``do_bench`` of the whole call (the runtime's wait in it, the library as the
judge's), also in fresh processes.

cuTile (``--language cutile``, GPU only) is measured as TileLang is, with the judge child's
settings (tileiras and its ptxas first on PATH, no disk cache).

TileLang (``--language tilelang``, GPU only): the same call as the judge's (torch tensors,
TileLang launching on torch's current stream, compiled by the untimed first call) against
``do_bench``, which decides the +-3 % verdict, and for information the event loop with the
judge's lead-in and ncu's kernel time (which leaves out TileLang's host-side dispatch).

Extends a one-problem probe (bench/probes/2026-11-24/timing_truth_vector_add.py, do_bench
only) to six problems and ncu.
"""

from __future__ import annotations

import argparse
import csv
import ctypes
import io
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_common import (  # noqa: E402
    CATALOG,
    ROOT,
    RunnerService,
    arch_of_gpu,
    cv,
    default_out_dir,
    header,
    job_json,
    language_of,
    md_table,
    run_job,
    write_outputs,
    write_partial,
)

from runner.contract.vocabulary import NATIVE_LANGUAGES  # noqa: E402

SETS_CUDA = [
    ("vector-add", ["correct_basic.cu", "correct_vec4.cu"]),
    ("relu", ["correct_basic.cu", "correct_vec4.cu"]),
    ("matrix-addition", ["correct_2d.cu", "correct_vec4.cu"]),
    ("matrix-transpose", ["correct_naive.cu", "correct_tiled.cu"]),
    ("reduction", ["correct_atomic.cu", "correct_two_pass.cu"]),
    ("softmax", ["correct_online.cu", "correct_three_pass.cu"]),
    # cases of 0.1 ms and more (the acceptance of the clock bound's CV needs several)
    ("matrix-multiplication", ["correct_fp32_accumulate.cu", "correct_tiled_f64acc.cu"]),
    ("batched-matrix-multiplication", ["correct_tiled_fp32.cu"]),
    ("2d-convolution", ["correct_smem_tiled.cu"]),
    ("gemm", ["correct_tiled_fp32.cu"]),
    # over 1 ms a case on an H200 (the catalog validation's scores: 3.4, 5.2 and 6.8 ms)
    ("causal-attention", ["correct_online_softmax.cu"]),
    ("radix-sort", ["correct_lsd_radix.cu"]),
    ("int8-quantized-matmul", ["correct_tiled_int.cu"]),
]
SETS_CPU = [("vector-add", ["correct_pytorch.py"])]
SETS_JAX = [
    ("vector-add", ["correct_jax.py"]),  # memory-bound: the timing-truth case of the issue
    ("relu", ["correct_jax.py"]),
    ("matrix-transpose", ["correct_jax.py"]),
    ("matrix-multiplication", ["correct_jax.py"]),
]
SETS_CPU_JAX = [("vector-add", ["correct_jax.py"])]
SETS_CUTE = [
    ("vector-add", ["correct_cute.py"]),  # memory-bound: the timing-truth case of the issue
    ("relu", ["correct_cute.py"]),
    ("matrix-transpose", ["correct_cute.py"]),
    ("matrix-multiplication", ["correct_cute.py"]),
]
SETS_TILELANG = [
    ("vector-add", ["correct_tilelang.py"]),  # memory-bound: the timing-truth case of the issue
    ("relu", ["correct_tilelang.py"]),
    ("matrix-transpose", ["correct_tilelang.py"]),
    ("reduction", ["correct_tilelang.py"]),  # two kernels per call
]
SETS_MOJO = [
    ("vector-add", ["correct_grid.mojo"]),  # memory-bound: the timing-truth case of the issue
    ("relu", ["correct_grid.mojo"]),
]
SETS_CUTILE = [
    ("vector-add", ["correct_cutile.py"]),  # memory-bound: the timing-truth case of the issue
    ("leaky-relu", ["correct_cutile.py"]),
]
EVENT_LOOP_CALLS = 200
NCU_CALLS = 5
TOLERANCE = 0.03

# --- the measuring process (--measure): one solution, every benchmark case ----------------


def _callable(problem, sol: Path, device: str, so_path: str | None, launch_only: bool = False):
    """solve(tensors..., scalars...) for the loaded solution, in the signature's order."""
    params = problem.params
    if so_path:
        if language_of(sol) == "mojo":  # as the judge's child: one DeviceContext kept
            import os

            from runner.supervisor import mojo_context

            library = mojo_context.library(launch_only=launch_only)
            ctypes.CDLL(str(library), mode=os.RTLD_GLOBAL | os.RTLD_NOW)
        lib = ctypes.CDLL(so_path)
        lib.solve.restype = None
        lib.solve.argtypes = [
            ctypes.c_void_p
            if p.is_tensor
            else (ctypes.c_float if p.dtype == "float" else ctypes.c_int)
            for p in params
        ]

        def bind(tensors, scalars):
            args = [tensors[p.name].data_ptr() if p.is_tensor else scalars[p.name] for p in params]
            return lambda: lib.solve(*args)

        return bind
    import importlib.util

    if language_of(sol) == "cute":
        return _cute_binder(problem, sol, device)
    jax_solution = language_of(sol) == "jax"
    if jax_solution:  # the judge child's environment for JAX
        import os

        from runner.languages.jax.supervisor import jax_env

        os.environ.update(jax_env(device))
    if language_of(sol) == "tilelang":  # its kernel cache in a folder of this process's own
        import os

        os.environ.setdefault("TILELANG_CACHE_DIR", tempfile.mkdtemp(prefix="kjbench-tilelang-"))
        os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")
    if language_of(sol) == "cutile":  # the judge child's settings: tileiras first on PATH
        import os

        from runner.supervisor import cutile

        job = Path(tempfile.mkdtemp(prefix="kjbench-cutile-"))
        os.environ.update(cutile.child_env(job, os.environ.get("PATH", "")))
    spec = importlib.util.spec_from_file_location("kjbench_solution", sol)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if jax_solution:
        import jax

        def bind_jax(tensors, scalars):
            """The judge's convention (docs/languages/jax.md): inputs as DLPack views made
            once, scalars, the returned arrays viewed from torch (torch's stream waits for
            JAX's kernels)."""
            import torch

            args = []
            for p in params:
                if not p.is_tensor:
                    args.append(scalars[p.name])
                elif p.role != "out":
                    t = tensors[p.name]
                    args.append(jax.dlpack.from_dlpack(t.view(-1) if p.py_layout == "flat" else t))

            def call():
                out = mod.solve(*args)
                return [torch.from_dlpack(x) for x in (out if isinstance(out, tuple) else (out,))]

            return call

        return bind_jax

    def bind_py(tensors, scalars):
        args = []
        for p in params:
            if p.is_tensor:
                t = tensors[p.name]
                args.append(t.view(-1) if p.py_layout == "flat" else t)
            else:
                args.append(scalars[p.name])
        return lambda: mod.solve(*args)

    return bind_py


def _cute_binder(problem, sol: Path, device: str):
    """The judge's CuTe DSL convention, through its own harness: cute.Tensor views with
    dynamic layouts, CuTe scalars, one ``cute.compile`` per dtype signature (made here, before
    any timing), the compiled function called on torch's current stream."""
    import importlib.util
    import os

    from runner.supervisor.cutedsl import cute_env

    os.environ.update(cute_env(Path(tempfile.mkdtemp(prefix="kjbench-cute-"))))
    from runner.child import cute_solution

    spec = importlib.util.spec_from_file_location("kjbench_solution", sol)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    params = [
        {"name": p.name, "role": p.role, "dtype": p.dtype, "py_layout": p.py_layout}
        for p in problem.params
    ]
    compiled: dict = {}

    def bind_cute(tensors, scalars):
        return cute_solution.Call(mod.solve, params, tensors, scalars, compiled)

    return bind_cute


def measure(args) -> dict:
    import torch

    from runner.common.tensors import TORCH_DTYPES
    from runner.contract import ProblemSpec
    from runner.supervisor.inputs import case_scalars, generate_inputs, output_shapes

    problem = ProblemSpec.from_dir(CATALOG / args.problem)
    sol = CATALOG / args.problem / "solutions" / args.solution
    # Mojo's do_bench: the kernels alone, on the kept context's stream (the judge's figure
    # ends at the solution's synchronise); do_bench_call: the whole call, the runtime's wait
    # in it
    launch_only = language_of(sol) == "mojo" and args.measure == "do_bench"
    bind = _callable(problem, sol, args.device, args.so, launch_only)
    dev = "cuda" if args.device == "cuda" else "cpu"
    out = []
    for ci, case in enumerate(problem.benchmarks):
        scalars = case_scalars(case, dev)
        tensors = generate_inputs(problem, case, 12345 + ci, dev)
        for name, shape in output_shapes(problem, scalars).items():
            if name not in tensors:
                dtype = TORCH_DTYPES[problem.param(name).dtype]
                tensors[name] = torch.zeros(shape, dtype=dtype, device=dev)
        call = bind(tensors, scalars)
        call()
        if dev == "cuda":
            torch.cuda.synchronize()
        row = {"case": case.name}
        if args.measure in ("do_bench", "do_bench_call"):
            import contextlib

            import triton.testing

            stream = _language_stream(sol, launch_only) if launch_only else None
            with torch.cuda.stream(stream) if stream else contextlib.nullcontext():
                row[f"{args.measure}_median_ms"] = triton.testing.do_bench(
                    call, warmup=100, rep=1000, return_mode="median"
                )
        elif args.measure == "events":
            row["events_median_ms"] = _event_loop(call, language_of(sol), _language_stream(sol))
        elif args.measure == "ncu":
            for _ in range(NCU_CALLS):
                torch.cuda.nvtx.range_push("kjcall")
                call()
                torch.cuda.synchronize()
                torch.cuda.nvtx.range_pop()
            torch.cuda.nvtx.range_push("kjcase_end")  # separates cases in the ncu log
            torch.cuda.nvtx.range_pop()
        else:  # cpu: a plain perf_counter loop, median of the calls
            times = []
            for _ in range(max(10, args.cpu_calls)):
                t0 = time.perf_counter()
                call()
                times.append((time.perf_counter() - t0) * 1000.0)
            row["loop_median_ms"] = statistics.median(times)
        out.append(row)
        del tensors
        if dev == "cuda":
            torch.cuda.empty_cache()
    return {"cases": out}


def _language_stream(sol: Path, launch_only: bool = False):
    """The stream the language runs its kernels on, if not torch's: JAX's own, or the stream of
    the DeviceContext the judge's child keeps for Mojo (runner/child/mojo_context.c, loaded
    with the solution by ``_callable``), where the judge queues its lead-in and events."""
    if language_of(sol) not in ("jax", "mojo"):
        return None
    import torch

    if language_of(sol) == "mojo":
        from runner.supervisor import mojo_context

        # the copy _callable loaded
        kept = ctypes.CDLL(str(mojo_context.library(launch_only=launch_only)))
        kept.kj_mojo_stream.restype = ctypes.c_void_p
        kept.kj_mojo_stream.argtypes = [ctypes.c_int]
        handle = kept.kj_mojo_stream(0)
        return torch.cuda.ExternalStream(handle) if handle else None

    from runner.child.jax_stream import compute_stream
    from runner.supervisor.jax_stream import library

    return torch.cuda.ExternalStream(compute_stream(str(library())))


def _event_loop(call, language: str, stream=None) -> float:
    """Median of CUDA events around ``call``, each after an L2 flush, a device synchronise
    (nothing of the flush can overlap the call, whatever stream the call uses) and the
    judge's lead-in for the language (runner/common/leadin.py), on ``stream`` if given."""
    import contextlib

    import torch

    from runner.common import leadin

    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    from runner.supervisor.language import plugin

    ms = plugin(language).lead_in_ms or leadin.LEAD_IN_MS
    cycles = leadin.scaled(leadin.spin_cycles(), ms)
    times = []
    on_stream = torch.cuda.stream(stream) if stream is not None else contextlib.nullcontext()
    with on_stream:
        for i in range(EVENT_LOOP_CALLS + 10):
            flush.zero_()
            torch.cuda.synchronize()
            leadin.spin(cycles)
            start.record()
            call()
            end.record()
            end.synchronize()
            if i >= 10:
                times.append(start.elapsed_time(end))
    return statistics.median(times)


# --- the driver -----------------------------------------------------------------------------


def sub_measure(
    kind: str, slug: str, sol: str, device: str, so: str | None, cpu_calls: int = 30
) -> dict:
    cmd = [sys.executable, __file__, "--measure", kind, "--problem", slug, "--solution", sol, "--device", device,
           "--cpu-calls", str(cpu_calls)] + (["--so", so] if so else [])  # fmt: skip
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
    except subprocess.TimeoutExpired:
        return {"error": f"{kind} timed out"}
    if p.returncode != 0:
        return {"error": f"{kind} failed: {p.stderr[-1500:]}"}
    return json.loads(p.stdout.strip().splitlines()[-1])


def do_bench_processes(
    slug: str, sol: str, so: str | None, processes: int, kind: str = "do_bench"
) -> dict:
    """``do_bench`` (``kind``) of the solution in ``processes`` fresh processes; per case the
    median of their medians (``<kind>_process_medians_ms`` keeps each). More than one process
    where a call's host work varies between processes (Mojo's runtime), so that the judge's
    fresh children are compared with fresh processes, not with one."""
    runs = [sub_measure(kind, slug, sol, "cuda", so) for _ in range(max(1, processes))]
    good = [r for r in runs if "cases" in r]
    if not good:
        return runs[0]
    out = dict(good[0])
    out["cases"] = []
    for ci, case in enumerate(good[0]["cases"]):
        meds = [r["cases"][ci][f"{kind}_median_ms"] for r in good]
        out["cases"].append(
            {
                **case,
                f"{kind}_median_ms": statistics.median(meds),
                f"{kind}_process_medians_ms": meds,
            }
        )
    out["processes"] = len(good)
    return out


def ncu_measure(slug: str, sol: str, so: str, n_cases: int) -> dict:
    """Kernel time per call from ncu: kernels inside the `kjcall` NVTX ranges, in launch
    order; NCU_CALLS calls per case, so case k owns the k-th block of calls. A call's time is
    the sum over its kernels; returned per case as the median and the mean over calls."""
    ncu = shutil.which("ncu")
    if not ncu:
        return {"error": "ncu not found"}
    cmd = [ncu, "--metrics", "gpu__time_duration.sum", "--clock-control", "none", "--csv", "--print-units", "base",
           "--nvtx", "--nvtx-include", "kjcall/",
           sys.executable, __file__, "--measure", "ncu", "--problem", slug, "--solution", sol, "--device", "cuda",
           ] + (["--so", so] if so else [])  # fmt: skip
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=420)
    except subprocess.TimeoutExpired:
        return {"error": "ncu timed out"}
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith('"')]
    if not lines:
        return {"error": f"ncu gave no CSV (rc {p.returncode}): {(p.stdout + p.stderr)[-1500:]}"}
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    kernels = []
    for r in rows:
        if r.get("Metric Name") != "gpu__time_duration.sum":
            continue
        value = float(str(r.get("Metric Value", "0")).replace(",", ""))
        unit = (r.get("Metric Unit") or "nsecond").strip()
        scale = {"nsecond": 1e-6, "usecond": 1e-3, "msecond": 1.0, "second": 1e3}.get(unit, 1e-6)
        kernels.append((int(r.get("ID", len(kernels))), value * scale))
    kernels.sort()
    total_calls = NCU_CALLS * n_cases
    if not kernels or len(kernels) % total_calls:
        return {"error": f"{len(kernels)} kernels for {total_calls} calls; cannot split per call",
                "kernels_ms": [k[1] for k in kernels][:50]}  # fmt: skip
    per_call = len(kernels) // total_calls
    calls = [
        sum(k[1] for k in kernels[i * per_call : (i + 1) * per_call]) for i in range(total_calls)
    ]
    cases = []
    for c in range(n_cases):
        block = calls[c * NCU_CALLS : (c + 1) * NCU_CALLS]
        cases.append(
            {"ncu_median_ms": statistics.median(block), "ncu_mean_ms": statistics.fmean(block)}
        )
    return {"kernels_per_call": per_call, "cases": cases}


def compile_so(sol: Path, arch: str, tmp: str) -> tuple[str | None, str]:
    """A CUDA or Mojo solution built into a shared library as the judge builds it."""
    from runner.supervisor.compile import compile_cuda
    from runner.supervisor.mojo_build import compile_mojo

    build = compile_mojo if language_of(sol) == "mojo" else compile_cuda
    res = build(sol.read_text(), Path(tmp), arch, 300)
    return (str(res.so_path), "") if res.ok else (None, res.log[-1500:])


def within(ratio: float) -> bool:
    """Whether a ratio of two timings is within TOLERANCE of 1."""
    return abs(ratio - 1) <= TOLERANCE


def worst(ratios: list[float]) -> float:
    """The ratio furthest from 1."""
    return max(ratios, key=lambda x: abs(x - 1))


def do_bench_spread(processes_ms: list[float], judge_ms: list[float]) -> dict:
    """``do_bench`` held to the judge's rule: each fresh process's median against the median
    of them all (how far the yardstick itself moves between processes), and whether every
    judgement lies within the range the processes span, widened by TOLERANCE. Empty with
    fewer than two processes; the range verdict None without a judgement."""
    if len(processes_ms) < 2:
        return {}
    med = statistics.median(processes_ms)
    own = [ratio(m, med) for m in processes_ms]
    lo, hi = min(processes_ms) * (1 - TOLERANCE), max(processes_ms) * (1 + TOLERANCE)
    return {
        "do_bench_worst_process_over_median": worst(own),
        "do_bench_every_process_within_3pct": all(map(within, own)),
        "every_within_do_bench_range_3pct": (
            all(lo <= m <= hi for m in judge_ms) if judge_ms else None
        ),
    }


def ratio(a, b):
    return round(a / b, 4) if a and b else None


def one_solution(slug: str, sol_name: str, args, arch: str, judge=run_job) -> dict:
    from runner.contract import ProblemSpec

    sol = CATALOG / slug / "solutions" / sol_name
    lang = language_of(sol)
    problem = ProblemSpec.from_dir(CATALOG / slug)
    n_cases = len(problem.benchmarks)
    limits = {"benchmark_budget_s": args.budget} if args.budget else None
    judgements = []
    want = args.repeats
    i = 0
    while i < want:
        r = judge(
            job_json(slug, sol.read_text(), lang, args.device, "submit", 7000 + i, limits, arch)
        )
        judgements.append(r)
        i += 1
        if i == 1 and r.get("cases") and max(c["median_ms"] or 0 for c in r["cases"]) >= 0.1:
            want = max(want, args.repeats_long)
        if r.get("verdict") != "accepted":
            break
    entry = {"problem": slug, "solution": sol_name, "language": lang,
             "verdicts": [j.get("verdict") for j in judgements],
             "flags": [j.get("flags") for j in judgements],
             "messages": [j.get("message") for j in judgements if j.get("message")][:2]}  # fmt: skip
    ok = [j for j in judgements if j.get("verdict") == "accepted"]
    so = None
    with tempfile.TemporaryDirectory(prefix="kjbench-so-") as tmp:
        if args.device == "cuda" and lang in NATIVE_LANGUAGES:
            so, log = compile_so(sol, arch, tmp)
            if so is None:
                entry["error"] = f"compile failed: {log}"
        outside = {}
        if args.device == "cuda" and (so or lang not in NATIVE_LANGUAGES):
            outside["do_bench"] = do_bench_processes(slug, sol_name, so, args.outside_processes)
            if lang in ("jax", "tilelang", "cutile"):
                outside["events"] = sub_measure("events", slug, sol_name, "cuda", so)
            if lang == "mojo":
                outside["do_bench_call"] = do_bench_processes(
                    slug, sol_name, so, args.outside_processes, "do_bench_call"
                )
            outside["ncu"] = (
                ncu_measure(slug, sol_name, so, n_cases)
                if not args.no_ncu
                else {"error": "skipped"}
            )
        elif args.device == "cpu":
            outside["loop"] = sub_measure("cpu", slug, sol_name, "cpu", None, args.cpu_calls)
    cases = []
    for ci, case in enumerate(problem.benchmarks):
        meds = [j["cases"][ci]["median_ms"] for j in ok if len(j.get("cases") or []) > ci]
        judge_med = statistics.median(meds) if meds else None
        row = {"case": case.name, "judge_medians_ms": meds, "judge_median_ms": judge_med,
               "judge_runs": [j["cases"][ci].get("runs") for j in ok if len(j.get("cases") or []) > ci]}  # fmt: skip
        row["judge_cv"] = round(cv(meds), 5) if len(meds) >= 2 and cv(meds) is not None else None
        for kind in ("do_bench", "do_bench_call"):
            db = (outside.get(kind) or {}).get("cases")
            if db and ci < len(db):
                row[f"{kind}_median_ms"] = db[ci][f"{kind}_median_ms"]
                row[f"{kind}_process_medians_ms"] = db[ci].get(f"{kind}_process_medians_ms")
                row[f"judge_over_{kind}"] = ratio(judge_med, row[f"{kind}_median_ms"])
        nc = (outside.get("ncu") or {}).get("cases")
        if nc and ci < len(nc):
            row["ncu_median_ms"] = nc[ci]["ncu_median_ms"]
            row["judge_over_ncu"] = ratio(judge_med, row["ncu_median_ms"])
        ev = (outside.get("events") or {}).get("cases")
        if ev and ci < len(ev):
            row["events_median_ms"] = ev[ci]["events_median_ms"]
            row["judge_over_events"] = ratio(judge_med, row["events_median_ms"])
        lp = (outside.get("loop") or {}).get("cases")
        if lp and ci < len(lp):
            row["loop_median_ms"] = lp[ci]["loop_median_ms"]
            row["judge_over_loop"] = ratio(judge_med, row["loop_median_ms"])
        truths = ("judge_over_do_bench", "judge_over_ncu")
        if lang == "jax":  # the event loop on JAX's stream (the module's doc)
            truths = ("judge_over_events",)
        ratios = [row.get(k) for k in truths if row.get(k)]
        row["within_3pct"] = all(map(within, ratios)) if ratios else None
        # every judgement, not only their median: each one against the first truth measured
        truth = next((row[k.replace("judge_over_", "") + "_median_ms"] for k in truths
                      if row.get(k)), None)  # fmt: skip
        if truth:
            each = [round(m / truth, 4) for m in meds]
            row["each_judge_over_truth"] = each
            row["worst_judge_over_truth"] = worst(each)
            row["every_within_3pct"] = all(map(within, each))
        row.update(do_bench_spread(row.get("do_bench_process_medians_ms") or [], meds))
        # how each judgement's time was decided (runner/supervisor/clock.py)
        row["judge_clocks"] = [
            _clock_of(j["cases"][ci]) for j in ok if len(j.get("cases") or []) > ci
        ]
        cases.append(row)
    entry["cases"] = cases
    entry["errors"] = {
        k: v["error"] for k, v in outside.items() if isinstance(v, dict) and v.get("error")
    }
    if outside.get("ncu", {}).get("kernels_per_call"):
        entry["kernels_per_call"] = outside["ncu"]["kernels_per_call"]
    return entry


YES = {True: "yes", False: "NO", None: "–"}


def _from_bound(case_row: dict) -> int:
    """How many of a case's judgements took the supervisor's bound as their time."""
    return sum(1 for k in case_row.get("judge_clocks") or [] if k.get("consistent") is False)


def _clock_of(case: dict) -> dict:
    """One judgement's clock for one case: its bound against its events, and the calls timed
    in full."""
    clk = case.get("clock") or {}
    keep = ("event_median_ms", "bound_ms", "slack_ms", "empty_window_ms", "drift_ms", "consistent")
    out = {k: round(clk[k], 5) if isinstance(clk.get(k), float) else clk.get(k) for k in keep}
    out.update(
        {
            k: case.get(k)
            for k in (
                "burst_calls",
                "clock_noise_ms",
                "synced_time_calls",
                "late_sync_calls",
                "runs",
                "clock_samples",
            )
        }
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument(
        "--language", default="cuda", choices=["cuda", "jax", "cute", "tilelang", "cutile", "mojo"]
    )
    ap.add_argument("--repeats", type=int, default=3, help="judgements per solution")
    ap.add_argument(
        "--repeats-long", type=int, default=5, help="judgements when a case median >= 100 us"
    )
    ap.add_argument(
        "--budget", type=float, default=3.0, help="benchmark_budget_s per judgement (0: problem's)"
    )
    ap.add_argument(
        "--time-budget", type=float, default=420.0, help="start no new solution after this many s"
    )
    ap.add_argument("--only", default="", help="comma-separated problem slugs")
    ap.add_argument("--no-ncu", action="store_true")
    ap.add_argument(
        "--via",
        default="process",
        choices=["process", "service"],
        help="judge with a fresh `python -m runner job` each, or through the warm `runner serve`",
    )
    ap.add_argument("--cpu-calls", type=int, default=30)
    ap.add_argument(
        "--outside-processes",
        type=int,
        default=1,
        help="do_bench in this many fresh processes, the median of their medians (GPU)",
    )
    ap.add_argument("--out", default="")
    ap.add_argument("--quick", action="store_true")
    # the measuring subprocess
    ap.add_argument("--measure", choices=["do_bench", "do_bench_call", "ncu", "cpu", "events"])
    ap.add_argument("--problem")
    ap.add_argument("--solution")
    ap.add_argument("--so")
    ap.add_argument(
        "--merge",
        nargs="+",
        metavar="REPORT",
        help="no measuring: one report of these timing_truth.json files (a run split across "
        "machine sessions); a later file's solution replaces an earlier one's",
    )
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args)))
        return 0
    if args.merge:
        return merge_reports([Path(f) for f in args.merge], args)
    if args.quick:
        args.repeats, args.repeats_long, args.budget, args.cpu_calls = 2, 2, 0.5, 10
    sets = SETS_CUDA if args.device == "cuda" else SETS_CPU
    if args.language == "jax":
        sets = SETS_JAX if args.device == "cuda" else SETS_CPU_JAX
    if args.language == "cute":  # GPU only
        sets = SETS_CUTE
    if args.language == "tilelang":  # GPU only
        sets = SETS_TILELANG if args.device == "cuda" else []
    if args.language == "cutile":  # GPU only
        sets = SETS_CUTILE if args.device == "cuda" else []
    if args.language == "mojo":  # GPU only
        sets = SETS_MOJO if args.device == "cuda" else []
    if args.only:
        sets = [s for s in sets if s[0] in args.only.split(",")]
    arch = arch_of_gpu() if args.device == "cuda" else "sm_90"
    t0 = time.monotonic()
    solutions = []
    skipped = []
    service = RunnerService(args.device) if args.via == "service" else None
    judge = service.judge if service else run_job
    for slug, sols in sets:
        for sol in sols:
            if time.monotonic() - t0 > args.time_budget:
                skipped.append(f"{slug}/{sol}")
                continue
            e = one_solution(slug, sol, args, arch, judge)
            solutions.append(e)
            write_partial(
                Path(args.out) if args.out else default_out_dir(), "timing_truth", solutions
            )
            print(f"[timing_truth] {slug}/{sol}: {e['verdicts']} "
                  f"{[(c['case'], c['judge_median_ms'], c.get('judge_over_do_bench'), c.get('judge_over_ncu'), c.get('judge_over_loop')) for c in e['cases']]} {e['errors']}",
                  file=sys.stderr, flush=True)  # fmt: skip
    if service:
        print(service.close(), file=sys.stderr)
    write_report(args, solutions, skipped)
    return 0


def merge_reports(paths: list[Path], args) -> int:
    reports = [json.loads(path.read_text()) for path in paths]
    by_name = {
        f"{sol['problem']}/{sol['solution']}": sol for r in reports for sol in r["solutions"]
    }
    skipped = sorted({name for r in reports for name in r["skipped_for_time"]} - set(by_name))
    sources = [
        {"file": str(path), **{k: r[k] for k in ("date", "commit", "machine")}}
        for path, r in zip(paths, reports, strict=True)
    ]
    # the machine that measured (the newest report's), not the one merging
    write_report(
        args,
        list(by_name.values()),
        skipped,
        machine=reports[-1]["machine"],
        merged_from=sources,
    )
    return 0


def write_report(args, solutions: list[dict], skipped: list[str], **extra) -> None:
    report = header("timing_truth", args.device, args)
    report.update(extra)
    all_cases = [c for s in solutions for c in s["cases"] if c.get("judge_median_ms") is not None]
    long_cvs = [
        c["judge_cv"]
        for c in all_cases
        if c["judge_median_ms"] >= 0.1 and c.get("judge_cv") is not None
    ]
    report.update({
        "methods": {
            "judge_median_ms": "median over repeated submit judgements of the judge's case "
            "median (runner only); samples: len(judge_medians_ms)",
            "do_bench_median_ms": "triton.testing.do_bench of the same solution (GPU; Mojo: "
            "its kernels alone, launched by its solve with the kept context's synchronise not "
            "waiting, on that context's stream)",
            "do_bench_call_median_ms": "Mojo: triton.testing.do_bench of the whole call, the "
            "runtime's wait in it (information)",
            "ncu_median_ms": "Nsight Compute's gpu__time_duration of the kernels (GPU)",
            "loop_median_ms": "a plain timed loop of the solution in one process (CPU)",
        },
        "tolerance": TOLERANCE,
        "solutions": solutions,
        "skipped_for_time": skipped,
        "summary": {
            "cases": len(all_cases),
            "within_3pct": sum(1 for c in all_cases if c.get("within_3pct")),
            "compared": sum(1 for c in all_cases if c.get("within_3pct") is not None),
            "every_judgement_within_3pct": sum(1 for c in all_cases if c.get("every_within_3pct")),
            "judgements_off_3pct": sum(
                sum(1 for x in c.get("each_judge_over_truth") or [] if not within(x))
                for c in all_cases
            ),
            "judgements_from_bound": sum(_from_bound(c) for c in all_cases),
            "do_bench_every_process_within_3pct": sum(
                1 for c in all_cases if c.get("do_bench_every_process_within_3pct")
            ),
            "every_judgement_within_do_bench_range_3pct": sum(
                1 for c in all_cases if c.get("every_within_do_bench_range_3pct")
            ),
            "do_bench_compared_across_processes": sum(
                1 for c in all_cases if c.get("do_bench_every_process_within_3pct") is not None
            ),
            "median_judge_over_do_bench": _med([c.get("judge_over_do_bench") for c in all_cases]),
            "median_judge_over_ncu": _med([c.get("judge_over_ncu") for c in all_cases]),
            "median_judge_over_loop": _med([c.get("judge_over_loop") for c in all_cases]),
            "median_judge_over_events": _med([c.get("judge_over_events") for c in all_cases]),
            "max_cv_ge_100us": max(long_cvs) if long_cvs else None,
            "median_cv_ge_100us": _med(long_cvs),
        },
    })  # fmt: skip
    rows = []
    for s in solutions:
        for c in s["cases"]:
            rows.append([f"{s['problem']}/{s['solution']}", c["case"], c.get("judge_median_ms"),
                         c.get("do_bench_median_ms") or c.get("loop_median_ms"), c.get("ncu_median_ms"),
                         c.get("judge_over_do_bench") or c.get("judge_over_loop"), c.get("judge_over_ncu"),
                         c.get("judge_cv"), len(c.get("judge_medians_ms") or []),
                         YES[c.get("within_3pct")], c.get("worst_judge_over_truth"),
                         _from_bound(c), YES[c.get("every_within_3pct")],
                         c.get("do_bench_worst_process_over_median"),
                         YES[c.get("every_within_do_bench_range_3pct")]])  # fmt: skip
    heads = ["solution", "case", "judge ms", "do_bench ms" if args.device == "cuda" else "loop ms",
             "ncu ms", "judge/do_bench", "judge/ncu", "CV", "judgements", "within 3 %",
             "worst judgement/truth", "from the bound", "every one within 3 %",
             "do_bench: worst process/median", "every one within do_bench's range +-3 %"]  # fmt: skip
    for key, label in (("events", "events"), ("do_bench_call", "do_bench of the call")):
        if any(c.get(f"{key}_median_ms") for s in solutions for c in s["cases"]):
            heads[4:4] = [f"{label} ms", f"judge/{label}"]
            cases = [c for s in solutions for c in s["cases"]]
            for row, c in zip(rows, cases, strict=True):
                row[4:4] = [c.get(f"{key}_median_ms"), c.get(f"judge_over_{key}")]
    table = md_table(heads, rows)
    md = (
        f"# Timing truth on {args.device} ({report['date']}, commit {report['commit']})\n\n"
        f"Summary: {json.dumps(report['summary'])}\n\n{table}\n"
    )
    if extra.get("merged_from"):
        md += (
            "\nMerged from: "
            + "; ".join(
                f"{m['file']} (commit {m['commit']}, {m['date']})" for m in extra["merged_from"]
            )
            + "\n"
        )
    write_outputs(Path(args.out) if args.out else default_out_dir(), "timing_truth", report, md)
    print(table)


def _med(values):
    v = [x for x in values if x is not None]
    return round(statistics.median(v), 4) if v else None


if __name__ == "__main__":
    raise SystemExit(main())
