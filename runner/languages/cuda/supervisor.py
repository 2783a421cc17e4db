"""CUDA C++, the trusted side: nvcc into a library whose C (or C++) ``solve`` the child calls
with device pointers, or on the CPU device the project's emulation (runner/supervisor/
emulation.py, docs/languages/cuda.md) with the host compiler."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract import JobSpec
from runner.supervisor import preparation
from runner.supervisor.language import SupervisorLanguage
from runner.supervisor.outcome import Verdict

if TYPE_CHECKING:
    from runner.supervisor.context import Judgement

# runner.supervisor.emulation (which imports torch) is imported where it is used: every child's
# start imports this module (its environment), and a spare starts before torch is imported


def first_error(log: str) -> str:
    return next((ln for ln in log.splitlines() if "error" in ln), "")


class Cuda(SupervisorLanguage):
    name = "cuda"
    # compiled before the child starts: no JIT allowance
    jit_devices = ()

    def missing(self, job: JobSpec) -> str | None:
        """On the CPU device, the host C++ compiler the emulation builds with."""
        from runner.supervisor import emulation  # noqa: PLC0415

        return emulation.compiler_missing() if job.device == "cpu" else None

    def validated_on(self, device: str) -> bool:
        """On the CPU: its own sweep (tests/runner/languages/cuda/), and here the nvcc compile
        check, which the sweep does not make."""
        return device == "cuda"

    def inspect_refusal(self) -> tuple[str, bool] | None:
        return None

    def native_child(self, device: str, mode: str) -> bool:
        """A GPU job in mode ``run``, which needs no benchmark; on the CPU device (the
        emulation) modes ``run`` and ``submit``, whose timed calls are the host clock there as
        in the torch child."""
        if device == "cpu":
            return mode in ("run", "submit")
        return device == "cuda" and mode == "run"

    def build(self, j: Judgement) -> Path:
        from runner.supervisor import emulation  # noqa: PLC0415
        from runner.supervisor.compile import compile_cuda, find_entry  # noqa: PLC0415

        j.emit({"phase": "compiling"})
        compiler, first = compile_cuda, first_error
        if emulation.emulated(j.job):  # CUDA C++ on the CPU: the host compiler, the emulation
            compiler, first = emulation.compile_for_cpu, emulation.first_error
            j.flags.append(emulation.FLAG)
        res = preparation.compile_native(j, compiler, first)
        symbol, linkage = find_entry(res.so_path, j.param_list())
        if symbol is None:
            raise Verdict("compile_error", f"Compiled, but {linkage}.")
        j.entry_symbol = symbol
        if linkage == "C++":
            j.flags.append("cxx_linkage_solve")
        return res.so_path


LANGUAGE = Cuda()
