"""The library through which a JAX child learns the CUDA stream JAX runs its programs on
(runner/child/jax_stream.cc): built here, by the trusted side, once per host, into the
runner's cache, and shown read-only to the sandboxed children.

JAX launches a device's programs on a stream of its own, which JAX does not name to Python. The
library is a foreign-function target that records the stream XLA hands it; the child calls it
once, before any user code, and then queues its lead-in spin and its timing events on that
stream, so that the events bracket JAX's kernels as they bracket every other language's
(runner/child/jax_solution.py). Building needs a C++17 compiler and the XLA headers that jaxlib
ships; where either is missing, :func:`library` says why and JAX solutions on a GPU get an
internal error that repeats it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
from pathlib import Path

from runner.supervisor import helper_library
from runner.supervisor.helper_library import HelperBuildError, build, compiler

SOURCE = Path(__file__).resolve().parents[1] / "child" / "jax_stream.cc"
ENV = "KERNELJUDGE_JAX_STREAM_LIB"  # read by runner/child/jax_solution.py


def include_dir() -> Path:
    """jaxlib's headers (``jax.ffi.include_dir()``), found without importing JAX."""
    spec = importlib.util.find_spec("jaxlib")
    if spec is None or not spec.submodule_search_locations:
        raise HelperBuildError("jaxlib is not installed")
    inc = Path(next(iter(spec.submodule_search_locations))) / "include"
    if not (inc / "xla" / "ffi" / "api" / "ffi.h").is_file():
        raise HelperBuildError(f"jaxlib ships no XLA FFI headers under {inc}")
    return inc


def library() -> Path:
    """The built library (cached per source and headers), or :class:`HelperBuildError`."""
    inc = include_dir()
    digest = hashlib.sha256(SOURCE.read_bytes())
    digest.update((inc / "xla" / "ffi" / "api" / "c_api.h").read_bytes())
    cxx = compiler(("c++", "g++", "clang++"))
    argv = [cxx, "-O2", "-std=c++17", "-shared", "-fPIC", "-w", f"-I{inc}"]
    return build(SOURCE, "jax-stream", digest.hexdigest(), argv)


def child_env(device: str) -> tuple[dict[str, str], tuple[Path, ...]]:
    """What a torch child on ``device`` gets: the library's path in its environment and its
    directory as a read-only bind, or the reason it could not be built (in the same variable,
    prefixed ``error:``, for the child to report if a JAX job comes)."""
    return _gpu_child_env() if device == "cuda" else ({}, ())


@functools.cache
def _gpu_child_env() -> tuple[dict[str, str], tuple[Path, ...]]:
    """Built (or found) once per process; a failed build is not retried for every child."""
    return helper_library.child_env(ENV, library)
