"""CUDA C++ for the CPU: the source step (source_step.py), then the host C++ compiler in the
sandbox against the emulation's headers (emu/include), linked with its runtime (emu/src).

The runtime is compiled once per host, compiler and flags into the runner's cache (content-
addressed: the key hashes every file under emu/), so a judgement compiles only the user's
file. The library exports the user's ``solve`` and ``kerneljudge_last_error`` (the GPU build's
contract: 0 when no error, else the message written to the buffer)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runner.languages.cuda.source_step import rewrite, unsupported
from runner.sandbox import process as proc
from runner.supervisor.compile import (
    COMPILE_NICE,
    LOG_CAP,
    USER_FILE,
    CompileResult,
    cached_library,
    store_library,
)

__all__ = ["BuildOptions", "build", "rewrite", "unsupported", "runtime_objects"]

EMU_DIR = Path(__file__).resolve().parent / "emu"
INCLUDE_DIR = EMU_DIR / "include"
SRC_DIR = EMU_DIR / "src"
CACHE = "cuda-emu"
RUNTIME_BUILD_TIMEOUT_S = 300
# g++ first: on the 2-core box it compiled a vector add against these headers in about the
# same time as clang++-19 and is always present on Debian (bench/emulation_speed.py records
# the figure of both where both exist).
COMPILERS = ("g++", "clang++-19", "clang++")


@dataclass(frozen=True)
class BuildOptions:
    # a build for the diagnostics run (address sanitizer, debug information, no
    # optimisation that hides accesses); its exact flags are diagnostics_flags()
    diagnostics: bool = False
    # the host compiler to use (a name on the PATH); None: the first of COMPILERS
    compiler: str | None = None


def host_compiler(options: BuildOptions) -> str | None:
    for name in (options.compiler,) if options.compiler else COMPILERS:
        found = shutil.which(name)
        if found:
            return found
    return None


_VERSIONS: dict[str, str] = {}


def compiler_version(cxx: str) -> str:
    if cxx not in _VERSIONS:
        out = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60)
        _VERSIONS[cxx] = out.stdout.strip()
    return _VERSIONS[cxx]


# both the runtime and the user's file: GPU-like semantics (no strict aliasing: kernels
# reinterpret float arrays as float4; wrapping signed arithmetic, as the GPU's)
COMMON_FLAGS = ["-std=c++17", "-fPIC", "-pthread", "-fno-strict-aliasing", "-fwrapv"]


def diagnostics_flags() -> list[str]:
    return ["-O1", "-g", "-fsanitize=address", "-fno-omit-frame-pointer"]


def optimisation_flags(options: BuildOptions) -> list[str]:
    # -g1: line tables only, for the line of a lost update (runner/supervisor/emulation.py)
    return diagnostics_flags() if options.diagnostics else ["-O2", "-g1"]


# The judged build of the user's file: every load and store it cannot prove private calls the
# runtime's lost-update check (emu/src/race.cpp implements the thread sanitizer's entry points).
# The sanitizer's own library is not linked: g++ links it into a shared library unless told to
# link no default library (then the usual ones are named); clang++ never does.
RACE_FLAGS = ["-fsanitize=thread"]
GCC_RACE_FLAGS = ["--param=tsan-instrument-func-entry-exit=0", "-Wno-tsan"]
GCC_RACE_LIBS = ["-nodefaultlibs", "-lstdc++", "-lm", "-lc", "-lgcc_s", "-lgcc"]


def _gcc(cxx: str) -> bool:
    return Path(cxx).name.startswith("g++")


def user_flags(cxx: str, options: BuildOptions) -> list[str]:
    """The flags of the user's file (and of the precompiled header it includes)."""
    race = [] if options.diagnostics else [*RACE_FLAGS, *(GCC_RACE_FLAGS if _gcc(cxx) else [])]
    return [*optimisation_flags(options), *race, *COMMON_FLAGS]


def link_libraries(cxx: str, options: BuildOptions) -> list[str]:
    return GCC_RACE_LIBS if _gcc(cxx) and not options.diagnostics else []


