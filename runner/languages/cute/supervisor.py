"""CuTe DSL, the trusted side: where the package is (runner/supervisor/cutedsl.py), the child's
paths to it, and its caches inside the job's folder."""

from __future__ import annotations

from pathlib import Path

from runner.contract import JobSpec
from runner.supervisor import cutedsl
from runner.supervisor.language import SupervisorLanguage


class CuteDsl(SupervisorLanguage):
    name = "cute"
    distributions = ("nvidia-cutlass-dsl",)
    compiles_in_child = True

    def missing(self, job: JobSpec) -> str | None:
        """Asked on the GPU device only (on the CPU one, the GPU-only check says why it
        cannot run)."""
        if job.device == "cuda" and cutedsl.install_dirs() is None:
            return cutedsl.MISSING
        return None

    def validated_on(self, device: str) -> bool:
        """Only with the package, which the runner's requirements leave out."""
        return device == "cuda" and cutedsl.install_dirs() is not None

    def child_paths(self, device: str) -> tuple[list[str], list[Path]]:
        """CuTe DSL, wherever this worker has it."""
        return cutedsl.child_paths() if device == "cuda" else ([], [])

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        return (cutedsl.cute_env(job_dir) if device == "cuda" else {}), []


LANGUAGE = CuteDsl()
