"""Keeping one Mojo DeviceContext per device for the child's whole life (untrusted side,
language ``mojo``), through the library the supervisor built (runner/supervisor/mojo_context.py
from runner/child/mojo_context.c).

Loaded with RTLD_GLOBAL before the solution's library, it answers the solution's
``DeviceContext()`` with the child's one context for that device, so that a call does not
create a CUDA stream and load its kernels' module anew (docs/languages/mojo.md).
"""

from __future__ import annotations

import ctypes
import os

ENV = "KERNELJUDGE_MOJO_CONTEXT_LIB"  # set by runner/supervisor/mojo_context.py


def keep_contexts() -> ctypes.CDLL:
    """Load the library (before the solution's); a clear error where the worker could not
    build it (the reason is in the variable)."""
    library = os.environ.get(ENV, "")
    if not library or library.startswith("error:"):
        reason = library.removeprefix("error:").strip() or f"{ENV} is not set"
        raise RuntimeError(f"this worker cannot run Mojo solutions: {reason}")
    return ctypes.CDLL(library, mode=os.RTLD_GLOBAL | os.RTLD_NOW)
