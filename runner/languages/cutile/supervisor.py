"""cuTile, the trusted side: whether its compiler can run (runner/supervisor/cutile.py), and
the child's PATH and folders for it."""

from __future__ import annotations

from pathlib import Path

from runner.contract import JobSpec
from runner.supervisor import cutile
from runner.supervisor.language import SupervisorLanguage


class CuTile(SupervisorLanguage):
    name = "cutile"
    distributions = ("cuda-tile",)
    compiles_in_child = True

    def missing(self, job: JobSpec) -> str | None:
        """cuTile with a compiler that can run, on the GPU device."""
        return cutile.missing() if job.device == "cuda" else None

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        return (cutile.child_env(job_dir, env["PATH"]) if device == "cuda" else {}), []


LANGUAGE = CuTile()
