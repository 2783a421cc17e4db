"""The supervisor's windows: bursts of back-to-back call cycles timed on its own clock (and, on
the CPU device, metered by the job cgroup's CPU time), and their calibration before any user
code is loaded (runner/supervisor/clock.py explains the bound they give).

One *cycle* is one call exactly as the timed loop makes it: write the call's fresh inputs and
zero the outputs, flush the L2, synchronise, send ``call`` and wait for ``done``, snapshot the
buffers, synchronise. A *burst* is ``k`` cycles back to back with the clock read only before
the first and after the last: a per-call figure is the burst over ``k``. Every cycle keeps its
own fresh inputs (staged before the burst, outside the window) and its own snapshot, so a
burst times what ``k`` single windows would, without ``k`` times the clock's noise per call:
``k`` is chosen for each case at calibration, from the clock's measured noise
(:func:`burst_size`).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import torch

from runner.common import signals
from runner.supervisor import call_time, cputime
from runner.supervisor import language as plugins
from runner.supervisor.buffers import CaseBuffers
from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs
from runner.supervisor.outcome import Verdict, child_error_verdict

if TYPE_CHECKING:
    from runner.contract import BenchmarkCase
    from runner.supervisor.context import Judgement, Queue

CALIBRATION_WINDOWS = 15  # empty-call bursts and null cycles per case, before the solution loads
NOISE_WINDOWS = 7  # single empty windows that measure the clock's noise (the first warms up)
# a burst's window is at least this many times the clock's noise (the spread of single empty
# windows), with at most BURST_MAX calls and BURST_BYTES of staged inputs and snapshots
BURST_NOISE_FACTOR = 100.0
BURST_MAX = 32
BURST_BYTES = 1 << 30
# the most of the calibrated sync gap a call's figures are allowed; a language's plug-in may
# allow more, and take the gap at another quantile of the empty calls' (JAX:
# runner/languages/jax/supervisor.py)
MAX_GAP_MS = 0.05
# how long the supervisor's stream may stay stalled after a hand-over's release (opt-in clock)
HANDOVER_STALL_S = 20.0
# host reads of DONE between two checks whether the child has answered (a read costs well under
# a microsecond; a check, a poll of the channel)
DONE_POLLS = 256

Meter = Callable[[], cputime.CpuReading] | None


@dataclasses.dataclass
class Calibration:
    """One case's bursts of empty calls and null cycles, timed before the solution was loaded
    into the child (runner/supervisor/clock.py); per-call figures in ms."""

    empty_windows: list[float]  # each burst's window over its calls
    null_windows: list[float]
    sync_gap_ms: float  # the host's sync wake-up after an empty call (_gap_allowance)
    burst: int = 1  # calls per timed burst
    noise_ms: float = 0.0  # the spread of single empty windows (burst_size)
    empty_cpu_ms: list[float] = dataclasses.field(default_factory=list)  # CPU device
    handover: bool = False  # windows on the GPU's own clock (_gpu_cycles)


@dataclasses.dataclass
class Cycle:
    """One call of a burst: its index in the case, the child's reply, the round trip, the
    supervisor's snapshot and its sample plan, and the inputs it was given."""

    it: int
    reply: dict
    rt: float
    post: dict
    plan: dict
    stage: dict


def stage(j: Judgement, ci: int, case: BenchmarkCase, it: int) -> dict:
    """Call ``it``'s fresh inputs of case ``ci``, from the secret seed."""
    seed = derive_seed(j.job.seed, "bench", ci, it)
    return generate_inputs(j.problem, case, seed, j.job.device, j.make_inputs)


def burst(
    bufs: CaseBuffers,
    stages: list[dict],
    plans: list[dict],
    flush,
    first: int,
    call: Callable[[dict, Queue | None], Any] | None,
    meter: Meter = None,
    cores: int = 1,
) -> tuple[list[tuple[Any, dict]], float, float | None]:
    """``len(stages)`` cycles back to back (``call(extra, queue)``: the child's round trip with
    ``extra`` added to its message, ``queue`` run once the message is sent, or None; None for
    a null cycle, the supervisor's own work alone).
    Returns ([(call's result, snapshot)], window ms, the job's CPU ms in the window by
    :func:`cputime.busiest_ms`, or None without a meter). On a GPU the window is the sum of
    the cycles' windows on the supervisor's stream (:func:`_gpu_cycles`)."""
    if bufs.words is not None:
        return _gpu_cycles(bufs, stages, plans, flush, first, call)
    out = []
    bufs.sync()  # the staged inputs' generation is done before the clock starts
    before = meter() if meter is not None else None
    t_a = time.perf_counter()
    for n, (inputs, plan) in enumerate(zip(stages, plans, strict=True)):
        bufs.write(inputs)
        if flush is not None:
            flush.fill_((first + n) & 0xFF)
        bufs.sync()
        result = call({}, None) if call is not None else None
        out.append((result, bufs.snapshot(plan)))
        bufs.sync()
    window = (time.perf_counter() - t_a) * 1e3
    cpu = cputime.busiest_ms(before, meter(), cores) if before is not None else None
    return out, window, cpu


