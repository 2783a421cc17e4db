"""runner/supervisor/benchmark.py: a converged GPU case is not ended while the supervisor's
bound from its windows so far would replace its events' figure."""

from __future__ import annotations

from types import SimpleNamespace

from runner.supervisor.benchmark import CaseRun, _bound_holds
from runner.supervisor.windows import Calibration


def _run(times: list[float], windows: list[float]) -> CaseRun:
    run = CaseRun(case=None, scalars={}, times=times, windows=windows)
    run.calibration = Calibration(empty_windows=[0.8] * 15, null_windows=[0.5] * 15, sync_gap_ms=0)
    run.null_windows = [0.5] * 7
    return run


def _judgement(device: str):
    return SimpleNamespace(job=SimpleNamespace(device=device))


def test_events_within_the_bound_let_the_case_end():
    # bound 0.94 - 0.8 = 0.14 ms; 0.137 ms events are within its relative slack (3 %)
    assert _bound_holds(_judgement("cuda"), _run([0.137] * 12, [0.94] * 12))


def test_events_below_the_bound_keep_the_case_going():
    # bound 0.94 - 0.8 = 0.14 ms: 0.13 ms events (7 % below) would be replaced by it
    assert not _bound_holds(_judgement("cuda"), _run([0.13] * 12, [0.94] * 12))


def test_the_cpu_device_is_not_held_back():
    # its bound is the child's CPU time, measured once the loop is over
    assert _bound_holds(_judgement("cpu"), _run([0.09] * 12, [1.09] * 12))
