"""The supervisor's clock: a lower bound on a solution's time that the solution cannot shorten.

Every timed call is one *window* on the supervisor's own clock, from the moment it starts
writing that call's inputs to the moment its snapshot of the outputs is complete:

    write inputs, zero outputs, flush L2  |  the child's call  |  snapshot

All the work that produces a call's outputs happens inside its window: the inputs do not exist
before it, and what is written after the snapshot is not judged. GPU contexts of two processes
are time-sliced, not run side by side, so the solution's GPU work, whenever it runs inside the
window, adds to the window's length; so does its host work. What an honest window holds
besides the solution's work is calibrated twice, each time where no user code can touch it:

- ``empty_window_ms``: the same window with an *empty* call, timed for each case before the
  solution is loaded into the child (the channel, the child's wake-up, the lead-in spin, the
  switches between the two GPU contexts, the supervisor's own writes and snapshot);
- ``drift_ms``: how much the supervisor's own cycle (no call at all) changed between that
  calibration and the timed calls: null cycles interleaved with the timed calls at moments
  the child cannot tell from the next call's preparation, minus null cycles timed beside the
  empty windows. Only a cycle that got *faster* is taken out of the bound: the null cycles
  run while the child is idle, and GPU work it queues only then slows them and not its own
  windows, so a slower cycle may be its own doing (reported, never subtracted).

``bound = median(windows) - empty_window - min(drift, 0)``, all per call: a window is a burst of
``k`` calls over ``k`` (runner/supervisor/windows.py). The child's CUDA events are the precise
figure; their median is accepted when it is at least ``bound - slack``, else the supervisor's
bound is the time. On the CPU device the bound is the job cgroup's CPU time per call
(runner/supervisor/cputime.py), read in nanoseconds, and the slack is relative only.

On a GPU the windows are the hand-over's (runner/common/signals.py): two CUDA events on the
supervisor's stream, the call handed to the child on the GPU and its end read by the
supervisor's host from a shared page. Their slack is ``SLACK_REL`` plus ``NOISE_SLACK`` times
the case's own clock noise (the spread of its calibration's empty windows), no fixed
allowance: on an H200 the bound lay 0.016 ms below to 0.031 ms above the events for kernels
of 12-100 us, and 0.6-3.7 % above them for 3.4-31 ms
(bench/results/gpu_clock/2026-11-29-h200-gated/). The host windows
(``KERNELJUDGE_GPU_CLOCK=host``) cannot resolve microseconds: an honest window is a whole
harness cycle (0.7-1.1 ms on an H200) whose baseline moved by up to 0.09 ms between the
calibration and the timed calls (bench/results/bound_slack/2026-11-28-h200.json), so they keep
a measured absolute part, ``SLACK_ABS_MS``; docs/judging.md says what each leaves open.
"""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass

# The relative slack of the bound per device, from bench/bound_slack.py (docs/judging.md has
# the measurements): an honest case's events fall this far below its bound at most.
SLACK_REL = {"cuda": 0.03, "cpu": 0.10}
# The host windows' absolute part on a GPU (KERNELJUDGE_GPU_CLOCK=host): the largest shift of
# an honest window's baseline measured between the calibration and the timed calls
# (bench/bound_slack.py; 0.063 ms in 18 judgements of kernels of 7 us to 17 ms on an H200,
# 2026-11-28), rounded up; none on the CPU.
SLACK_ABS_MS = {"cuda": 0.1, "cpu": 0.0}
# With the hand-over windows (the GPU's default) the absolute part is this many times the
# case's clock noise: the scaled median absolute deviation of its calibration's empty windows,
# at least EVENT_RESOLUTION_MS (CUDA events resolve about half a microsecond).
NOISE_SLACK = {"cuda": 3.0, "cpu": 0.0}
EVENT_RESOLUTION_MS = 0.0005


def clock_noise_ms(empty_windows_ms: list[float]) -> float:
    """The spread of the calibration's empty windows (1.4826 x their median absolute
    deviation), at least the events' resolution."""
    med = statistics.median(empty_windows_ms)
    mad = statistics.median(abs(w - med) for w in empty_windows_ms)
    return max(1.4826 * mad, EVENT_RESOLUTION_MS)


@dataclass(frozen=True)
class ClockCheck:
    event_median_ms: float
    window_median_ms: float
    empty_window_ms: float
    drift_ms: float
    bound_ms: float
    slack_ms: float
    consistent: bool
    window_bound_ms: float

    @property
    def time_ms(self) -> float:
        """The case's time: the events' median when consistent, else the supervisor's bound."""
        return self.event_median_ms if self.consistent else self.bound_ms

    def to_dict(self) -> dict:
        return {**asdict(self), "time_ms": self.time_ms}


def check(
    event_median_ms: float,
    windows_ms: list[float],
    empty_windows_ms: list[float],
    null_before_ms: list[float],
    null_during_ms: list[float],
    device: str,
    cpu_bound_ms: float | None = None,
    handover: bool = False,
) -> ClockCheck:
    window = statistics.median(windows_ms)
    empty = statistics.median(empty_windows_ms)
    drift = statistics.median(null_during_ms) - statistics.median(null_before_ms)
    bound = window_bound = max(0.0, window - empty - min(drift, 0.0))  # (the module's doc)
    if cpu_bound_ms is not None:
        # on the CPU the windows measure the host's scheduler as much as the solution (on a
        # loaded 2-core host the child's wake-up took milliseconds): the bound there is the
        # child's own CPU seconds per call, from the kernel's accounting, over the usable cores
        bound = cpu_bound_ms
    slack = SLACK_REL[device] * bound
    if handover:  # windows on the GPU's own clock: the case's measured noise
        slack += NOISE_SLACK[device] * clock_noise_ms(empty_windows_ms)
    else:
        slack += SLACK_ABS_MS[device]
    return ClockCheck(
        event_median_ms=event_median_ms,
        window_median_ms=window,
        empty_window_ms=empty,
        drift_ms=drift,
        bound_ms=bound,
        slack_ms=slack,
        consistent=event_median_ms >= bound - slack,
        window_bound_ms=window_bound,
    )
