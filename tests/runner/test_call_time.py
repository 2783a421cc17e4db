"""One timed call's figure from the child's reply (runner/supervisor/call_time.py): the event
figure, the end event's (``return_ms``, which differs only where a Mojo call ended at its
synchronise) and the after-sync event's, checked against each other and the round trip."""

from __future__ import annotations

import pytest

from runner.supervisor.call_time import call_time, escaped
from runner.supervisor.outcome import Verdict

GAP = 0.005  # the calibrated sync gap


def reply(ev: float, sy: float, ret: float | None = None) -> dict:
    out = {"ok": True, "event_ms": ev, "sync_ms": sy}
    if ret is not None:
        out["return_ms"] = ret
    return out


def test_a_call_without_return_ms_is_timed_as_before():
    assert call_time(reply(0.1, 0.11), 1.0, GAP, True, "") == 0.1
    # work past the end event by more than the gap and the allowance: the after-sync time
    assert call_time(reply(0.1, 0.2), 1.0, GAP, True, "") == 0.2


def test_a_call_ended_at_its_synchronise_keeps_that_figure():
    # the host woke 25 us after the kernels: off the figure, and not taken for side work
    assert call_time(reply(0.1, 0.13, ret=0.125), 1.0, GAP, True, "") == 0.1


def test_side_work_is_measured_from_the_end_event():
    # ended at the synchronise, but work outlived the end event: timed in full
    assert call_time(reply(0.1, 0.2, ret=0.12), 1.0, GAP, True, "") == 0.2


@pytest.mark.parametrize(
    ("ev", "ret", "sy"),
    [(0.13, 0.12, 0.14), (0.1, 0.15, 0.14), (0.1, float("nan"), 0.14), (0.1, -1.0, 0.14)],
)
def test_figures_out_of_order_or_invalid_are_rejected(ev, ret, sy):
    with pytest.raises(Verdict) as err:
        call_time(reply(ev, sy, ret=ret), 1.0, GAP, True, "in benchmark 'x'")
    assert err.value.verdict == "rejected"


def test_with_the_hand_over_a_late_synced_event_leaves_the_figure_alone():
    # the hand-over's windows hold the work to the synchronise: the events stay the figure
    assert call_time(reply(0.1, 0.2), 1.0, GAP, False, "") == 0.1
    assert escaped(reply(0.1, 0.2), GAP) and not escaped(reply(0.1, 0.11), GAP)
