"""Mojo compilation: ``mojo build --emit shared-lib --target-accelerator sm_XY`` in the
sandbox, as nvcc is run (the user's compile-time code never reaches the host), with the same
content-addressed cache as CUDA (runner/supervisor/compile.py), and its messages mapped to
the user's file."""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path

from runner.sandbox import process as proc
from runner.supervisor import mojo
from runner.supervisor.compile import (
    COMPILE_NICE,
    LOG_CAP,
    CompileResult,
    cached_library,
    store_library,
    target_arch,
)

USER_FILE = "solution.mojo"
OUTPUT = "solution.so"
# solution.mojo:12:5: error: use of unknown declaration 'x'
DIAGNOSTIC = re.compile(
    r"^" + re.escape(USER_FILE) + r":(\d+):(\d+): (error|warning|note): (.*)$", re.M
)


def cache_dir() -> Path:
    return proc.cache_dir("mojo")


def flags_for(arch: str) -> list[str]:
    return ["--emit", "shared-lib", "--target-accelerator", target_arch(arch)]


def build_command(install: mojo.MojoInstall, build: Path, arch: str) -> tuple[list[str], dict]:
    """(argv, env) of the build of ``build/solution.mojo`` into ``build/solution.so``: Mojo's
    home, caches and temporary files inside ``build``."""
    argv = [str(install.binary), "build", *flags_for(arch), "-o", OUTPUT, USER_FILE]
    env = proc.base_env(
        {
            "TMPDIR": str(build),
            **install.sdk_env(),
            **mojo.quiet_env(),
            **mojo.private_dirs_env(build),
        }
    )
    return argv, env


def cache_key(source: str, install: mojo.MojoInstall, arch: str) -> str:
    """Everything a built library depends on: the source, the compiler's version, the flags,
    the host CPU (the default target CPU) and the install's folder (the library's RUNPATH)."""
    parts = [
        source,
        mojo.version(install),
        " ".join(flags_for(arch)),
        mojo.host_cpu(),
        str(install.root),
    ]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def compile_mojo(source: str, job_dir: Path, arch: str, timeout_s: float) -> CompileResult:
    """``source`` built into ``job_dir/solution.so`` (or taken from the cache)."""
    t0 = time.monotonic()
    install = mojo.find_install()
    if install is None:
        return CompileResult(False, mojo.MISSING, None, False, 0.0)
    key = cache_key(source, install, arch)
    target = job_dir / OUTPUT
    cdir = cache_dir()
    hit = cached_library(cdir, key, target, t0)
    if hit is not None:
        return hit
    build = job_dir / "build"
    build.mkdir(exist_ok=True)
    (build / USER_FILE).write_text(source)
    argv, env = build_command(install, build, arch)
    out = proc.run_capture(
        argv,
        build,
        timeout_s=timeout_s,
        env=env,
        cap_bytes=LOG_CAP,
        nice=COMPILE_NICE,
        ro_binds=[install.root],
    )
    log = clean_log(out.output, build, install)
    seconds = time.monotonic() - t0
    if out.timed_out:
        msg = f"Compilation did not finish within the {timeout_s:g} s limit.\n"
        return CompileResult(False, msg + log, None, False, seconds, timed_out=True)
    so = build / OUTPUT
    if out.returncode != 0 or not so.is_file():
        if not log.strip():
            log = f"mojo build failed with exit status {out.returncode}.\n"
        return CompileResult(False, log, None, False, seconds)
    so.replace(target)
    store_library(cdir, key, target, log)
    return CompileResult(True, log, target, False, seconds)


def clean_log(text: str, build_dir: Path, install: mojo.MojoInstall | None = None) -> str:
    """The compiler's output as the user should read it: the job folder's path removed (the
    user's file is ``solution.mojo``), the install's paths shortened to ``mojo`` and
    ``<mojo>``, the crash reporter's start-up complaint dropped, and, when there are errors, a
    last line that names the first one's line; capped in size."""
    for prefix in sorted({str(build_dir), str(build_dir.resolve())}, key=len, reverse=True):
        text = text.replace(prefix + "/", "")
    if install is not None:
        text = text.replace(str(install.binary) + ":", "mojo:")
        text = text.replace(str(install.root), "<mojo>")
    text = re.sub(r"(?m)^Failed to initialize Crashpad\..*\n?", "", text)
    if len(text) > LOG_CAP:
        text = text[:LOG_CAP] + "\n... (compiler output truncated)\n"
    first = first_error(text)
    if first is not None:
        line, col, message = first
        text = text.rstrip("\n") + f"\nfirst error: {USER_FILE} line {line}, column {col}: "
        text += message + "\n"
    return text


def first_error_line(log: str) -> str:
    """The compiler's line for the first error in the user's file (``solution.mojo:L:C: error:
    ...``), else its first line that reports an error; empty when there is none."""
    for match in DIAGNOSTIC.finditer(log):
        if match.group(3) == "error":
            return match.group(0)
    return next((ln for ln in log.splitlines() if ": error: " in ln), "")


def first_error(log: str) -> tuple[int, int, str] | None:
    """(line, column, message) of the first error the compiler reported in the user's file."""
    for match in DIAGNOSTIC.finditer(log):
        if match.group(3) == "error":
            return int(match.group(1)), int(match.group(2)), match.group(4).strip()
    return None
