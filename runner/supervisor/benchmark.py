"""The benchmark: timed calls on supervisor-owned buffers, each one a window on the
supervisor's clock, secretly checked calls, and the case's time.

Per timed call the supervisor, outside the window, draws the call's inputs from the secret
seed (on the device) and the offsets of its sampled snapshot; then, inside the window, it
writes the inputs and zero-fills the outputs, flushes the L2, synchronises, sends "call",
waits for "done", snapshots the buffers on its own stream and synchronises. Which calls are
compared is decided only after the case: a reservoir sample of ``CHECKED_CALLS`` calls over
the whole run, plus the first and the last call; the case ends a secret random number of calls after the
stopping rule fires. The child sees every call the same way and never learns which were
compared, not even from the supervisor's timing: the comparisons run after the whole benchmark, once
the child is closed and the GPU lock released.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from typing import TYPE_CHECKING, Any

from runner.contract import FLOAT_DTYPES, BenchmarkCase
from runner.supervisor import call_time, clock, cputime, devices, functional, reftime, stats
from runner.supervisor.buffers import CaseBuffers
from runner.supervisor.checks import check_call
from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs
from runner.supervisor.outcome import Verdict, child_error_verdict, fmt_sizes

if TYPE_CHECKING:
    from runner.supervisor.judgement import Judgement

WARMUP_CALLS = 3
CHECKED_CALLS = 4  # reservoir of compared calls per case (the last call is compared too)
EXTRA_CALLS_MAX = 6  # after the stopping rule, 1..this more calls (secret)
SLOW_FACTOR = 10.0  # a call this many times the median is flagged and not charged in full
NULL_P = 0.3  # after a timed call, the chance of a supervisor-only cycle (secret)
MIN_NULL_WINDOWS = 7
CALIBRATION_WINDOWS = 15  # empty-call and null windows per case, before the solution loads
SIDE_STREAM_FLAG_FRACTION = 0.25  # calls timed in full before a case is flagged
MAX_GAP_MS = 0.05  # the most of the calibrated sync gap a call's figures are allowed
# JAX's runtime still works after a program's results are ready, and the device synchronise
# waits for it: its calibration's empty calls, a jitted program of the harness's own
# (runner/child/jax_solution.py), measure that gap, which is longer and more variable than other
# languages' host wake-up (0.12-0.25 ms, against 0.015-0.03 ms, on an H200): its allowance is
# larger, and taken at the slowest of the empty calls instead of their median (at their 90th
# percentile, one relu judgement in five was still flagged; bench/results/archive/2026-11-24-h200-
# session4).
LANGUAGE_MAX_GAP_MS = {"jax": 0.5}
LANGUAGE_GAP_QUANTILE = {"jax": 1.0}


@dataclasses.dataclass
class Calibration:
    """One case's windows with an empty call and without a call, timed before the solution
    was loaded into the child (runner/supervisor/clock.py)."""

    empty_windows: list[float]
    null_windows: list[float]
    sync_gap_ms: float  # the host's sync wake-up after an empty call (_gap_allowance)


def calibrate(j: Judgement, flush, only: list[int] | None = None) -> list[Calibration | None]:
    """Every case's calibration windows (``only``: those cases', None for the others);
    called before ``init`` (no user code in the child)."""
    out: list[Calibration | None] = []
    msg = timed_call_message(j)
    if j.job.language == "jax":  # as JAX's timed calls: a copy after the end event
        msg["copy_outputs"] = [p.name for p in j.problem.params if p.role in ("out", "inout")]
    for ci, case in enumerate(j.problem.benchmarks):
        if only is not None and ci not in only:
            out.append(None)
            continue
        scalars = case_scalars(case, j.job.device)
        where = f"while calibrating benchmark '{case.name}'"
        bufs = j.buffers_for(scalars, where)
        empty, null, gaps = [], [], []
        try:
            # one set of inputs for all of the case's windows: an empty call reads none of
            # them, and writing them costs the same whatever their values
            stage = _stage(j, ci, case, -100)
            for k in range(_calibration_count(j, CALIBRATION_WINDOWS) + 1):
                plan = bufs.sample_plan(j.rng)
                (reply, _rt), _post, window = _cycle(
                    bufs,
                    stage,
                    plan,
                    flush,
                    k,
                    lambda where=where: j.ask_timed(msg, 60.0, where),
                )
                if not reply.get("ok"):
                    raise child_error_verdict(reply, where)
                null.append(_cycle(bufs, stage, plan, flush, k, lambda: None)[2])
                if k:  # the first of each warms up
                    empty.append(window)
                    gaps.append(float(reply.get("sync_ms", 0.0)) - call_time.return_ms(reply))
        finally:
            bufs.close()
        out.append(Calibration(empty, null[1:], _gap_allowance(gaps, j.job.language)))
    return out


def timed_call_message(j: Judgement) -> dict:
    """A timed call, with the language's lead-in (runner/common/leadin.py) in spin cycles of
    this GPU, calibrated once by the supervisor (under the GPU lock: calibrate() and
    run_benchmark() call this inside it): the same in the calibration's empty calls and in the
    timed calls, so the clock's windows compare."""
    from runner.common import leadin  # noqa: PLC0415

    cycles = 0
    if j.job.device == "cuda":
        cycles = leadin.scaled(leadin.spin_cycles(), leadin.lead_in_ms(j.job.language))
    return {"op": "call", "timed": True, "lead_in_cycles": cycles}