def _gpu_cycles(
    bufs: CaseBuffers,
    stages: list[dict],
    plans: list[dict],
    flush,
    first: int,
    call: Callable[[dict, Queue | None], Any] | None,
) -> tuple[list[tuple[Any, dict]], float, None]:
    """Each cycle timed by two CUDA events on the supervisor's stream, the call handed to the
    child and back through the hand-over's words (runner/common/signals.py): the window
    starts once the child's stream is waiting for the call and holds the fresh inputs, the
    flush, the child's work and the snapshot; the host is in it only from the moment the child
    writes DONE (once its device is synchronised) to the moment the snapshot's graph is
    launched (:func:`_queue_cycle`). The cycle is queued once the call is sent
    (``call(extra, queue)`` runs ``queue`` between its send and its receive), so whatever the
    supervisor's host waits for while queueing only waits on words the child is on its way to
    write. The snapshot follows DONE, so what the child writes after that word is not judged,
    and whatever GPU work of the child's produced the outputs ran inside the window (the
    contexts of two processes are time-sliced, never run side by side)."""
    stream = torch.cuda.current_stream().cuda_stream
    out, window = [], 0.0
    bufs.snapshot_graph()  # captured (once) before any call is sent
    bufs.sync()  # the staged inputs' generation is done before the cycles start
    for n, (inputs, plan) in enumerate(zip(stages, plans, strict=True)):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        h, snap = 0, []  # the call's number (0: a null cycle), the cycle's snapshot
        if call is not None:
            bufs.handovers += 1
            h = bufs.handovers
        cycle = (bufs, stream, h, inputs, plan, flush, (first + n) & 0xFF, (start, end), snap)
        result = None
        try:
            if call is None:
                _queue_cycle(*cycle, answered=None)
            else:
                result = call({"signal": h}, functools.partial(_queue_cycle, *cycle))
        except Verdict as exc:  # where the hand-over stood when the call failed
            exc.message += f" (GPU hand-over of call {h}: {bufs.words.describe()})"
            raise
        finally:  # neither a child that never wrote the words nor an error stalls the stream
            if h:
                for word in (signals.READY, signals.GO, signals.DONE):
                    bufs.words.set(word, h)
            bufs.gate.open()
            if snap:
                _wait_for(bufs, end, h)
        bufs.sync()
        out.append((result, snap[0]))
        window += start.elapsed_time(end)
    return out, window, None


def _queue_cycle(
    bufs: CaseBuffers,
    stream: int,
    h: int,
    inputs: dict,
    plan: dict,
    flush,
    fill: int,
    events,
    snap: list,
    answered: Callable[[], bool] | None,
) -> None:
    """One cycle's work on the supervisor's stream, between its two events (``h``: the call's
    hand-over number, 0 for a null cycle); its snapshot is appended to ``snap``. Everything up
    to GO is queued behind the supervisor's gate, opened once it is all queued, and the
    snapshot is one graph launch, so that the window holds the GPU's work and not the host's
    pace. Between GO and the snapshot the host reads DONE until the child has written
    it (or ``answered()``: the child replied, died or ran out of time without it), so that the
    supervisor's stream holds nothing pending while the child's kernels run."""
    start, end = events
    graph = bufs.snapshot_graph()
    graph.prepare(plan)
    bufs.gate.hold(stream)
    if h:
        bufs.words.wait(stream, signals.READY, h)
    start.record()
    bufs.write(inputs)
    if flush is not None:
        flush.fill_(fill)
    if h:
        bufs.words.write(stream, signals.GO, h)
    bufs.gate.open()
    if h:
        _await_done(bufs, h, answered)
        bufs.words.wait(stream, signals.DONE, h)  # passed already, unless the child lied
    graph.launch()
    end.record()
    snap.append(graph.take(plan))


def _await_done(bufs: CaseBuffers, h: int, answered: Callable[[], bool]) -> None:
    """Spin on the host until DONE >= h, asking ``answered()`` every DONE_POLLS reads."""
    polls = 0
    while bufs.words.read(signals.DONE) < h:
        polls += 1
        if polls % DONE_POLLS == 0 and answered():
            return


def _wait_for(bufs: CaseBuffers, end, h: int) -> None:
    """Until the cycle's end event has passed; an internal error naming the words if the
    supervisor's stream is still stalled after HANDOVER_STALL_S."""
    deadline = time.monotonic() + HANDOVER_STALL_S
    while not end.query():
        if time.monotonic() > deadline:
            raise Verdict(
                "internal_error",
                f"The GPU hand-over of call {h} stalled ({bufs.words.describe()}).",
            )
        time.sleep(0.0002)


def null_cycle(j: Judgement, bufs: CaseBuffers, inputs: dict, flush) -> float:
    """The supervisor's own cycle without a call (ms), on inputs already drawn: interleaved with
    the timed bursts at secret moments, so that it runs under the same conditions and the child
    cannot tell it from the next call's preparation."""
    return burst(bufs, [inputs], [bufs.sample_plan(j.rng)], flush, 0, None)[1]


