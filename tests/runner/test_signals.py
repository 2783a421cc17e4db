"""The child's side of the GPU hand-over (runner/common/signals.py) with a stand-in driver."""

from __future__ import annotations

import pytest

from runner.common import signals


class FakeDriver:
    def __init__(self):
        self.queued = []

    def wait_geq(self, stream, address, value):
        self.queued.append(("wait>=", stream, address, value))

    def write_word(self, stream, address, value):
        self.queued.append(("write", stream, address, value))


def test_ready_waits_for_go_and_done_writes_its_word_on_the_calls_stream():
    driver = FakeDriver()
    handover = signals.child_handover(driver, 4096, {"signal": 7}, stream=11)
    handover(signals.READY)
    handover(signals.DONE)
    assert driver.queued == [
        ("write", 11, 4096 + signals.READY, 7),
        ("wait>=", 11, 4096 + signals.GO, 7),
        ("write", 11, 4096 + signals.DONE, 7),
    ]


@pytest.mark.parametrize("msg", [{}, {"signal": 0}, {"signal": True}, {"signal": "3"}])
def test_no_hand_over_unless_the_supervisor_numbers_the_call(msg):
    assert signals.child_handover(FakeDriver(), 4096, msg, stream=1) is None


def test_the_words_fit_their_slot():
    name, dtype, shape = signals.slot_spec()
    assert name.startswith("__") and dtype == "i32"
    assert max(signals.READY, signals.GO, signals.DONE) + 4 <= 4 * shape[0]
