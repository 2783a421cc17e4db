"""runner/supervisor/benchmark.py: a converged GPU case is not ended while the supervisor's
bound from its windows so far would replace its events' figure; the floors a case's time may
not fall below."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from runner.supervisor import benchmark, devices
from runner.supervisor.benchmark import CaseRun, _bound_holds, check_floors
from runner.supervisor.outcome import Verdict
from runner.supervisor.windows import Calibration


def _run(times: list[float], windows: list[float]) -> CaseRun:
    run = CaseRun(case=None, scalars={}, times=times, windows=windows)
    run.calibration = Calibration(empty_windows=[0.8] * 15, null_windows=[0.5] * 15, sync_gap_ms=0)
    run.null_windows = [0.5] * 7
    return run


def _judgement(device: str):
    return SimpleNamespace(job=SimpleNamespace(device=device))


def test_events_within_the_bound_let_the_case_end():
    # bound 0.94 - 0.8 = 0.14 ms; 0.137 ms events are within its slack
    assert _bound_holds(_judgement("cuda"), _run([0.137] * 12, [0.94] * 12))


def test_events_below_the_bound_keep_the_case_going():
    # bound 1.09 - 0.8 = 0.29 ms: 0.09 ms events are below its slack (3 % + 0.1 ms) and would
    # be replaced by it
    assert not _bound_holds(_judgement("cuda"), _run([0.09] * 12, [1.09] * 12))


def test_the_cpu_device_is_not_held_back():
    # its bound is the child's CPU time, measured once the loop is over
    assert _bound_holds(_judgement("cpu"), _run([0.09] * 12, [1.09] * 12))


def _case(median_ms: float, floor_ms=0.0, launch_floor_ms=0.0, baseline_median_ms=None) -> dict:
    return {"name": "N = 5", "median_ms": median_ms, "floor_ms": floor_ms,
            "launch_floor_ms": launch_floor_ms, "baseline_median_ms": baseline_median_ms}  # fmt: skip


def test_a_time_below_one_gpu_operation_is_rejected():
    # a forged 6 ns against a one-operation floor of 1.5 us, the baseline at 7 us
    with pytest.raises(Verdict) as caught:
        check_floors(_case(0.000006, launch_floor_ms=0.0015, baseline_median_ms=0.007))
    assert caught.value.verdict == "rejected" and "one GPU operation" in caught.value.message


def test_a_time_at_the_launch_floor_stands():
    check_floors(_case(0.9 * 0.0015, launch_floor_ms=0.0015, baseline_median_ms=0.007))


def test_the_launch_floor_is_never_above_the_baselines_own_time():
    # a floor measured under load (0.3 ms) cannot reject a call as fast as the baseline's 5 us
    check_floors(_case(0.005, launch_floor_ms=0.3, baseline_median_ms=0.005))
    with pytest.raises(Verdict):
        check_floors(_case(0.004, launch_floor_ms=0.3, baseline_median_ms=0.005))


def test_without_a_baseline_the_launch_floor_stands_alone():
    # the 5-element dot product has no baseline: a forged 6 ns is below one operation
    with pytest.raises(Verdict) as caught:
        check_floors(_case(0.000006, launch_floor_ms=0.0015))
    assert "one GPU operation" in caught.value.message
    check_floors(_case(0.9 * 0.0015, launch_floor_ms=0.0015))
    with pytest.raises(Verdict) as caught:
        check_floors(_case(0.000006, floor_ms=0.001))
    assert "physical floor" in caught.value.message


def test_the_launch_floor_is_one_operation_less_the_events_resolution(monkeypatch):
    monkeypatch.setattr(devices, "launch_ms", lambda again=0: 0.0021)
    assert benchmark.launch_floor_ms(_judgement("cuda")) == pytest.approx(0.0011)
    assert benchmark.launch_floor_ms(_judgement("cpu")) == 0.0
    monkeypatch.setattr(devices, "launch_ms", lambda again=0: 0.0)  # could not be measured
    assert benchmark.launch_floor_ms(_judgement("cuda")) == 0.0


def test_one_operation_is_measured_once_and_only_comes_down_when_measured_again(monkeypatch):
    rounds = iter([0.3, 0.0019, 0.0025, 0.0021])  # the first round under someone else's load
    monkeypatch.setattr(devices, "_launch_best", [float("inf")])
    monkeypatch.setattr(devices, "_one_operation_ms", lambda: next(rounds))
    monkeypatch.setattr(devices, "LAUNCH_PAUSE_S", 0.0)
    assert devices.launch_ms() == 0.3
    assert devices.launch_ms() == 0.3  # kept: no round measured
    assert devices.launch_ms(again=3) == 0.0019  # the least of all rounds


def test_a_failed_round_leaves_no_floor(monkeypatch):
    def fails():
        raise RuntimeError("no CUDA")

    monkeypatch.setattr(devices, "_launch_best", [float("inf")])
    monkeypatch.setattr(devices, "_one_operation_ms", fails)
    assert devices.launch_ms() == 0.0


def _late(late: int, synced: int, handover: bool) -> CaseRun:
    run = _run([0.7] * 20, [1.5] * 20)
    run.calibration = Calibration([0.8] * 15, [0.5] * 15, 0.02, handover=handover)
    run.late_sync, run.synced = late, synced
    return run


@pytest.mark.parametrize(
    ("late", "synced", "handover", "consistent", "flagged"),
    [
        (10, 0, True, True, False),  # the host's late wake-up behind events the bound believes
        (10, 0, True, False, True),  # events below the bound, and late synced events: why
        (2, 0, True, False, False),  # a tenth of the calls late: not the case's pattern
        (10, 10, False, True, True),  # host windows: the calls were timed to the synced event
        (10, 0, False, True, False),
    ],
)
def test_side_stream_work_is_flagged(late, synced, handover, consistent, flagged):
    run = _late(late, synced, handover)
    assert benchmark._side_stream_work(_judgement("cuda"), run, consistent) is flagged
    assert benchmark._side_stream_work(_judgement("cpu"), run, consistent) is False
