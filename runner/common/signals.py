"""The GPU hand-over of a timed call between the supervisor's stream and the child's: three
32-bit words in one page of host memory both processes map (a memfd) and register with the
driver, moved by the driver's stream memory operations (wait until a word is >= n; write n),
so that the supervisor's CUDA events bracket the call on the GPU
(runner/supervisor/clock.py says what the window proves).

For the ``n``-th call of an arena:

    child's stream:       lead-in spin, READY := n, wait GO >= n, start event, solve,
                          end event
    child's host:         synchronises its device (every stream), records its synced event,
                          then DONE := n
    supervisor's stream:  (its gate), wait READY >= n, window start, fresh inputs, L2 flush,
                          GO := n
    supervisor's host:    reads DONE until it is >= n, then launches the snapshot and the
                          window's end (behind a wait for DONE >= n on its stream)

The supervisor's stream holds nothing pending while the child's kernels run: the contexts of
two processes are time-sliced, and a wait queued on the supervisor's stream kept its context
runnable and added about 0.3 ms to every call's own events on an H200
(bench/results/gpu_clock/). After the child's reply the supervisor writes all three words
itself from the host, so a child that never writes them cannot stall it. Both sides import
this module; it holds no torch and no supervisor code.

The hand-over is the GPU's clock unless ``KERNELJUDGE_GPU_CLOCK=host`` asks for the host
windows (docs/judging.md).
"""

from __future__ import annotations

import ctypes
import mmap
import os
import struct
from collections.abc import Callable
from typing import Any

READY, GO, DONE = 0, 4, 8  # byte offsets in the page
WORDS = {"READY": READY, "GO": GO, "DONE": DONE}
PAGE = mmap.PAGESIZE


def handover_enabled() -> bool:
    """Whether the supervisor hands timed GPU calls over on the GPU (the default;
    ``KERNELJUDGE_GPU_CLOCK=host`` keeps the host windows instead)."""
    return os.environ.get("KERNELJUDGE_GPU_CLOCK", "handover") != "host"


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


class HostWords(Signals):
    """The words' page, mapped here and registered with ``driver``
    (:class:`runner.common.cudadrv.Driver`) at the device address ``base``: ``wait`` and
    ``write`` queue on a stream (:class:`Signals`), ``read`` and ``set`` reach it from the host."""

    def __init__(self, driver: Any, fd: int):
        self.map = mmap.mmap(fd, PAGE, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        self._host = ctypes.c_char.from_buffer(self.map)  # an export: closed before the map
        self.address = ctypes.addressof(self._host)
        super().__init__(driver, driver.register_host(self.address, PAGE))

    @classmethod
    def create(cls, driver: Any) -> tuple[HostWords, int]:
        """New zeroed words and the descriptor that shares them (the caller closes it)."""
        fd = os.memfd_create("kj-words", os.MFD_CLOEXEC)
        try:
            os.ftruncate(fd, PAGE)
            return cls(driver, fd), fd
        except BaseException:
            os.close(fd)
            raise

    def read(self, word: int) -> int:
        return struct.unpack_from("<I", self.map, word)[0]

    def set(self, word: int, n: int) -> None:
        struct.pack_into("<I", self.map, word, n)

    def describe(self) -> str:
        return " ".join(f"{name}={self.read(w)}" for name, w in WORDS.items())

    def close(self) -> None:
        """Unregister and unmap (no GPU work may still wait on the words)."""
        if self._host is None:
            return
        self.driver.unregister_host(self.address)
        self._host = None
        self.map.close()


def child_handover(words: HostWords, msg: dict, stream: int) -> Callable[[int], None] | None:
    """The child's side for the timed call ``msg`` (None where the supervisor asked for no
    hand-over): ``handover(READY)`` queues READY := n and a wait until GO >= n on ``stream``;
    ``handover(DONE)`` writes DONE := n from the host, called once the
    child has synchronised its device, so that every stream's work is done before it."""
    n = msg.get("signal")
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        return None

    def handover(word: int) -> None:
        if word == READY:
            words.write(stream, READY, n)
            words.wait(stream, GO, n)
        else:
            words.set(word, n)

    return handover
