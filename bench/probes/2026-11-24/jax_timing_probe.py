"""How the judge's child times a JAX call, variant by variant, under the judge's conditions (a
second process, the supervisor, flushes L2 and writes inputs between calls) and alone: the
harness's call (``stream``: lead-in spin, events and result views on JAX's own stream,
runner/child/jax_stream.py), the harness before it (``views``: inputs viewed once, results
viewed from torch before the end event on torch's stream, no spin), the same with the inputs
imported anew in every call with and without the lead-in spin, the host-blocking call of the first harness, and ``torch.add`` on the same buffers (the
same memory traffic); ``do_bench`` of the per-call-import call; the largest error of the
copied result per variant (a missing stream wait would read a half-computed result).

    python3 bench/probes/2026-11-24/jax_timing_probe.py [--n 25000000] [--calls 200] [--out FILE]

Prints a table (median ms per variant) and writes JSON with the provenance.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[k]) for k in (2, 3)]

VARIANTS = ("stream", "views", "ordered", "ordered_no_spin", "blocking", "torch_add")


def child(conn, n: int, calls: int) -> None:
    from runner.languages.jax.supervisor import jax_env

    os.environ.update(jax_env("cuda"))
    import jax
    import torch

    from runner.common import leadin

    torch.cuda.init()
    a = torch.randn(n, device="cuda")
    b = torch.randn(n, device="cuda")
    out = torch.empty(n, device="cuda")
    f = jax.jit(lambda x, y: x + y)
    ja, jb = jax.dlpack.from_dlpack(a), jax.dlpack.from_dlpack(b)  # once, as the harness does
    jax.block_until_ready(f(ja, jb))
    cycles = leadin.spin_cycles()
    from runner.child.jax_stream import compute_stream
    from runner.supervisor.jax_stream import library

    jax_stream = torch.cuda.ExternalStream(compute_stream(str(library())))
    stream_cycles = leadin.scaled(cycles, 1.0)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    errors: dict[str, float] = {}

    def timed(variant: str) -> float:
        out.zero_()
        torch.cuda.synchronize()
        if variant == "stream":  # the harness now: the whole call on JAX's stream
            with torch.cuda.stream(jax_stream):
                leadin.spin(stream_cycles)
                start.record()
                v = torch.from_dlpack(f(ja, jb))
                end.record()
                out.copy_(v)
            torch.cuda.synchronize()
            errors[variant] = max(errors.get(variant, 0.0), float((out - (a + b)).abs().max()))
            return start.elapsed_time(end)
        if variant not in ("ordered_no_spin", "views"):
            leadin.spin(cycles)
        start.record()
        if variant == "torch_add":
            torch.add(a, b, out=out)
            end.record()
        elif variant == "views":  # the harness before: inputs viewed once, torch's stream
            v = torch.from_dlpack(f(ja, jb))
            end.record()
            out.copy_(v)
        elif variant == "blocking":  # the harness before: block on the host, then the event
            r = jax.block_until_ready(f(jax.dlpack.from_dlpack(a), jax.dlpack.from_dlpack(b)))
            end.record()
            out.copy_(torch.from_dlpack(r))
        else:  # inputs imported anew in every call (JAX's stream waits for torch's)
            r = f(jax.dlpack.from_dlpack(a), jax.dlpack.from_dlpack(b))
            v = torch.from_dlpack(r)
            end.record()
            out.copy_(v)  # a missing wait would show as a wrong result here
        torch.cuda.synchronize()
        errors[variant] = max(errors.get(variant, 0.0), float((out - (a + b)).abs().max()))
        return start.elapsed_time(end)

    results: dict = {}
    # under the judge's conditions: the supervisor works on the GPU between calls
    for v in VARIANTS:
        xs = []
        for _ in range(calls):
            conn.send("ready")
            conn.recv()  # the supervisor's cycle is done
            xs.append(timed(v))
        results[f"supervised/{v}"] = xs
    conn.send("done")
    # alone: back to back, nothing else on the GPU
    for v in VARIANTS:
        results[f"alone/{v}"] = [timed(v) for _ in range(calls)]
    from triton.testing import do_bench

    def ordered_call():
        return torch.from_dlpack(f(jax.dlpack.from_dlpack(a), jax.dlpack.from_dlpack(b)))

    results["alone/do_bench_ordered"] = [
        do_bench(ordered_call, return_mode="median") for _ in range(5)
    ]
    for v in VARIANTS:
        results[f"max_abs_error/{v}"] = [errors[v]]
    conn.send(results)


def supervisor(conn, n: int) -> None:
    import torch

    flush = torch.empty(2 * 60 * 2**20, dtype=torch.uint8, device="cuda")
    inputs = torch.empty(2 * n, device="cuda")
    k = 0
    while conn.recv() == "ready":
        inputs.normal_()
        flush.fill_(k & 0xFF)
        torch.cuda.synchronize()
        time.sleep(0.0005)  # the channel's round trip
        conn.send("go")
        k += 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=25_000_000)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    ctx = mp.get_context("spawn")
    ours, theirs = ctx.Pipe()
    p = ctx.Process(target=child, args=(theirs, args.n, args.calls))
    p.start()
    sup_ours, sup_theirs = ctx.Pipe()
    s = ctx.Process(target=supervisor, args=(sup_theirs, args.n))
    s.start()
    while True:
        msg = ours.recv()
        if msg != "ready":
            break
        sup_ours.send("ready")
        sup_ours.recv()
        ours.send("go")
    sup_ours.send("stop")
    results = ours.recv()
    p.join()
    s.join()
    table = {
        k: {"median_ms": round(statistics.median(v), 4), "n": len(v),
            "p10": round(sorted(v)[len(v) // 10], 4), "p90": round(sorted(v)[9 * len(v) // 10], 4)}
        for k, v in results.items()
    }  # fmt: skip
    from provenance import provenance

    report = {"benchmark": "jax_timing_probe", "args": vars(args), "provenance": provenance(),
              "method": __doc__, "results": table}  # fmt: skip
    for k, v in table.items():
        print(f"{k:32s} {v['median_ms']:9.4f} ms  (p10 {v['p10']}, p90 {v['p90']}, n {v['n']})")
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
