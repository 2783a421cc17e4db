"""Small native libraries of the runner's own that a child loads before any user code
(runner/child/jax_stream.cc, runner/child/mojo_context.c): built by the trusted side, once per
host and source, into the runner's cache, and shown read-only to the sandboxed children."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from runner.sandbox import process as proc

BUILD_TIMEOUT_S = 180


class HelperBuildError(RuntimeError):
    """The library cannot be built on this host (the message says why)."""


def compiler(names: tuple[str, ...]) -> str:
    """The first of ``names`` on the PATH."""
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    raise HelperBuildError(f"no compiler ({', '.join(names)}) on the PATH")


def build(source: Path, cache: str, digest: str, argv: list[str]) -> Path:
    """``source`` built by ``argv`` (the compiler and its flags; the source and ``-o OUT``
    follow) into ``cache`` as ``<stem>-<digest>.so``, unless it is there already."""
    out = proc.cache_dir(cache) / f"{source.stem}-{digest[:16]}.so"
    if out.is_file():
        return out
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    try:
        done = subprocess.run(
            [*argv, str(source), "-o", str(tmp)],
            capture_output=True,
            text=True,
            timeout=BUILD_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        raise HelperBuildError(f"building {source.name} took over {BUILD_TIMEOUT_S} s") from None
    if done.returncode != 0:
        raise HelperBuildError(f"building {source.name} failed: {done.stderr.strip()[-800:]}")
    tmp.chmod(0o755)  # the children run as another user
    os.replace(tmp, out)  # atomic: a concurrent build writes the same bytes
    return out


def child_env(env: str, library: Callable[[], Path]) -> tuple[dict[str, str], tuple[Path, ...]]:
    """What a child gets: the built library's path in the variable ``env`` and its folder as a
    read-only bind, or the reason it could not be built (in the same variable, prefixed
    ``error:``, for the child to report when a job needs it)."""
    try:
        lib = library()
    except (HelperBuildError, OSError) as exc:
        return {env: f"error: {exc}"}, ()
    return {env: str(lib)}, (lib.parent,)
