"""Mojo, the trusted side: the compiler (runner/supervisor/mojo.py), the build and its entry
check (mojo_build.py, mojo_entry.py), and the library that keeps one DeviceContext per device
in a GPU child (mojo_context.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract import JobSpec
from runner.supervisor import mojo, mojo_context, preparation
from runner.supervisor.language import SupervisorLanguage
from runner.supervisor.outcome import Verdict

if TYPE_CHECKING:
    from runner.supervisor.context import Judgement


class Mojo(SupervisorLanguage):
    name = "mojo"

    def missing(self, job: JobSpec) -> str | None:
        """Mojo's compiler. Without it, a job on the CPU device is told at once that it needs a
        GPU worker, since nothing can be compiled."""
        if mojo.find_install() is None:
            if job.device == "cuda":
                return mojo.MISSING
            return preparation.gpu_only_message(job, compiled=False)
        if job.device == "cuda" and (why := mojo_context.unavailable()):
            return f"This judge worker cannot run Mojo solutions: {why}."
        return None

    def validated_on(self, device: str) -> bool:
        """Only with the compiler, which the runner's requirements leave out."""
        return device == "cuda" and mojo.find_install() is not None

    def native_child(self, device: str, mode: str) -> bool:
        """On a GPU in mode ``run``, which needs no benchmark."""
        return device == "cuda" and mode == "run"

    def child_paths(self, device: str) -> tuple[list[str], list[Path]]:
        """Mojo's runtime libraries, which a built library's RUNPATH names."""
        return [], (mojo.child_binds() if device == "cuda" else [])

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        """The kept DeviceContext's library, and Mojo's own folders inside the job's."""
        context_env, context_binds = mojo_context.child_env(device)
        out = dict(context_env)
        if device == "cuda":
            out.update(mojo.child_env(job_dir))
        return out, list(context_binds)

    def starts_runtime(self, native_child: bool) -> bool:
        """Its runtime and the kept context's stream, in the torch child (the native child of
        mode run has no calibration)."""
        return not native_child

    def build(self, j: Judgement) -> Path:
        from runner.supervisor.mojo_build import compile_mojo, first_error_line  # noqa: PLC0415
        from runner.supervisor.mojo_entry import check_entry  # noqa: PLC0415

        j.emit({"phase": "compiling"})
        # never a source line the compiler echoes
        res = preparation.compile_native(j, compile_mojo, first_error_line)
        problem = check_entry(res.so_path, j.job.source, j.param_list())
        if problem is not None:
            raise Verdict("compile_error", f"Compiled, but {problem}")
        j.entry_symbol = "solve"
        return res.so_path


LANGUAGE = Mojo()
