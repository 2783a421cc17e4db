"""Timing the problem's baseline in the supervisor's own process, the same way as a solution:
fresh inputs, zero-filled outputs, L2 flush and lead-in spin, events (it never enters the child).

The baseline is what a solution's speedup compares against, and it must be a fair one: the
best library call in the problem's own precision. It is the problem's ``baseline.py``
(``baseline(**params)``, e.g. ``torch.softmax`` in float32) when the package has one, else the
reference where the reference computes in the problem's precision (``reference_precision =
"native"``). A reference that computes in float64 is a correctness oracle, not a speed
baseline: without a ``baseline.py`` such a problem shows no speedup (docs/judging.md).

The baseline's time is a property of the problem and the device, not of a submission: a
supervisor process (the warm runner service judges many jobs) times each case once and reuses
the figure for later jobs of the same problem text, case, sizes and device. The cache lives in
the trusted process only; a judgement that reused it says so (``baseline_cached``).
"""

from __future__ import annotations

import hashlib
import json
import time
import types
from typing import TYPE_CHECKING

from runner.common import leadin
from runner.common.tensors import TORCH_DTYPES
from runner.contract import BenchmarkCase
from runner.supervisor import stats
from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs

if TYPE_CHECKING:
    from collections.abc import Callable

    from runner.supervisor.context import Judgement

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
            hashlib.sha256(p.baseline_source.encode()).hexdigest(),
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


REFERENCE_LABEL = "the reference (PyTorch, in the problem's precision)"
NO_BASELINE = (
    "none: the reference computes in float64, no fair speed baseline, and the problem has no "
    "baseline.py"
)


def baseline_of(j: Judgement) -> tuple[Callable | None, str]:
    """What this problem's speedups compare against: (the function, its label), or (None, why
    there is none)."""
    p = j.problem
    if p.baseline_source:
        module = types.ModuleType(f"kj_baseline_{p.slug.replace('-', '_')}")
        module.__file__ = f"<baseline of {p.slug}>"
        exec(compile(p.baseline_source, module.__file__, "exec"), module.__dict__)  # noqa: S102
        label = str(getattr(module, "LABEL", "") or "the problem's baseline.py")
        return module.baseline, label
    if p.reference_precision == "native":
        return j.reference.reference, REFERENCE_LABEL
    return None, NO_BASELINE


def time_baseline(
    j: Judgement, ci: int, case: BenchmarkCase, out: dict, case_budget_s: float, flush
) -> None:
    """Fill ``out``'s baseline, baseline_median_ms, baseline_runs, baseline_cached and
    speedup (the baseline's median over the solution's)."""
    job = j.job
    fn, label = baseline_of(j)
    out["baseline"] = label
    if fn is None:
        return
    scalars = case_scalars(case, job.device)
    key = cache_key(j, case, scalars)
    cached = key in _cache
    if not cached:
        if len(_cache) >= CACHE_MAX:
            _cache.pop(next(iter(_cache)))
        _cache[key] = _measure(j, fn, ci, case, scalars, case_budget_s, flush)
    median_ms, runs = _cache[key]
    out["baseline_median_ms"] = median_ms
    out["baseline_runs"] = runs
    out["baseline_cached"] = cached
    if median_ms and out.get("median_ms"):
        out["speedup"] = median_ms / out["median_ms"]


def _measure(
    j: Judgement, fn: Callable, ci: int, case: BenchmarkCase, scalars: dict,
    case_budget_s: float, flush,
) -> tuple[float, int]:  # fmt: skip
    """The baseline's median time on this case (ms) and the number of timed runs."""
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
                fn(**args)
                ev[1].record()
                torch.cuda.synchronize()
                t = ev[0].elapsed_time(ev[1])
            else:
                t0 = time.perf_counter()
                fn(**args)
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
    del bufs, args, ins  # the baseline's buffers go back to the device before the next case
    if cuda:
        torch.cuda.empty_cache()
    s = stats.summarize(times)
    return s["median_ms"], s["runs"]
