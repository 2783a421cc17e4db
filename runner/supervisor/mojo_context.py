"""The library that keeps one Mojo DeviceContext per device in a child
(runner/child/mojo_context.c): built here, by the trusted side, once per host, into the
runner's cache, and shown read-only to the sandboxed GPU children of a worker that has Mojo.

A Mojo ``solve`` written to LeetGPU's convention makes a ``DeviceContext()`` on every call; on
its own, Mojo's runtime then makes a new CUDA stream and loads the kernels' module on every
call and drops both at its end. With the library loaded before the solution, every call gets
the child's one context, its stream and its loaded module (docs/languages/mojo.md). Building
needs a C compiler, which Mojo's own builds need too (``cc``); where it is missing,
:func:`library` says why and a Mojo job gets an internal error that repeats it.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from runner.supervisor import helper_library, mojo
from runner.supervisor.helper_library import build, compiler

SOURCE = Path(__file__).resolve().parents[1] / "child" / "mojo_context.c"
ENV = "KERNELJUDGE_MOJO_CONTEXT_LIB"  # read by runner/child/mojo_context.py


def library(*, launch_only: bool = False) -> Path:
    """The built library (cached per source), or :class:`HelperBuildError`. ``launch_only``:
    the build with KJ_LAUNCH_ONLY, whose kept context's synchronise does not wait, for
    ``do_bench`` of a solution's kernels alone (bench/timing_truth.py); never a child's."""
    defines = ["-DKJ_LAUNCH_ONLY"] if launch_only else []
    digest = hashlib.sha256(SOURCE.read_bytes() + " ".join(defines).encode()).hexdigest()
    argv = [compiler(("cc", "gcc", "clang")), "-O2", "-shared", "-fPIC", "-pthread", *defines]
    return build(SOURCE, "mojo-context", digest, argv)


def unavailable() -> str | None:
    """Why a Mojo job cannot run on this worker's GPU for want of the library, or None."""
    lib_env, _ = _gpu_child_env()
    value = lib_env.get(ENV, "")
    return value.removeprefix("error: ") if value.startswith("error:") else None


def child_env(device: str) -> tuple[dict[str, str], tuple[Path, ...]]:
    """What a GPU child of a worker with Mojo gets: the library's path in its environment and
    its folder as a read-only bind (or the reason it could not be built, prefixed
    ``error:``); nothing on the CPU device or without Mojo."""
    if device != "cuda" or mojo.find_install() is None:
        return {}, ()
    return _gpu_child_env()


@functools.cache
def _gpu_child_env() -> tuple[dict[str, str], tuple[Path, ...]]:
    """Built (or found) once per process; a failed build is not retried for every child."""
    return helper_library.child_env(ENV, library)
