"""The GPU hand-over of a timed call between the supervisor's stream and the child's: three
32-bit words at the end of the case's arena, moved by the driver's stream memory operations
(wait until a word is >= n; write n), so that the supervisor's CUDA events bracket the call on
the GPU with no host in between (runner/supervisor/clock.py says what the window proves).

For the ``n``-th call of an arena:

    child's stream:       lead-in spin, READY := n, wait GO >= n, start event, solve,
                          end event, DONE := n
    supervisor's stream:  wait READY >= n, window start, fresh inputs, L2 flush, GO := n,
                          wait DONE >= n, snapshot, window end

After the child's reply the supervisor writes all three words itself from a second stream, so a
child that never writes them cannot stall it (its window then ends after the reply). Both
sides import this module; it holds no torch and no supervisor code.

The supervisor uses the hand-over only where ``KERNELJUDGE_GPU_CLOCK=handover``: it has not yet
judged a case on a GPU (its first run on an H200 finished none; docs/judging.md), so the GPU's
clock is the host windows by default.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

SLOT = "__kj_signal"  # the arena slot of the words (no parameter of a problem starts with "__")
DTYPE = "i32"
WORDS = 4
READY, GO, DONE = 0, 4, 8  # byte offsets in the slot


def handover_enabled() -> bool:
    """Whether the supervisor hands timed GPU calls over on the GPU (opt-in, above)."""
    return os.environ.get("KERNELJUDGE_GPU_CLOCK", "host") == "handover"


def slot_spec() -> tuple[str, str, tuple[int, ...]]:
    """(name, dtype, shape) of the words' slot, for ``runner.common.arena.plan``."""
    return SLOT, DTYPE, (WORDS,)


class Signals:
    """The words of one arena at device address ``base``, through ``driver``
    (:class:`runner.common.cudadrv.Driver`); ``stream``: a raw CUDA stream handle."""

    def __init__(self, driver: Any, base: int):
        self.driver = driver
        self.base = base

    def wait(self, stream: int, word: int, n: int) -> None:
        self.driver.wait_geq(stream, self.base + word, n)

    def write(self, stream: int, word: int, n: int) -> None:
        self.driver.write_word(stream, self.base + word, n)


def child_handover(driver: Any, base: int, msg: dict, stream: int) -> Callable[[int], None] | None:
    """The child's side for the timed call ``msg`` (None where the supervisor asked for no
    hand-over): ``handover(READY)`` queues READY := n and a wait until GO >= n,
    ``handover(DONE)`` queues DONE := n, both on ``stream``."""
    n = msg.get("signal")
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        return None
    words = Signals(driver, base)

    def handover(word: int) -> None:
        words.write(stream, word, n)
        if word == READY:
            words.wait(stream, GO, n)

    return handover
