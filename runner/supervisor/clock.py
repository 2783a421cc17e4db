"""The supervisor's clock: a lower bound on a solution's time that the solution cannot shorten.

Every timed call is one *window* on the supervisor's own clock. On a GPU the window is two
CUDA events on the supervisor's stream, and the call is handed to the child and back on the GPU
itself (runner/common/signals.py, runner/supervisor/windows.py):

    wait until the child's stream is at the call | start | fresh inputs, zero outputs,
    L2 flush, GO | wait for the child's DONE | snapshot of the outputs | end

All the work that produces a call's outputs lies inside its window: the inputs do not exist
before the start, the snapshot that is judged comes after the end of the child's work, and
GPU contexts of two processes are time-sliced, never run side by side, so whatever GPU work of
the child's ran before the snapshot ran between the two events; host work of the child's that
the outputs wait for keeps the supervisor's stream waiting, so it is inside too. A child that
writes DONE early gains nothing: the snapshot follows at once and misses what it writes
later. No host round trip is inside the window. On the CPU device the window is the host clock
around the call, and the bound is the job cgroup's CPU time per call
(runner/supervisor/cputime.py), read in nanoseconds.

What an honest window holds besides the solution's work is calibrated twice, each time where no
user code can touch it:

- ``empty_window_ms``: the same window with an *empty* call, timed for each case before the
  solution is loaded into the child (the hand-over both ways, the supervisor's own writes,
  flush and snapshot);
- ``drift_ms``: how much the supervisor's own cycle (no call at all) changed between that
  calibration and the timed calls: null cycles interleaved with the timed calls at moments
  the child cannot tell from the next call's preparation, minus null cycles timed beside the
  empty windows.

``bound = median(windows) - empty_window - drift``, all per call. The child's CUDA events are
the precise figure; their median is accepted when it is at least ``bound - slack``, else the
supervisor's bound is the time. The slack is relative, ``SLACK_REL[device] * bound``, plus on a
GPU ``NOISE_SLACK`` times the case's own measured clock noise (the spread of its calibration's
empty windows, at least the events' resolution): no fixed allowance
(bench/bound_slack.py measures how far honest events fall below their bound; docs/judging.md).
"""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass

# The relative slack of the bound per device, from bench/bound_slack.py (docs/judging.md has
# the measurements): an honest case's events fall this far below its bound at most.
SLACK_REL = {"cuda": 0.03, "cpu": 0.10}
# On a GPU, the slack also covers this many times the case's clock noise: the scaled median
# absolute deviation of its calibration's empty windows, at least EVENT_RESOLUTION_MS (CUDA
# events resolve about half a microsecond). On the CPU the bound is CPU time in nanoseconds.
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
) -> ClockCheck:
    window = statistics.median(windows_ms)
    empty = statistics.median(empty_windows_ms)
    drift = statistics.median(null_during_ms) - statistics.median(null_before_ms)
    bound = window_bound = max(0.0, window - empty - drift)
    if cpu_bound_ms is not None:
        # on the CPU the windows measure the host's scheduler as much as the solution (on a
        # loaded 2-core host the child's wake-up took milliseconds): the bound there is the
        # child's own CPU seconds per call, from the kernel's accounting, over the usable cores
        bound = cpu_bound_ms
    slack = SLACK_REL[device] * bound
    if NOISE_SLACK[device]:
        slack += NOISE_SLACK[device] * clock_noise_ms(empty_windows_ms)
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
