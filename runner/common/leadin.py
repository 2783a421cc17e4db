"""The GPU work queued before every timed call's start event: a short spin kernel (the L2
flush before it is the supervisor's, in its own context, for a solution; in the same stream
for the reference).

The flush alone (a memset of twice the L2, tens of microseconds on an H200) is not always
long enough to hide the host: when the host is slow to launch the timed call (a busy CPU, a
Python solution's overhead), the GPU reaches the start event and waits, idle, for the launch,
and that wait is timed. On an H200 under CPU load one judgement in three read 3-11 % high
that way. The spin (``torch.cuda._sleep``, calibrated to ``LEAD_IN_MS``) keeps the GPU busy
until the host has queued the call, so the events time the GPU work alone. The solution and
the reference get the same lead-in.
"""

from __future__ import annotations

import functools

import torch

LEAD_IN_MS = 0.2
# A language's plug-in may ask for a longer lead-in (its ``lead_in_ms``: JAX's call does more
# host work before its kernels are queued, runner/languages/jax/supervisor.py); the supervisor
# asks for the same lead-in in the calibration's empty calls. Mojo's kernels run on the stream
# of the child's kept DeviceContext, on which the child also queues the spin and the events
# (runner/child/mojo_context.py): Mojo gets the default lead-in, which keeps the host work
# before its first launch off the clock as it does CUDA's.
MAX_LEAD_IN_MS = 5.0
MAX_SPIN_CYCLES = 50_000_000  # what a child spins at most, whatever it is asked (~25 ms)


def scaled(cycles: int, ms: float) -> int:
    """``cycles`` (calibrated for ``LEAD_IN_MS``) scaled to ``ms`` (at most MAX_LEAD_IN_MS)."""
    return int(cycles * min(max(ms, 0.0), MAX_LEAD_IN_MS) / LEAD_IN_MS)


_CALIBRATION_CYCLES = 400_000
_sleep = getattr(torch.cuda, "_sleep", None)  # captured before any user code runs


@functools.cache
def spin_cycles(lead_in_ms: float = LEAD_IN_MS) -> int:
    """Cycles of ``torch.cuda._sleep`` that last about ``lead_in_ms`` on this GPU (0 if the
    spin kernel is not available); calibrated once per process (one device per process)."""
    if _sleep is None:
        return 0
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    _sleep(1000)  # loads the kernel
    best = float("inf")
    for _ in range(3):
        torch.cuda.synchronize()
        start.record()
        _sleep(_CALIBRATION_CYCLES)
        end.record()
        end.synchronize()
        best = min(best, start.elapsed_time(end))
    if not best > 0:
        return 0
    return int(_CALIBRATION_CYCLES * lead_in_ms / best)


def spin(cycles: int) -> None:
    """Queue the spin on the current stream; returns at once."""
    if cycles and _sleep is not None:
        _sleep(cycles)


def flush_and_spin(flush: torch.Tensor, value: int, cycles: int) -> None:
    """Queue an L2 flush (a write of ``flush``) and the spin; returns at once."""
    flush.fill_(value & 0xFF)
    spin(cycles)
