"""Timing the reference in the supervisor's own process, the same way as a solution: fresh
inputs, zero-filled outputs, L2 flush and lead-in spin, events (it never enters the child).

The reference's time is a property of the problem and the device, not of a submission: a
supervisor process (the warm runner service judges many jobs) times each case once and reuses
the figure for later jobs of the same problem text, case, sizes and device. The cache lives in
the trusted process only; a judgement that reused it says so (``reference_cached``).
"""

from __future__ import annotations

import hashlib
import json
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
CACHE_MAX = 512  # cases remembered per process

_cache: dict[str, tuple[float, int]] = {}  # key -> (median ms, runs)


def cache_key(j: Judgement, case: BenchmarkCase, scalars: dict) -> str:
    """What the reference's time depends on: its source, the problem's parameters and input
    rules, the case (its sizes and input rules), the device and the torch build."""
    import torch  # noqa: PLC0415

    p = j.problem
    text = json.dumps(
        [
            p.slug,
            p.version,
            hashlib.sha256(p.reference_source.encode()).hexdigest(),
            repr(p.params),
            repr(case),
            scalars,
            j.job.device,
            j.device_info.get("name"),
            torch.__version__,
        ],
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def time_reference(
    j: Judgement, ci: int, case: BenchmarkCase, out: dict, case_budget_s: float, flush
) -> None:
    """Fill ``out``'s reference_median_ms, reference_runs, reference_cached and speedup."""
    job = j.job
    scalars = case_scalars(case, job.device)
    key = cache_key(j, case, scalars)
    cached = key in _cache
    if not cached:
        if len(_cache) >= CACHE_MAX:
            _cache.pop(next(iter(_cache)))
        _cache[key] = _measure(j, ci, case, scalars, case_budget_s, flush)
    median_ms, runs = _cache[key]
    out["reference_median_ms"] = median_ms
    out["reference_runs"] = runs
    out["reference_cached"] = cached
    if median_ms and out.get("median_ms"):
        out["speedup"] = median_ms / out["median_ms"]


def _measure(
    j: Judgement, ci: int, case: BenchmarkCase, scalars: dict, case_budget_s: float, flush
) -> tuple[float, int]:
    """The reference's median time on this case (ms) and the number of timed runs."""
    import torch  # noqa: PLC0415

    job = j.job
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
    target_ci = stats.CPU_TARGET_REL_CI if job.device == "cpu" else stats.GPU_TARGET_REL_CI
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
            0 if job.device == "cpu" else stats.GPU_CI_MIN_RUNS,
        )
        if stop:
            break
    s = stats.summarize(times)
    return s["median_ms"], s["runs"]
    del bufs
    if cuda:
        torch.cuda.empty_cache()
