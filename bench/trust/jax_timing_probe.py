"""Where a JAX solution's judged time comes from: the judge's timed call (torch events around
``solve`` and ``block_until_ready``, JAX on its own stream) under the judge's conditions (a
second process, the supervisor, flushes L2 and writes the inputs between calls) and alone,
with and without a warm-up before the start event, against ``do_bench`` and a host clock.

    python3 bench/trust/jax_timing_probe.py [--n 25000000] [--calls 200] [--out FILE]

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

sys.path[:0] = [str(Path(__file__).resolve().parents[k]) for k in (1, 2)]

VARIANTS = ("judge", "warm_jax", "warm_torch_sync", "host_clock")


def child(conn, n: int, calls: int) -> None:
    from runner.supervisor.childproc import jax_env

    os.environ.update(jax_env("cuda"))
    import jax
    import jax.numpy as jnp
    import torch

    torch.cuda.init()
    a = torch.randn(n, device="cuda")
    b = torch.randn(n, device="cuda")
    out = torch.empty(n, device="cuda")
    ja, jb = jax.dlpack.from_dlpack(a), jax.dlpack.from_dlpack(b)
    f = jax.jit(lambda x, y: x + y)
    tiny = jax.jit(lambda x: x + 1)
    small = jnp.zeros((1,), jnp.float32)
    jax.block_until_ready(f(ja, jb))
    jax.block_until_ready(tiny(small))
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

    def timed(variant: str) -> float:
        if variant == "warm_jax":
            jax.block_until_ready(tiny(small))
        elif variant == "warm_torch_sync":
            torch.cuda.synchronize()
        if variant == "host_clock":
            t0 = time.perf_counter()
            r = jax.block_until_ready(f(ja, jb))
            ms = (time.perf_counter() - t0) * 1e3
        else:
            start.record()
            r = jax.block_until_ready(f(ja, jb))
            end.record()
        out.copy_(torch.from_dlpack(r))
        torch.cuda.synchronize()
        return ms if variant == "host_clock" else start.elapsed_time(end)

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

    results["alone/do_bench"] = [
        do_bench(lambda: jax.block_until_ready(f(ja, jb)), return_mode="median") for _ in range(5)
    ]
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