def burst_size(single_ms: list[float], stage_bytes: int, device: str) -> tuple[int, float]:
    """Calls per burst, and the clock's noise (ms): the scaled median absolute deviation of
    single empty windows. The burst's window is made at least ``BURST_NOISE_FACTOR`` times that
    noise (at most ``BURST_MAX`` calls, ``BURST_BYTES`` staged). The CPU device's bound is the
    job's CPU time, read in nanoseconds: one call a window."""
    if len(single_ms) < 2:
        return 1, 0.0
    med = statistics.median(single_ms)
    noise = 1.4826 * statistics.median(abs(w - med) for w in single_ms)
    if device != "cuda" or med <= 0:
        return 1, noise
    k = math.ceil(BURST_NOISE_FACTOR * noise / med)
    k = min(k, BURST_MAX, max(1, BURST_BYTES // max(1, stage_bytes)))
    return max(1, k), noise


def calibrate(j: Judgement, flush, only: list[int] | None = None) -> list[Calibration | None]:
    """Every case's calibration (``only``: those cases', None for the others); called before
    ``init`` (no user code in the child)."""
    out: list[Calibration | None] = []
    msg = timed_call_message(j)
    language = plugins.plugin(j.job.language)
    if language.calibration_copies_outputs:  # as its timed calls (JAX's): a copy after the end
        msg["copy_outputs"] = [p.name for p in j.problem.params if p.role in ("out", "inout")]
    meter = cpu_meter(j)
    cores = cputime.usable_cores()
    for ci, case in enumerate(j.problem.benchmarks):
        if only is not None and ci not in only:
            out.append(None)
            continue
        scalars = case_scalars(case, j.job.device)
        where = f"while calibrating benchmark '{case.name}'"
        bufs = j.buffers_for(scalars, where)
        handover = bufs.words is not None  # (close() drops the words)
        gaps: list[float] = []

        def ask(extra: dict, queue: Queue | None, where=where, gaps=gaps) -> dict:
            reply, _rt = j.ask_timed({**msg, **extra}, 60.0, where, queue=queue)
            if not reply.get("ok"):
                raise child_error_verdict(reply, where)
            gaps.append(float(reply.get("sync_ms", 0.0)) - call_time.return_ms(reply))
            return reply

        try:
            # one set of inputs for all of the case's windows: an empty call reads none of
            # them, and writing them costs the same whatever their values
            inputs = stage(j, ci, case, -100)
            n_win = calibration_count(j, CALIBRATION_WINDOWS)
            single = []  # the clock's noise (none needed on the CPU: burst_size)
            for _ in range(min(NOISE_WINDOWS, n_win + 1) if j.job.device == "cuda" else 1):
                single.append(burst(bufs, [inputs], [bufs.sample_plan(j.rng)], flush, 0, ask)[1])
            size = sum(t.numel() * t.element_size() for t in inputs.values())
            k, noise = burst_size(single[1:], 2 * size, j.job.device)
            empty, null, cpu = [], [], []
            for w in range(n_win):
                plans = [bufs.sample_plan(j.rng) for _ in range(k)]
                _, window, used = burst(bufs, [inputs] * k, plans, flush, w, ask, meter, cores)
                empty.append(window / k)
                if used is not None:
                    cpu.append(used / k)
                null.append(null_cycle(j, bufs, inputs, flush))
        finally:
            bufs.close()
        gap = _gap_allowance(gaps[1:], language.gap_quantile)
        out.append(Calibration(empty, null, gap, k, noise, cpu, handover))
    return out


def cpu_meter(j: Judgement) -> Meter:
    """The job cgroup's CPU meter on the CPU device (None on a GPU, or without a cgroup)."""
    if j.job.device != "cpu" or j.child is None:
        return None
    return cputime.cgroup_meter(j.child.handle)


def timed_call_message(j: Judgement) -> dict:
    """A timed call, with the language's lead-in (runner/common/leadin.py) in spin cycles of
    this GPU, calibrated once by the supervisor (under the GPU lock: calibrate() and
    run_benchmark() call this inside it): the same in the calibration's empty calls and in the
    timed calls, so the clock's windows compare."""
    from runner.common import leadin  # noqa: PLC0415

    cycles = 0
    if j.job.device == "cuda":
        ms = plugins.plugin(j.job.language).lead_in_ms or leadin.LEAD_IN_MS
        cycles = leadin.scaled(leadin.spin_cycles(), ms)
    return {"op": "call", "timed": True, "lead_in_cycles": cycles}


def _gap_allowance(gaps: list[float], q: float) -> float:
    """The empty calls' sync gap a timed call may show before it counts as synced: their
    median, or the language's quantile (its plug-in's ``gap_quantile``)."""
    if not gaps:
        return 0.0
    ordered = sorted(gaps)
    return statistics.median(ordered) if q == 0.5 else ordered[int(q * (len(ordered) - 1))]


def calibration_count(j: Judgement, most: int) -> int:
    """Fewer calibration windows where the job asks for few timed calls (validation)."""
    return max(3, min(most, j.limits.max_timed_runs))
