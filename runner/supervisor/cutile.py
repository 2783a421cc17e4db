"""Where cuTile's compiler is on this worker, and what a sandboxed child needs to use it
(trusted side; never imports the package).

``cuda.tile`` (pip ``cuda-tile``) turns a kernel into Tile IR bytecode in Python and hands it to
``tileiras`` (pip ``nvidia-cuda-tileiras``, or a CUDA toolkit of 13.1 or newer), which runs
``ptxas`` from PATH. That ptxas must be at least as new as tileiras: the CUDA 13.0 ptxas of a
13.0 toolkit rejects what tileiras 13.4 emits ("failed to compile Tile IR program"). The pip
layout puts both in ``nvidia/cu13/bin`` (ptxas from ``nvidia-cuda-nvcc``), which the child's
PATH then names first. Compilation happens inside the child, at a kernel's first launch.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PACKAGE = "cuda.tile"
_RELEASE = re.compile(r"release (\d+)\.(\d+)")


@dataclass(frozen=True)
class Toolchain:
    tileiras: Path
    ptxas: Path | None
    tileiras_release: tuple[int, int] | None
    ptxas_release: tuple[int, int] | None

    @property
    def bin_dir(self) -> Path:
        return self.tileiras.parent

    def problem(self) -> str | None:
        """Why this toolchain cannot compile a kernel, or None."""
        if self.ptxas is None:
            return "no ptxas beside tileiras or on PATH"
        if self.tileiras_release and self.ptxas_release:
            if self.ptxas_release < self.tileiras_release:
                have = ".".join(map(str, self.ptxas_release))
                need = ".".join(map(str, self.tileiras_release))
                return f"ptxas {have} ({self.ptxas}) is older than tileiras {need}"
        return None


def _release(binary: Path) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [str(binary), "--version"], capture_output=True, text=True, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = _RELEASE.search(out)
    return (int(found[1]), int(found[2])) if found else None


def _pip_tileiras() -> Path | None:
    """``nvidia/cu13/bin/tileiras`` in a folder of this interpreter's import path."""
    for entry in sys.path:
        candidate = Path(entry or ".", "nvidia", "cu13", "bin", "tileiras")
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate.resolve()
    return None


@lru_cache(maxsize=1)
def toolchain() -> Toolchain | None:
    """This worker's tileiras (the pip one first, as cuda.tile looks for it, else PATH's) and
    the ptxas it will run (the one beside it first), or None without tileiras."""
    tileiras = _pip_tileiras()
    if tileiras is None:
        found = shutil.which("tileiras")
        tileiras = Path(found).resolve() if found else None
    if tileiras is None:
        return None
    beside = tileiras.parent / "ptxas"
    found = shutil.which("ptxas")
    ptxas = beside if beside.is_file() else (Path(found) if found else None)
    return Toolchain(
        tileiras=tileiras,
        ptxas=ptxas,
        tileiras_release=_release(tileiras),
        ptxas_release=_release(ptxas) if ptxas else None,
    )


def missing() -> str | None:
    """Why this worker cannot judge cuTile solutions, or None when it can."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        spec = None
    need = "cuTile solutions need a GPU worker that has them (docs/languages/cutile.md)."
    if spec is None:
        return f"This judge worker has no cuTile: the Python package 'cuda-tile' is not installed. {need}"
    tools = toolchain()
    if tools is None:
        return (
            "This judge worker has cuTile but not its compiler tileiras (the pip package "
            f"nvidia-cuda-tileiras, or a CUDA toolkit of 13.1 or newer). {need}"
        )
    problem = tools.problem()
    if problem:
        return f"This judge worker's cuTile compiler cannot run: {problem}. {need}"
    return None


def child_env(job_dir: Path, path: str) -> dict[str, str]:
    """cuTile's settings in every GPU child (a spare does not know its language yet): PATH
    with tileiras's folder first (its ptxas before an older toolkit's), no disk cache of
    compiled kernels (the default is under the home directory, shared between jobs), and its
    temporary files (bytecode, cubins) inside the job's own folder."""
    env = {
        "CUDA_TILE_CACHE_DIR": "off",
        "CUDA_TILE_TEMP_DIR": str(job_dir / ".cutile-tmp"),
    }
    tools = toolchain()
    if tools is not None:
        env["PATH"] = os.pathsep.join([str(tools.bin_dir), path])
    return env
