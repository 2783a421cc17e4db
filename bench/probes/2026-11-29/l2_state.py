"""Why the judge's events of some short kernels read below ``do_bench`` of the same kernel.

On an H200 the atomic reduction's events read 0.0114-0.0116 ms in every judgement, against
0.0122-0.0130 for ``triton.testing.do_bench`` (bench/results/gpu_clock/2026-11-29-h200-gated/),
and the same ratio with the host windows (bench/results/archive/2026-11-21-h200-session4/).
What the two do differently before a call: ``do_bench`` zeroes 256 MB in the same stream right
before its start event; the judge writes a byte into twice the L2 in the supervisor's context,
then the child's context runs the call (and, with the host windows, a 0.2 ms spin came first),
on inputs in the supervisor's arena (the driver's virtual-memory API) rather than torch's pool.

Each variant is an event loop of one call per iteration, the work before the start event
varied one thing at a time; three rounds, interleaved, the median of each variant's round
medians; last, the judge's own events of one judgement (``--judge``):

- ``do_bench``: ``triton.testing.do_bench`` itself;
- ``zero256``: its loop rebuilt (256 MB zeroed, start, call, end);
- ``fill2L2``: the judge's flush instead (a byte into twice the L2, at least 64 MiB);
- ``zero256+spin``, ``fill2L2+spin``: the lead-in spin (0.2 ms) between the flush and the start;
- ``zero256+idle``: the host waits for the flush before queueing the spin and the call (the
  GPU idle in between);
- ``arena+zero256``: as ``zero256``, the inputs and outputs in a supervisor arena.

``--placements SLUG/FILE``: the same kernel (``zero256``) on PLACEMENTS sets of buffers held
at once (different memory), measured in order and again in reverse, to tell how far a
kernel's time moves with where its buffers are (the radix sort's judgements read
4.67-5.18 ms, one arena each) from how far it drifts in time.

    python3 bench/probes/2026-11-29/l2_state.py [--out FILE] [--judge]   # one GPU, < 2 min
    python3 bench/probes/2026-11-29/l2_state.py --placements radix-sort/correct_lsd_radix.cu
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # handover_variants, beside it

SOLUTIONS = [
    "reduction/correct_atomic.cu",
    "reduction/correct_two_pass.cu",
    "softmax/correct_online.cu",
    "matrix-transpose/correct_tiled.cu",  # a control: the judge agreed with do_bench there
]
VARIANTS = [
    "do_bench",
    "zero256",
    "fill2L2",
    "zero256+spin",
    "fill2L2+spin",
    "zero256+idle",
    "arena+zero256",
]
CALLS = 300
ROUNDS = 3
PLACEMENTS = 6


def event_loop(call, before, calls: int = CALLS) -> float:
    """The median over ``calls`` of start-to-end events around ``call()``, ``before(i)``
    queued ahead of each start event."""
    import torch

    for i in range(20):
        before(i)
        call()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(calls)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(calls)]
    for i in range(calls):
        before(i)
        starts[i].record()
        call()
        ends[i].record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in zip(starts, ends, strict=True))


def case_tensors(problem, case, seed: int) -> tuple[dict, dict]:
    """The case's scalars, and its inputs (from ``seed``) with zeroed outputs, on the GPU."""
    import torch

    from runner.common.tensors import TORCH_DTYPES
    from runner.supervisor.inputs import case_scalars, generate_inputs, output_shapes

    scalars = case_scalars(case, "cuda")
    tensors = generate_inputs(problem, case, seed, "cuda")
    for name, shape in output_shapes(problem, scalars).items():
        if name not in tensors:
            dtype = TORCH_DTYPES[problem.param(name).dtype]
            tensors[name] = torch.zeros(shape, dtype=dtype, device="cuda")
    return scalars, tensors


def variants_of(bind, problem, case, ci: int) -> dict:
    """Each variant's callable (returning a median in ms) for one benchmark case."""
    import torch
    import triton.testing

    from runner.common import leadin
    from runner.common.cudadrv import Driver
    from runner.supervisor.buffers import CaseBuffers

    scalars, tensors = case_tensors(problem, case, 12345 + ci)
    bufs = CaseBuffers(problem, scalars, "cuda", Driver.shared())
    bufs.write(tensors)
    call, arena_call = bind(tensors, scalars), bind(bufs.views, scalars)
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    zero256 = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    fill = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
    cycles = leadin.spin_cycles()

    def spin():
        leadin.spin(cycles)

    def idle_then_spin(i):
        zero256.zero_()
        torch.cuda.synchronize()
        spin()

    loops = {
        "do_bench": lambda: triton.testing.do_bench(
            call, warmup=100, rep=1000, return_mode="median"
        ),
        "zero256": lambda: event_loop(call, lambda i: zero256.zero_()),
        "fill2L2": lambda: event_loop(call, lambda i: fill.fill_(i & 0xFF)),
        "zero256+spin": lambda: event_loop(call, lambda i: (zero256.zero_(), spin())),
        "fill2L2+spin": lambda: event_loop(call, lambda i: (fill.fill_(i & 0xFF), spin())),
        "zero256+idle": lambda: event_loop(call, idle_then_spin),
        "arena+zero256": lambda: event_loop(arena_call, lambda i: zero256.zero_()),
    }
    return loops, bufs


