"""Keeping one Mojo DeviceContext per device for the child's whole life (untrusted side,
language ``mojo``), through the library the supervisor built (runner/supervisor/mojo_context.py
from runner/child/mojo_context.c).

Loaded with RTLD_GLOBAL before the solution's library, it answers the solution's
``DeviceContext()`` with the child's one context for that device, so that a call does not
create a CUDA stream anew; and it names that context's stream, on which the child queues its
lead-in and its events for Mojo's timed calls; and it lets a timed call end at the solution's
last synchronise (:class:`SyncEnd`, docs/languages/mojo.md).
"""

from __future__ import annotations

import ctypes
import functools
import os
import time

ENV = "KERNELJUDGE_MOJO_CONTEXT_LIB"  # set by runner/supervisor/mojo_context.py
RUNTIME = "libAsyncRTMojoBindings.so"  # Mojo's runtime, by the name the library looks it up
# the most host time between the solution's last synchronise returning and ``solve``
# returning for the call to end at that synchronise: GPU work queued after the synchronise
# and finished before ``solve`` returned must fit in it (docs/languages/mojo.md)
RETURN_NS = 20_000


@functools.cache
def keep_contexts() -> ctypes.CDLL:
    """Load the library (before the solution's; once); a clear error where the worker could
    not build it (the reason is in the variable)."""
    library = os.environ.get(ENV, "")
    if not library or library.startswith("error:"):
        reason = library.removeprefix("error:").strip() or f"{ENV} is not set"
        raise RuntimeError(f"this worker cannot run Mojo solutions: {reason}")
    return ctypes.CDLL(library, mode=os.RTLD_GLOBAL | os.RTLD_NOW)


def start_runtime() -> None:
    """Mojo's runtime loaded (after this library) before any user code, for the calibration's
    empty calls (:func:`empty_call`); the solution's library, loaded later, finds it loaded. Its
    folder is the install's ``lib``, named by the install's root in the child's environment
    (runner/supervisor/mojo.py)."""
    keep_contexts()
    root = os.environ.get("MODULAR_MAX_PACKAGE_ROOT", "")
    runtime = os.path.join(root, "lib", RUNTIME)
    if not root or not os.path.isfile(runtime):
        raise RuntimeError(f"this worker cannot run Mojo solutions: no {RUNTIME} under {root!r}")
    ctypes.CDLL(runtime, mode=os.RTLD_NOW)


def empty_call(device: int = 0) -> None:
    """An empty ``solve``'s runtime work (``DeviceContext()`` and its synchronise), without
    user code: the calibration's empty call for Mojo (runner/child/mojo_context.c)."""
    if keep_contexts().kj_mojo_empty_call(device) != 0:
        raise RuntimeError("Mojo's runtime failed an empty call")


def kept_stream(device: int = 0) -> int:
    """The CUDA stream of the device's kept context, made now if the solution has not made it
    yet (0 where Mojo's runtime names none): the stream Mojo's kernels are queued on, on which
    the child then queues its lead-in spin and its events."""
    lib = keep_contexts()
    lib.kj_mojo_stream.restype = ctypes.c_void_p
    lib.kj_mojo_stream.argtypes = [ctypes.c_int]
    return lib.kj_mojo_stream(device) or 0


class SyncEnd:
    """A timed call's end at the solution's last synchronise of a kept context.

    ``arm()`` before a timed ``solve``; while armed, every such synchronise records
    ``event`` on the context's stream before the runtime waits (runner/child/mojo_context.c).
    ``at_sync()``, right after ``solve`` returns and before the call's end event is recorded,
    says whether the call ends at ``event``: a synchronise recorded it, none failed to, the
    stream has nothing left to run, and ``solve`` returned within ``RETURN_NS`` of the last
    synchronise. Otherwise the call ends at its end event, as every other language's does."""

    def __init__(self, stream) -> None:
        import torch  # noqa: PLC0415

        self.stream = stream
        self.event = torch.cuda.Event(enable_timing=True)
        self.event.record(stream)  # torch makes the CUDA event at its first record
        self.event.synchronize()
        self._lib = keep_contexts()
        self._lib.kj_mojo_arm.argtypes = [ctypes.c_void_p]
        self._lib.kj_mojo_arm.restype = None
        self._lib.kj_mojo_disarm.argtypes = [ctypes.POINTER(ctypes.c_longlong)]
        self._lib.kj_mojo_disarm.restype = ctypes.c_int

    def arm(self) -> None:
        self._lib.kj_mojo_arm(self.event.cuda_event)

    def at_sync(self) -> bool:
        returned = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        idle = self.stream.query()
        last = ctypes.c_longlong(0)
        syncs = self._lib.kj_mojo_disarm(ctypes.byref(last))
        return syncs > 0 and idle and 0 <= returned - last.value <= RETURN_NS
