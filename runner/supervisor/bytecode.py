"""The runner's own bytecode cache, for hosts whose Python packages come without one.

An import reads a module's compiled bytecode from ``__pycache__`` beside its source, or
compiles the source again. Installs made with pip's ``--no-compile`` or with uv's defaults
have no bytecode, and under PYTHONDONTWRITEBYTECODE none is ever written: every cold process
then recompiles torch's 2,000 modules. On the H200 host that held ``import torch`` at 3.3 s
(``bench/probes/2026-11-24/import_probe.py``). There the runner keeps bytecode in a directory of its cache
(``sys.pycache_prefix``): the first process to import a module writes it, later processes read
it, and sandboxed children get the directory read-only. Where the installed packages have their
bytecode nothing changes.

``KERNELJUDGE_PYCACHE``: the directory to use (always), ``off`` (never); unset, the runner's
cache directory ``python/`` when torch's bytecode is missing.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from runner.sandbox import process as proc

ENV = "KERNELJUDGE_PYCACHE"
PROBE_MODULE = "torch"  # the import that dominates a cold start


def installed_bytecode_missing(module: str = PROBE_MODULE) -> bool:
    """Whether ``module`` (located, not imported) has no bytecode where imports look for it."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return False
    return bool(spec and spec.cached) and not os.path.exists(spec.cached)


def enable() -> Path | None:
    """Point this process's imports at the private cache when the host needs it (see the
    module docstring); returns the bytecode prefix in use, if any."""
    setting = os.environ.get(ENV, "")
    if setting == "off":
        return None
    if sys.pycache_prefix:  # PYTHONPYCACHEPREFIX, or an earlier call
        return Path(sys.pycache_prefix)
    if not setting and not installed_bytecode_missing():
        return None
    directory = Path(setting) if setting else proc.cache_dir("python")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        # the sandboxed children run as another user; bytecode of installed packages is public
        if directory.stat().st_uid == os.geteuid():
            directory.chmod(0o755)
    except OSError:
        return None
    sys.pycache_prefix = str(directory)
    sys.dont_write_bytecode = False  # writes go to the prefix only, never beside a source
    return directory
