"""The CUDA stream JAX runs this device's programs on (untrusted side, language ``jax`` on a
GPU), learnt before any user code through the library the supervisor built
(runner/supervisor/jax_stream.py from runner/child/jax_stream.cc).

JAX queues every program of a device on one stream of its own and does not name it to Python.
A foreign-function call is handed that stream by XLA: the library's target records it, and a
one-off jitted call of the target reads it. The child then queues its lead-in spin, its start
event, the DLPack views of the results and its end event on that stream (torch's
``ExternalStream``): the solution's kernels queue behind the spin, so the host's dispatch is off
the clock and the events bracket the kernels, as in every other language.
"""

from __future__ import annotations

import ctypes
import os

import jax
import jax.numpy as jnp

ENV = "KERNELJUDGE_JAX_STREAM_LIB"  # set by runner/supervisor/jax_stream.py
TARGET = "kerneljudge_record_stream"

_block_until_ready = jax.block_until_ready


def compute_stream(library: str) -> int:
    """The stream's handle, read through the library at ``library``."""
    lib = ctypes.CDLL(library)
    lib.kj_last_stream.restype = ctypes.c_void_p
    jax.ffi.register_ffi_target(TARGET, jax.ffi.pycapsule(lib.kj_record_stream), platform="CUDA")
    result = jax.ShapeDtypeStruct((1,), jnp.uint8)
    probe = jax.jit(lambda: jax.ffi.ffi_call(TARGET, result, has_side_effect=True)())
    _block_until_ready(probe())
    stream = lib.kj_last_stream()
    if not stream:
        raise RuntimeError("JAX's foreign-function call was handed no CUDA stream")
    return int(stream)


def timing_stream() -> int:
    """The stream, through the library the supervisor named; a clear error where the worker
    could not build it (the reason is in the variable)."""
    library = os.environ.get(ENV, "")
    if not library or library.startswith("error:"):
        reason = library.removeprefix("error:").strip() or f"{ENV} is not set"
        raise RuntimeError(f"this worker cannot time JAX on its GPU: {reason}")
    return compute_stream(library)