@dataclasses.dataclass
class CaseRun:
    """What one case's loop measured, before the supervisor-only calibration."""

    case: BenchmarkCase
    scalars: dict
    times: list[float] = dataclasses.field(default_factory=list)
    windows: list[float] = dataclasses.field(default_factory=list)
    null_windows: list[float] = dataclasses.field(default_factory=list)
    calibration: Calibration | None = None
    cpu_bound_ms: float | None = None  # the CPU device's bound (runner/supervisor/cputime.py)
    synced: int = 0  # calls timed in full (work escaped the events)
    at_synchronise: int = 0  # timed calls that ended at the solution's synchronise (Mojo)
    slow: int = 0
    checked: int = 0
    stop_reason: str = ""
    # the compared calls (call, snapshot, plan), checked once the GPU lock is released
    checks: list[tuple[int, dict, dict]] = dataclasses.field(default_factory=list)


def flush_bytes(j: Judgement) -> int:
    """The L2 flush buffer: twice the device's L2, at least 64 MiB."""
    return max(2 * int(j.device_info.get("l2_bytes") or 0), 1 << 26)


def case_budget(j: Judgement, n_cases: int) -> float:
    return max(0.2, j.limits.benchmark_budget_s / max(1, n_cases))


def flush_buffer(j: Judgement):
    """The supervisor's L2 flush buffer (None on the CPU)."""
    import torch  # noqa: PLC0415

    if j.job.device != "cuda":
        return None
    return torch.empty(flush_bytes(j), dtype=torch.uint8, device="cuda")


def run_benchmark(j: Judgement, tests_message: str) -> tuple[str, str]:
    t0 = time.monotonic()
    cases = list(j.problem.benchmarks)
    flush = j.flush if j.flush is not None else flush_buffer(j)
    out_cases: list[dict] = []
    try:
        with j.exclusive_gpu("benchmark"):
            runs = [run_case(j, ci, case, len(cases), flush) for ci, case in enumerate(cases)]
            # the child is done: nothing of the solution runs while the reference is timed
            j.child.close()
            j.child = None
            finished = [finish_case(j, run) for run in runs]
            t_ref = time.monotonic()
            for ci, case in enumerate(cases):
                budget = case_budget(j, len(cases))
                if j.job.device == "cpu":
                    budget = stats.cpu_case_wall(budget, len(cases))
                reftime.time_reference(j, ci, case, finished[ci], budget, flush)
            j.phases["reference_timing_s"] = time.monotonic() - t_ref
        # the GPU is free for other supervisors' timed calls: comparing the checked calls
        # (the reference's expected outputs) needs no quiet GPU
        t_check = time.monotonic()
        for ci, run in enumerate(runs):
            verify_checks(j, ci, run)
        j.phases["bench_checks_s"] = time.monotonic() - t_check
        out_cases = finished
    finally:
        j.phases["benchmark_s"] = time.monotonic() - t0
        j.benchmark = {
            "cases": out_cases,
            "score_ms": stats.geomean([c["median_ms"] for c in out_cases])
            if out_cases and len(out_cases) == len(cases)
            else None,
            "method": _method(j),
        }
    for c in out_cases:
        floor = c.get("floor_ms")
        if floor and c["median_ms"] < 0.9 * floor:
            raise Verdict(
                "rejected",
                f"Impossibly fast: {c['median_ms']:.4g} ms on '{c['name']}' is below the "
                f"physical floor {floor:.4g} ms of this device (bytes / peak bandwidth, "
                f"flops / the fastest arithmetic the problem's precision admits).",
            )
    score = j.benchmark["score_ms"]
    return "accepted", f"{tests_message} Score: {score:.4g} ms (geometric mean of medians)."


