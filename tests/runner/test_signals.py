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


class FakeWords(signals.Signals):
    def __init__(self, driver):
        super().__init__(driver, 4096)
        self.host = []

    def set(self, word, n):
        self.host.append((word, n))


def test_ready_waits_for_go_on_the_calls_stream_and_done_is_written_from_the_host():
    words = FakeWords(FakeDriver())
    handover = signals.child_handover(words, {"signal": 7}, stream=11)
    handover(signals.READY)
    handover(signals.DONE)
    assert words.driver.queued == [
        ("write", 11, 4096 + signals.READY, 7),
        ("wait>=", 11, 4096 + signals.GO, 7),
    ]
    assert words.host == [(signals.DONE, 7)]  # after the child's synchronise: every stream's


@pytest.mark.parametrize("msg", [{}, {"signal": 0}, {"signal": True}, {"signal": "3"}])
def test_no_hand_over_unless_the_supervisor_numbers_the_call(msg):
    assert signals.child_handover(FakeWords(FakeDriver()), msg, stream=1) is None


def test_the_words_are_distinct_and_fit_their_page():
    offsets = sorted(signals.WORDS.values())
    assert len(set(offsets)) == 3 and offsets[-1] + 4 <= signals.PAGE


class FakeHostDriver:
    """register_host as the driver's: the device address of a host page (here, its own)."""

    def __init__(self):
        self.registered = []

    def register_host(self, address, size):
        self.registered.append((address, size))
        return address

    def unregister_host(self, address):
        self.registered = [r for r in self.registered if r[0] != address]


def test_host_words_are_shared_through_their_descriptor_and_unregistered_on_close():
    import os

    driver = FakeHostDriver()
    mine, fd = signals.HostWords.create(driver)
    try:
        theirs = signals.HostWords(driver, fd)  # the child's side: the same page, mapped again
    finally:
        os.close(fd)
    assert mine.describe() == "READY=0 GO=0 DONE=0"  # zeroed
    theirs.set(signals.DONE, 5)  # what the child's host writes, the supervisor's host reads
    mine.set(signals.GO, 7)
    assert mine.read(signals.DONE) == 5 and theirs.read(signals.GO) == 7
    assert [size for _, size in driver.registered] == [signals.PAGE, signals.PAGE]
    mine.close()
    theirs.close()
    mine.close()  # a second close is harmless
    assert driver.registered == []