def placements(bind, problem, case) -> dict:
    """The kernel's ``zero256`` median on PLACEMENTS sets of buffers held at once, in order
    and then in reverse."""
    import torch

    calls, sets = [], []
    for p in range(PLACEMENTS):
        scalars, tensors = case_tensors(problem, case, 500 + p)
        sets.append(tensors)  # held, so that every set has memory of its own
        calls.append(bind(tensors, scalars))
    zero256 = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    order = [*range(PLACEMENTS), *reversed(range(PLACEMENTS))]
    got = [(p, event_loop(calls[p], lambda i: zero256.zero_(), 50)) for p in order]
    per = {p: [ms for q, ms in got if q == p] for p in range(PLACEMENTS)}
    return {"order": order, "median_ms": [ms for _, ms in got], "per_placement_ms": per}


def judge_events(rel: str) -> float | None:
    """The judge's own events' median for the first benchmark case, one judgement."""
    from handover_variants import judge_solution

    res = judge_solution(rel, "cuda", 4321)
    cases = (res.get("benchmark") or {}).get("cases") or [{}]
    return (cases[0].get("clock") or {}).get("event_median_ms")


def main() -> None:
    import torch
    from timing_truth import _callable, arch_of_gpu, compile_so

    from runner.contract import ProblemSpec

    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="")
    ap.add_argument("--solutions", default=",".join(SOLUTIONS))
    ap.add_argument("--judge", action="store_true", help="also one judgement per solution")
    ap.add_argument("--placements", default="", help="SLUG/FILE: the placement probe only")
    args = ap.parse_args()
    arch = arch_of_gpu()
    if args.placements:
        slug, name = args.placements.split("/")
        problem = ProblemSpec.from_dir(ROOT / "problems" / "catalog" / slug)
        sol = ROOT / "problems" / "catalog" / slug / "solutions" / name
        with tempfile.TemporaryDirectory(prefix="kjprobe-") as tmp:
            so, log = compile_so(sol, arch, tmp)
            if so is None:
                sys.exit(f"compile failed: {log}")
            row = placements(_callable(problem, sol, "cuda", so), problem, problem.benchmarks[0])
        if args.out:
            Path(args.out).write_text(json.dumps({"solution": args.placements, **row}))
        for p, ms in row["per_placement_ms"].items():
            print(f"placement {p}: " + " ".join(f"{x:.4f}" for x in ms) + " ms")
        return
    rows = []
    for rel in args.solutions.split(","):
        slug, name = rel.split("/")
        problem = ProblemSpec.from_dir(ROOT / "problems" / "catalog" / slug)
        sol = ROOT / "problems" / "catalog" / slug / "solutions" / name
        with tempfile.TemporaryDirectory(prefix="kjprobe-") as tmp:
            so, log = compile_so(sol, arch, tmp)
            if so is None:
                rows.append({"solution": rel, "error": log})
                continue
            bind = _callable(problem, sol, "cuda", so)
            case = problem.benchmarks[0]
            loops, bufs = variants_of(bind, problem, case, 0)
            rounds = {v: [] for v in VARIANTS}
            for _ in range(ROUNDS):
                for v in VARIANTS:
                    rounds[v].append(loops[v]())
            bufs.close()
            torch.cuda.empty_cache()
        row = {"solution": rel, "case": case.name, "rounds_ms": rounds}
        row["median_ms"] = {v: statistics.median(r) for v, r in rounds.items()}
        if args.judge:
            row["judge_events_ms"] = judge_events(rel)
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps({"calls": CALLS, "rounds": ROUNDS, "rows": rows}))
    print(f"\n{'solution':36} " + " ".join(f"{v[:13]:>13}" for v in VARIANTS) + "     judge")
    for r in rows:
        if "error" in r:
            print(f"{r['solution']:36} {r['error'][:80]}")
            continue
        cells = " ".join(f"{r['median_ms'][v]:13.5f}" for v in VARIANTS)
        judged = r.get("judge_events_ms")
        print(f"{r['solution']:36} {cells} {judged if judged is None else f'{judged:9.5f}'}")


if __name__ == "__main__":
    main()