def _method(j: Judgement) -> str:
    if j.job.device == "cuda":
        return (
            "CUDA events around each call (the child's), accepted within the supervisor's "
            "clock bound; supervisor-owned buffers with fresh inputs and zero-filled outputs per "
            "call, L2 flushed before each call, device-wide sync checked after each call"
        )
    return (
        "CPU: time.perf_counter around each call (the child's), accepted within the "
        "supervisor's clock bound; supervisor-owned buffers, fresh inputs per call, no cache flush"
    )


def _call_limit(j: Judgement, it: int) -> float:
    """A call's time limit: a warm-up call (untimed) may compile the kernel for the case's
    sizes (Triton, TileLang, cuTile, JAX), so it gets a test's limit with the JIT allowance."""
    if it < WARMUP_CALLS:
        return functional.call_timeout(j)
    return j.limits.test_timeout_s


def _stage(j: Judgement, ci: int, case: BenchmarkCase, it: int) -> dict:
    seed = derive_seed(j.job.seed, "bench", ci, it)
    return generate_inputs(j.problem, case, seed, j.job.device, j.make_inputs)


def _cycle(
    bufs: CaseBuffers, stage: dict, plan: dict, flush, value: int, call
) -> tuple[Any, dict, float]:
    """One window: write, flush, sync, ``call()`` (the child's round trip, or nothing),
    snapshot, sync. Returns (call's result, snapshot, window ms)."""
    t_a = time.perf_counter()
    bufs.write(stage)
    if flush is not None:
        flush.fill_(value & 0xFF)
    bufs.sync()
    result = call()
    post = bufs.snapshot(plan)
    bufs.sync()
    return result, post, (time.perf_counter() - t_a) * 1e3


