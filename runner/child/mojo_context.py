"""Keeping one Mojo DeviceContext per device for the child's whole life (untrusted side,
language ``mojo``), through the library the supervisor built (runner/supervisor/mojo_context.py
from runner/child/mojo_context.c).

Loaded with RTLD_GLOBAL before the solution's library, it answers the solution's
``DeviceContext()`` with the child's one context for that device, so that a call does not
create a CUDA stream anew; and it names that context's stream, on which the child queues its
lead-in and its events for Mojo's timed calls (docs/languages/mojo.md).
"""

from __future__ import annotations

import ctypes
import functools
import os

ENV = "KERNELJUDGE_MOJO_CONTEXT_LIB"  # set by runner/supervisor/mojo_context.py


@functools.cache
def keep_contexts() -> ctypes.CDLL:
    """Load the library (before the solution's; once); a clear error where the worker could
    not build it (the reason is in the variable)."""
    library = os.environ.get(ENV, "")
    if not library or library.startswith("error:"):
        reason = library.removeprefix("error:").strip() or f"{ENV} is not set"
        raise RuntimeError(f"this worker cannot run Mojo solutions: {reason}")
    return ctypes.CDLL(library, mode=os.RTLD_GLOBAL | os.RTLD_NOW)


def kept_stream(device: int = 0) -> int:
    """The CUDA stream of the device's kept context, made now if the solution has not made it
    yet (0 where Mojo's runtime names none): the stream Mojo's kernels are queued on, on which
    the child then queues its lead-in spin and its events."""
    lib = keep_contexts()
    lib.kj_mojo_stream.restype = ctypes.c_void_p
    lib.kj_mojo_stream.argtypes = [ctypes.c_int]
    return lib.kj_mojo_stream(device) or 0
