"""Timing the reference in the supervisor's own process, the same way as a solution: fresh
inputs, zero-filled outputs, L2 flush and lead-in spin, events (it never enters the child)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from runner.common import leadin
from runner.common.tensors import TORCH_DTYPES
from runner.contract import BenchmarkCase
from runner.supervisor import stats
from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs

if TYPE_CHECKING:
    from runner.supervisor.judgement import Judgement

WARMUP_CALLS = 3


def time_reference(
    j: Judgement, ci: int, case: BenchmarkCase, out: dict, case_budget_s: float, flush
) -> None:
    """Fill ``out``'s reference_median_ms, reference_runs and speedup."""
    import torch  # noqa: PLC0415

    job = j.job
    scalars = case_scalars(case, job.device)
    cuda = job.device == "cuda"
    bufs = {
        p.name: torch.empty(p.shape_for(scalars), dtype=TORCH_DTYPES[p.dtype], device=job.device)
        for p in j.problem.tensor_params
    }
    args = {p.name: (bufs[p.name] if p.is_tensor else scalars[p.name]) for p in j.problem.params}
    if cuda:
        ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
        spin = leadin.spin_cycles()
    budget = min(case_budget_s * 0.5, 5.0)
    target_ci = stats.CPU_TARGET_REL_CI if job.device == "cpu" else None
    times: list[float] = []
    t_start = time.monotonic()
    it = 0
    while True:
        seed = derive_seed(job.seed, "ref", ci, it)
        ins = generate_inputs(j.problem, case, seed, job.device, j.make_inputs)
        for p in j.problem.tensor_params:
            if p.is_input:
                bufs[p.name].copy_(ins[p.name])
            else:
                bufs[p.name].reshape(-1).view(torch.uint8).zero_()
        with torch.no_grad():
            if cuda:
                torch.cuda.synchronize()
                leadin.flush_and_spin(flush, it, spin)
                ev[0].record()
                j.reference.reference(**args)
                ev[1].record()
                torch.cuda.synchronize()
                t = ev[0].elapsed_time(ev[1])
            else:
                t0 = time.perf_counter()
                j.reference.reference(**args)
                t = (time.perf_counter() - t0) * 1e3
        if it >= WARMUP_CALLS:
            times.append(t)
        it += 1
        stop, _ = stats.should_stop(
            times,
            time.monotonic() - t_start,
            budget,
            j.limits.min_timed_runs,
            j.limits.max_timed_runs,
            j.limits.target_rel_se,
            target_ci,
        )
        if stop:
            break
    s = stats.summarize(times)
    out["reference_median_ms"] = s["median_ms"]
    out["reference_runs"] = s["runs"]
    if s["median_ms"] and out.get("median_ms"):
        out["speedup"] = s["median_ms"] / out["median_ms"]
    del bufs
    if cuda:
        torch.cuda.empty_cache()