def run_case(j: Judgement, ci: int, case: BenchmarkCase, n_cases: int, flush) -> CaseRun:
    job, lim = j.job, j.limits
    scalars = case_scalars(case, job.device)
    where = f"in benchmark '{case.name}' ({fmt_sizes(scalars)})"
    j.emit({"phase": "benchmarking", "case": ci + 1, "total": n_cases})
    run = CaseRun(case, scalars)
    run.calibration = j.calibration[ci]
    most = LANGUAGE_MAX_GAP_MS.get(job.language, MAX_GAP_MS)
    gap = min(max(run.calibration.sync_gap_ms, 0.0), most)
    budget = case_budget(j, n_cases)
    wall_budget = stats.cpu_case_wall(budget, n_cases) if job.device == "cpu" else None
    target_ci = stats.CPU_TARGET_REL_CI if job.device == "cpu" else stats.GPU_TARGET_REL_CI
    msg = timed_call_message(j)
    reservoir: list[tuple[int, dict, dict]] = []  # (call, snapshot, plan)
    last: tuple[int, dict, dict] | None = None
    first: tuple[int, dict, dict] | None = None
    extra_left: int | None = None
    charged = 0.0
    cpu_start: tuple[float, int] | None = None
    t_start = time.monotonic()
    bufs = j.buffers_for(scalars, where)
    try:
        it = 0
        while True:
            stage = _stage(j, ci, case, it)
            plan = bufs.sample_plan(j.rng)
            limit = _call_limit(j, it)
            (reply, rt), post, window = _cycle(
                bufs,
                stage,
                plan,
                flush,
                it,
                lambda: j.ask_timed(msg, limit, where),  # noqa: B023 - called at once
            )
            if not reply.get("ok"):
                raise child_error_verdict(reply, where)
            t = call_time.call_time(reply, rt, gap, job.device == "cuda", where)
            if t != reply["event_ms"]:
                run.synced += 1
            elif it >= WARMUP_CALLS and t < call_time.return_ms(reply):
                run.at_synchronise += 1
            # the reservoir: every call has the same chance to be compared, decided later
            seen = it + 1
            if len(reservoir) < CHECKED_CALLS:
                reservoir.append((it, post, plan))
            elif (r := j.rng.randrange(seen)) < CHECKED_CALLS:
                reservoir[r] = (it, post, plan)
            last = (it, post, plan)
            if it == 0:  # the first call too: a solution's state is newest there
                first = last
            del post
            if j.rng.random() < NULL_P:
                run.null_windows.append(_null_cycle(j, bufs, stage, flush))
            if it + 1 == WARMUP_CALLS and job.device == "cpu":
                cpu_start = (cputime.tree_cpu_seconds(j.child.handle.pid), it + 1)
            if it >= WARMUP_CALLS:
                med_t = statistics.median(run.times) if run.times else t
                if len(run.times) >= 5 and t > SLOW_FACTOR * med_t:
                    run.slow += 1
                run.times.append(t)
                run.windows.append(window)
                med_w = statistics.median(run.windows)
                charged += min(window, SLOW_FACTOR * med_w) / 1e3
            it += 1
            if extra_left is not None:
                extra_left -= 1
                if extra_left <= 0:
                    break
                continue
            wall = time.monotonic() - t_start
            hard_stop = wall > 3 * budget + lim.test_timeout_s
            stop, reason = stats.should_stop(
                run.times,
                charged,
                budget,
                lim.min_timed_runs,
                lim.max_timed_runs,
                lim.target_rel_se,
                target_ci,
                0 if job.device == "cpu" else stats.GPU_CI_MIN_RUNS,
            )
            if not stop and wall_budget is not None:
                stop = stats.over_budget(len(run.times), wall, wall_budget, lim.min_timed_runs)
                reason = "wall_budget" if stop else ""
            if stop and reason == "converged" and not _bound_holds(j, run):
                stop = False  # more windows first (within the budget): _bound_holds
            if stop or hard_stop:
                run.stop_reason = reason or "wall_clock"
                extra_left = 1 + j.rng.randrange(EXTRA_CALLS_MAX)
        if cpu_start is not None:
            used = cputime.tree_cpu_seconds(j.child.handle.pid) - cpu_start[0]
            calls = max(1, it - cpu_start[1])
            run.cpu_bound_ms = used / calls / cputime.usable_cores() * 1e3
        while len(run.null_windows) < _calibration_count(j, MIN_NULL_WINDOWS):
            run.null_windows.append(_null_cycle(j, bufs, stage, flush))
    finally:
        bufs.close()
    checks = {c[0]: c for c in reservoir}
    if last is not None:
        checks[last[0]] = last
    if first is not None:
        checks[0] = first
    run.checks = sorted(checks.values(), key=lambda c: c[0])
    run.checked = len(run.checks)
    return run


def verify_checks(j: Judgement, ci: int, run: CaseRun) -> None:
    """Compare a case's checked calls with the reference (raises wrong_answer)."""
    for it, post, plan in run.checks:
        _verify_call(j, ci, run.case, run.scalars, it, post, plan)
    run.checks.clear()


def _verify_call(
    j: Judgement, ci: int, case: BenchmarkCase, scalars: dict, it: int, post: dict, plan: dict
) -> None:
    inputs = _stage(j, ci, case, it)
    name = f"{case.name}, timed call {it + 1}"
    ok, _entry, text = check_call(
        j.problem, j.reference, j.job.mode, name, scalars, inputs, scalars, post, plan
    )
    if not ok:
        raise Verdict(
            "wrong_answer",
            f"A timed benchmark call produced a wrong result (all tests had passed): "
            f"{text.rstrip('.')}. "
            f"Results must be computed on every call for the inputs of that call "
            f"(no caching across calls, no deferred work, no shortcuts at benchmark sizes).",
        )


