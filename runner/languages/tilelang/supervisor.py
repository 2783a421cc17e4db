"""TileLang, the trusted side: whether the package is beside the runner, and its kernel cache
inside the job's folder."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from runner.contract import JobSpec
from runner.supervisor.language import SupervisorLanguage


def tilelang_env(job_dir: Path) -> dict[str, str]:
    """TileLang's settings in every child: its kernel cache (compiled kernels, nvcc's cubins)
    inside the job's own folder, deleted with it, so nothing compiled in one job is read by
    another; no log line per compiled kernel on the solution's stderr. Its nvcc is
    CUDA_HOME's, else the one on the sandbox's PATH (/usr/local/cuda/bin)."""
    return {
        "TILELANG_CACHE_DIR": str(job_dir / ".tilelang-cache"),
        "TILELANG_PRINT_ON_COMPILATION": "0",
    }


class TileLang(SupervisorLanguage):
    name = "tilelang"
    distributions = ("tilelang",)
    compiles_in_child = True

    def missing(self, job: JobSpec) -> str | None:
        """The ``tilelang`` package on this process's sys.path, which the child shares
        (runner/supervisor/childproc.py), on either device."""
        if importlib.util.find_spec("tilelang") is not None:
            return None
        return (
            "This judge worker has no TileLang: the Python package 'tilelang' is not installed "
            "beside the runner. TileLang solutions need a GPU worker that has it "
            "(docs/languages/tilelang.md)."
        )

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        return tilelang_env(job_dir), []


LANGUAGE = TileLang()
