"""A judgement as its phases see it: what preparation, the functional tests, the calibration,
the benchmark, the profile and a language's plug-in read from it and write to it.

``runner.supervisor.judgement.Judgement`` is the one implementation; the phases import this
protocol instead of that module, which imports them, so the import graph has no circle.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from runner.contract import JobSpec, Limits, ProblemSpec

if TYPE_CHECKING:
    from runner.supervisor.buffers import CaseBuffers
    from runner.supervisor.devices import DevicePeaks


# work run between a request's send and its receive, given a test of whether the child has
# answered (or the time is up): a timed GPU call's cycle (runner/supervisor/windows.py)
Queue = Callable[[Callable[[], bool]], None]


class Child(Protocol):
    """The sandboxed child as a phase sees it (runner.supervisor.childproc.ChildProcess)."""

    # the sandbox's process handle (its pid, its cgroup)
    handle: Any
    # the torch-free child (runner/child/native_child.py)
    native: bool

    def close(self) -> None: ...


class Judgement(Protocol):
    # what is judged, and within which limits
    job: JobSpec
    problem: ProblemSpec
    limits: Limits
    # the job's own folder (deleted with it)
    dir: Path
    # seconds per phase (``compile_s``, ``start_s``, ...), reported in the result
    phases: dict[str, float]
    # one dict per functional test, reported in the result
    tests: list[dict]
    # notes on how the judgement ran (``compile_cached``, ``cuda_cpu_emulation``, ...)
    flags: list[str]
    compile_log: str
    # the compiled library's entry point the child calls (native languages)
    entry_symbol: str
    # what the child loads (the compiled library, or the source as a Python file)
    module_path: Path | None
    child: Child | None
    # the result's device fields (kind, name, arch, L2, peaks)
    device_info: dict
    benchmark: dict | None
    profile: dict | None
    # the problem's reference module and its ``make_inputs`` hook (never in the child)
    reference: Any
    make_inputs: Callable | None
    rng: random.Random
    peaks: DevicePeaks
    # the benchmark lock's name, the CUDA driver of this process, the L2 flush buffer (GPU)
    gpu_key: str
    driver: Any
    flush: Any
    # the clock's calibration per benchmark case (runner/supervisor/windows.py)
    calibration: list

    def emit(self, event: dict) -> None: ...

    def ask(self, msg: dict, timeout: float, where: str, fds: tuple[int, ...] = ()) -> dict: ...

    def ask_timed(
        self,
        msg: dict,
        timeout: float,
        where: str,
        fds: tuple[int, ...] = (),
        queue: Queue | None = None,
    ) -> tuple[dict, float]: ...

    def buffers_for(self, scalars: dict, where: str, private_copy: bool = False) -> CaseBuffers: ...

    def exclusive_gpu(self, purpose: str) -> contextlib.AbstractContextManager[None]: ...

    def param_list(self) -> list[dict]: ...

    def max_file_bytes(self) -> int: ...

    def start_child(self, module_path: Path) -> None: ...