def _tree_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(EMU_DIR.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(EMU_DIR)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def runtime_objects(cxx: str, options: BuildOptions) -> list[Path]:
    """The runtime's object files for this compiler and options, built once into the cache."""
    flags = [*optimisation_flags(options), *COMMON_FLAGS, "-fvisibility=hidden"]
    key = hashlib.sha256(
        "\0".join([_tree_digest(), compiler_version(cxx), " ".join(flags)]).encode()
    ).hexdigest()[:20]
    out = proc.cache_dir(CACHE) / f"runtime-{key}"
    sources = sorted(SRC_DIR.glob("*.cpp"))
    if out.is_dir():
        return [out / f"{s.stem}.o" for s in sources]
    tmp = out.with_name(f"{out.name}.{os.getpid()}.{threading.get_ident()}.tmp")  # threads too
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for src in sources:
        done = subprocess.run(
            [
                cxx,
                *flags,
                "-isystem",
                str(INCLUDE_DIR),
                "-c",
                str(src),
                "-o",
                str(tmp / f"{src.stem}.o"),
            ],
            capture_output=True,
            text=True,
            timeout=RUNTIME_BUILD_TIMEOUT_S,
        )
        if done.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            raise RuntimeError(
                f"the CUDA emulation runtime did not build ({src.name}): {done.stderr[-2000:]}"
            )
    for f in tmp.iterdir():
        f.chmod(0o644)
    tmp.chmod(0o755)
    try:
        os.replace(tmp, out)
    except OSError:  # another process built it first
        shutil.rmtree(tmp, ignore_errors=True)
    return [out / f"{s.stem}.o" for s in sources]


def precompiled_header(cxx: str, options: BuildOptions) -> Path | None:
    """A folder holding the emulation's headers precompiled for g++ (``cuda_runtime.h`` and its
    ``.gch``), built once into the cache per headers, compiler and flags; None for another
    compiler or when it cannot be built (the build then reads the headers). Reading the
    headers is most of a small solution's compile: on the 2-core box, 1 s instead of 6 s
    for an empty file under load (docs/languages/cuda.md)."""
    if not _gcc(cxx):
        return None
    flags = user_flags(cxx, options)
    key = hashlib.sha256(
        "\0".join(["pch", _tree_digest(), compiler_version(cxx), " ".join(flags)]).encode()
    ).hexdigest()[:20]
    out = proc.cache_dir(CACHE) / f"pch-{key}"
    if (out / "cuda_runtime.h.gch").is_file():
        return out
    tmp = out.with_name(f"{out.name}.{os.getpid()}.{threading.get_ident()}.tmp")  # threads too
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    (tmp / "cuda_runtime.h").write_text("#include <cuda_runtime.h>\n")
    try:
        done = subprocess.run(
            [cxx, *flags, "-isystem", str(INCLUDE_DIR), "-x", "c++-header",
             str(tmp / "cuda_runtime.h"), "-o", str(tmp / "cuda_runtime.h.gch")],
            capture_output=True, text=True, timeout=RUNTIME_BUILD_TIMEOUT_S,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        done = None
    if done is None or done.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        return None
    for f in tmp.iterdir():
        f.chmod(0o644)
    tmp.chmod(0o755)
    try:
        os.replace(tmp, out)
    except OSError:  # another process built it first
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def clean_log(text: str, build_dir: Path) -> str:
    """Sandbox and cache paths out of the compiler's messages; the user's file is solution.cu."""
    for prefix in {str(build_dir), str(build_dir.resolve())}:
        text = text.replace(prefix + "/", "")
    text = text.replace(str(INCLUDE_DIR) + "/", "<cuda emulation>/")
    text = re.sub(r"(?m)^\S*/" + re.escape(USER_FILE), USER_FILE, text)
    text = re.sub(r"(?m)^In file included from <command-line>:\n", "", text)
    if len(text) > LOG_CAP:
        text = text[:LOG_CAP] + "\n... (compiler output truncated)\n"
    return text


def build(
    source_path: Path,
    out_dir: Path,
    *,
    options: BuildOptions | None = None,
    run: Callable[..., proc.Captured] = proc.run_capture,
    timeout_s: float = 120.0,
) -> CompileResult:
    """Compile ``source_path`` (CUDA C++) into ``out_dir/solution.so`` for the CPU."""
    t0 = time.monotonic()
    options = options or BuildOptions()
    source = Path(source_path).read_text(errors="replace")
    reason = unsupported(source)
    if reason:
        return CompileResult(False, reason + "\n", None, False, time.monotonic() - t0)
    cxx = host_compiler(options)
    if cxx is None:
        msg = f"No host C++ compiler ({', '.join(COMPILERS)}) was found on this judge machine.\n"
        return CompileResult(False, msg, None, False, time.monotonic() - t0)
    try:
        # the diagnostics build instruments the user's file only and links the runtime the
        # judged build uses (compiled once; the sanitizer checks the solution's accesses,
        # and intercepts the runtime's memcpy/memset)
        objects = runtime_objects(cxx, BuildOptions(compiler=options.compiler))
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        return CompileResult(False, f"{exc}\n", None, False, time.monotonic() - t0)
    flags = [*user_flags(cxx, options), "-shared"]
    libraries = link_libraries(cxx, options)
    key = hashlib.sha256(
        "\0".join(
            [source, str(objects[0].parent.name), compiler_version(cxx), " ".join(flags)]
        ).encode()
    ).hexdigest()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "solution.so"
    cdir = proc.cache_dir(CACHE)
    hit = cached_library(cdir, key, target, t0)
    if hit is not None:
        return hit
    build_dir = out_dir / "build-cpu"
    build_dir.mkdir(exist_ok=True)
    (build_dir / USER_FILE).write_text(rewrite(source))
    pch = precompiled_header(cxx, options)
    argv = [
        cxx,
        *flags,
        "-isystem",
        str(INCLUDE_DIR),
        "-include",
        str(pch / "cuda_runtime.h") if pch else "cuda_runtime.h",
        "-x",
        "c++",
        USER_FILE,
        "-x",
        "none",
        *map(str, objects),
        *libraries,
        "-o",
        "solution.so",
    ]
    env = proc.base_env({"TMPDIR": str(build_dir)})
    out = run(
        argv,
        build_dir,
        timeout_s=timeout_s,
        env=env,
        cap_bytes=LOG_CAP,
        ro_binds=[EMU_DIR, objects[0].parent, *([pch] if pch else [])],
        nice=COMPILE_NICE,
    )
    log = clean_log(out.output, build_dir)
    if pch:
        log = log.replace(str(pch) + "/", "<cuda emulation>/")
    seconds = time.monotonic() - t0
    if out.timed_out:
        msg = f"Compilation did not finish within the {timeout_s:g} s limit.\n"
        return CompileResult(False, msg + log, None, False, seconds, timed_out=True)
    so = build_dir / "solution.so"
    if out.returncode != 0 or not so.is_file():
        return CompileResult(
            False,
            log or f"The compiler failed with exit status {out.returncode}.\n",
            None,
            False,
            seconds,
        )
    shutil.copyfile(so, target)
    store_library(cdir, key, so, log)
    return CompileResult(True, log, target, False, seconds)
