"""Where CuTe DSL is installed, and what a sandboxed child needs to import it (trusted side;
never imports the package).

``nvidia-cutlass-dsl`` puts its ``cutlass`` package under ``nvidia_cutlass_dsl/dsl_packages``
and adds that directory to sys.path with a .pth file. A worker may have it in its
environment's site-packages (mounted in the sandbox already) or in a directory of its own
PYTHONPATH (a GPU box without internet gets the wheels unpacked somewhere): the child then
needs that directory mounted read-only and on its PYTHONPATH, with ``dsl_packages`` after it.
"""

from __future__ import annotations

import importlib.util
import site
from functools import lru_cache
from pathlib import Path

PACKAGE = "nvidia_cutlass_dsl"
MISSING = (
    "This judge machine lacks CuTe DSL (the pip package nvidia-cutlass-dsl): CuTe DSL "
    "solutions need a GPU worker that has it installed."
)


@lru_cache(maxsize=1)
def install_dirs() -> tuple[Path, Path] | None:
    """(the directory holding ``nvidia_cutlass_dsl``, its ``dsl_packages``), or None when this
    interpreter cannot find the package."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        pkgs = Path(base) / "dsl_packages"
        if (pkgs / "cutlass").is_dir():
            return Path(base).resolve().parent, pkgs.resolve()
    return None


def _site_dirs() -> set[Path]:
    try:
        return {Path(p).resolve() for p in site.getsitepackages()}
    except AttributeError:
        return set()


def child_paths() -> tuple[list[str], list[Path]]:
    """(entries for the child's PYTHONPATH, directories to mount read-only) for CuTe DSL;
    both empty when the package is not installed."""
    dirs = install_dirs()
    if dirs is None:
        return [], []
    home, pkgs = dirs
    if home in _site_dirs():  # mounted with the interpreter; its .pth is read there
        return [str(pkgs)], []
    return [str(home), str(pkgs)], [home]


def cute_env(job_dir: Path) -> dict[str, str]:
    """CuTe DSL's settings in every GPU child (a spare does not know its language yet): no
    compiled kernels written to or read from a disk cache (the default is a directory under
    the host's /tmp, shared between jobs), and the cache directory, which the DSL also uses
    for other files, inside the job's own directory."""
    return {
        "CUTE_DSL_DISABLE_FILE_CACHING": "1",
        "CUTE_DSL_CACHE_DIR": str(job_dir / ".cute_cache"),
        "CUTE_DSL_DUMP_DIR": str(job_dir / ".cute_dump"),
    }