def _null_cycle(j: Judgement, bufs: CaseBuffers, stage: dict, flush) -> float:
    """The supervisor's own cycle for this case without a call (ms), on the last call's
    inputs: interleaved with the timed calls at secret moments, so that it runs under the same
    conditions as their windows and the child cannot tell it from the next call's
    preparation."""
    plan = bufs.sample_plan(j.rng)
    return _cycle(bufs, stage, plan, flush, 0, lambda: None)[2]


def _bound_holds(j: Judgement, run: CaseRun) -> bool:
    """Whether the events' median so far is consistent with the supervisor's bound from the
    windows so far (runner/supervisor/clock.py); always on the CPU, whose bound is the child's
    CPU time. A GPU case whose events have converged goes on while it is not (within its
    budget): the median of the dozen windows a steady case needs moved by 0.1 ms and more
    from one judgement of the same Mojo solution to the next, so that its bound replaced the
    events' figure in one judgement in four (bench/results/archive/2026-11-24-h200-session7)."""
    if j.job.device != "cuda" or not run.windows:
        return True
    calib = run.calibration
    return clock.check(
        statistics.median(run.times),
        run.windows,
        calib.empty_windows,
        calib.null_windows,
        run.null_windows or calib.null_windows,
        j.job.device,
    ).consistent


def _gap_allowance(gaps: list[float], language: str) -> float:
    """The empty calls' sync gap a timed call may show before it counts as synced: their
    median, or the language's quantile (``LANGUAGE_GAP_QUANTILE``)."""
    q = LANGUAGE_GAP_QUANTILE.get(language, 0.5)
    ordered = sorted(gaps)
    return statistics.median(ordered) if q == 0.5 else ordered[int(q * (len(ordered) - 1))]


def _calibration_count(j: Judgement, most: int) -> int:
    """Fewer calibration windows where the job asks for few timed calls (validation)."""
    return max(3, min(most, j.limits.max_timed_runs))


def finish_case(j: Judgement, run: CaseRun) -> dict:
    summary = stats.summarize(run.times)
    bound = clock.check(
        summary["median_ms"],
        run.windows,
        run.calibration.empty_windows,
        run.calibration.null_windows,
        run.null_windows,
        j.job.device,
        run.cpu_bound_ms,
    )
    case_flags = []
    median = bound.time_ms
    if not bound.consistent:
        case_flags.append("time_from_supervisor_clock")
    if j.job.device == "cuda" and run.synced >= max(1, SIDE_STREAM_FLAG_FRACTION * len(run.times)):
        case_flags.append("side_stream_work")
    if run.slow:
        case_flags.append("slow_calls")
    for flag in case_flags:
        if flag not in j.flags:
            j.flags.append(flag)
    if j.job.device == "cpu" and "cpu_timing_no_l2_flush" not in j.flags:
        j.flags.append("cpu_timing_no_l2_flush")
    med_s = median / 1e3
    moved = j.problem.bytes_for(run.scalars)
    flops = j.problem.flops_for(run.scalars)
    fr = []
    if moved and med_s > 0:
        fr.append(moved / med_s / j.peaks.peak_bw)
    if flops and med_s > 0:
        fr.append(flops / med_s / j.peaks.peak_flops)
    rate = devices.floor_rate(
        j.peaks,
        {p.dtype for p in j.problem.tensor_params} & set(FLOAT_DTYPES),
        j.problem.fp32_arithmetic,
    )
    return {
        "name": run.case.name,
        "sizes": run.scalars,
        "median_ms": median,
        **{k: summary[k] for k in ("mean_ms", "std_ms", "min_ms", "runs", "rel_se", "rel_ci")},
        "stop_reason": run.stop_reason,
        "gflops": flops / med_s / 1e9 if med_s > 0 else 0.0,
        "gbps": moved / med_s / 1e9 if med_s > 0 else 0.0,
        "fraction_of_peak": max(fr) if fr else 0.0,
        "floor_ms": devices.floor_s(j.peaks, moved, flops, rate) * 1e3,
        "checked_calls": run.checked,
        "synced_time_calls": run.synced,
        "calls_ended_at_synchronise": run.at_synchronise,
        "sync_gap_ms": run.calibration.sync_gap_ms,
        "slow_calls": run.slow,
        "clock": bound.to_dict(),
        "flags": case_flags,
        "reference_median_ms": None,
        "speedup": None,
    }
