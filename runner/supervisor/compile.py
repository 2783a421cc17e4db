"""CUDA compilation: nvcc in the sandbox, with a content-addressed cache (shared with Mojo's
builds, runner/supervisor/mojo_build.py)."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from runner.contract import C_TYPES
from runner.sandbox import process as proc

USER_FILE = "solution.cu"
UNIT_FILE = "kerneljudge_unit.cu"
# Compiled with the user's file, in one translation unit, so that it shares the user's
# (static) CUDA runtime and can report launch errors the user did not check. One unit, not
# two: nvcc's fixed cost per file (two preprocessor passes, cudafe++, the host compile) is
# most of a small kernel's build, 0.9 s instead of 1.6 s on an H200 host. The helper comes
# first so that nothing the user's file defines can change it; the user's file is included
# by name, so nvcc's messages name solution.cu with its own line numbers.
HELPER_SOURCE = r"""
#include <cuda_runtime.h>
#include <string.h>
extern "C" int kerneljudge_last_error(char* buf, int n) {
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) return 0;
    const char* s = cudaGetErrorString(e);
    strncpy(buf, s ? s : "unknown CUDA error", n - 1);
    buf[n - 1] = 0;
    return (int)e;
}
"""
UNIT_SOURCE = HELPER_SOURCE + f'#include "{USER_FILE}"\n'
LOG_CAP = 64 * 1024


@dataclass
class CompileResult:
    ok: bool
    log: str
    so_path: Path | None
    cached: bool
    seconds: float
    timed_out: bool = False


# nvcc yields the cores to the processes that hold a GPU's benchmark lock (a judge host runs
# several supervisors per GPU; their timed calls are the bottleneck of throughput, compiles
# are not)
COMPILE_NICE = 10


def nvcc_path() -> str | None:
    found = shutil.which("nvcc")
    if found:
        return found
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and Path(root, "bin", "nvcc").is_file():
            return str(Path(root, "bin", "nvcc"))
    return None


_VERSION_CACHE: dict[str, str] = {}


def nvcc_version(nvcc: str) -> str:
    if nvcc not in _VERSION_CACHE:
        out = subprocess.run([nvcc, "--version"], capture_output=True, text=True, timeout=60)
        _VERSION_CACHE[nvcc] = out.stdout.strip()
    return _VERSION_CACHE[nvcc]


def cache_dir() -> Path:
    return proc.cache_dir("cuda")


def target_arch(arch: str) -> str:
    """The job's GPU architecture (``sm_90``, ``sm_100a``), or sm_90 when it names none."""
    return arch if re.fullmatch(r"sm_\d{2,3}[af]?", arch or "") else "sm_90"


def flags_for(arch: str) -> list[str]:
    return ["-O3", f"-arch={target_arch(arch)}", "-shared", "-Xcompiler", "-fPIC", "-lineinfo"]


def clean_log(text: str, build_dir: Path) -> str:
    """Rewrite the sandbox paths to the user's file name; keep line numbers; cap the size."""
    for prefix in {str(build_dir), str(build_dir.resolve())}:
        text = text.replace(prefix + "/", "")
    text = re.sub(r"(?m)^In file included from .*" + re.escape(UNIT_FILE) + r".*\n", "", text)
    text = text.replace(UNIT_FILE, USER_FILE)
    text = re.sub(r"(?m)^\S*/" + re.escape(USER_FILE), USER_FILE, text)
    text = re.sub(r"/\S*/tmpxft_[^\s:]*", "<nvcc temp>", text)
    # nvcc prints "solution.cu(5): error"; use the usual "solution.cu:5: error" form
    text = re.sub(re.escape(USER_FILE) + r"\((\d+)\)", USER_FILE + r":\1", text)
    if len(text) > LOG_CAP:
        text = text[:LOG_CAP] + "\n... (compiler output truncated)\n"
    return text


def compile_cuda(source: str, job_dir: Path, arch: str, timeout_s: float) -> CompileResult:
    t0 = time.monotonic()
    nvcc = nvcc_path()
    if nvcc is None:
        return CompileResult(False, "nvcc was not found on this judge machine.", None, False, 0.0)
    flags = flags_for(arch)
    version = nvcc_version(nvcc)
    key = hashlib.sha256(
        "\0".join([source, UNIT_SOURCE, " ".join(flags), version]).encode()
    ).hexdigest()
    build = job_dir / "build"
    build.mkdir(exist_ok=True)
    target = job_dir / "solution.so"
    cdir = cache_dir()
    hit = cached_library(cdir, key, target, t0)
    if hit is not None:
        return hit
    (build / USER_FILE).write_text(source)
    (build / UNIT_FILE).write_text(UNIT_SOURCE)
    argv = [nvcc, *flags, "-o", "solution.so", UNIT_FILE]
    env = proc.base_env({"TMPDIR": str(build)})
    out = proc.run_capture(
        argv, build, timeout_s=timeout_s, env=env, cap_bytes=LOG_CAP, nice=COMPILE_NICE
    )
    log = clean_log(out.output, build)
    rc = out.returncode
    seconds = time.monotonic() - t0
    if out.timed_out:
        msg = f"Compilation did not finish within the {timeout_s:g} s limit.\n"
        return CompileResult(False, msg + log, None, False, seconds, timed_out=True)
    so = build / "solution.so"
    if rc != 0 or not so.is_file():
        if not log.strip():
            log = f"nvcc failed with exit status {rc}.\n"
        return CompileResult(False, log, None, False, seconds)
    shutil.copyfile(so, target)
    store_library(cdir, key, so, log)
    return CompileResult(True, log, target, False, seconds)


def cached_library(cdir: Path, key: str, target: Path, t0: float) -> CompileResult | None:
    """The library cached under ``key`` (and its compile log) copied to ``target``, or None
    on a miss. The cache is content-addressed: the key hashes everything the build depends on
    (source, compiler version, flags), so a hit is the library the compile would make."""
    cached_so = cdir / f"{key}.so"
    if not cached_so.is_file():
        return None
    shutil.copyfile(cached_so, target)
    log_file = cdir / f"{key}.log"
    log = log_file.read_text() if log_file.is_file() else ""
    return CompileResult(True, log, target, True, time.monotonic() - t0)


def store_library(cdir: Path, key: str, so: Path, log: str) -> None:
    """Cache a built library under ``key`` (atomically: a reader never sees half a file)."""
    try:
        tmp = cdir / f".{key}.{os.getpid()}.{threading.get_ident()}.tmp"
        shutil.copyfile(so, tmp)
        os.replace(tmp, cdir / f"{key}.so")
        (cdir / f"{key}.log").write_text(log)
    except OSError:
        pass


# C++ type names as the demangler prints them, per dtype (const is ignored in the comparison:
# older starters declared inputs without it): the entry point's C types, with the fixed-width
# typedefs resolved to the types they name
_DEMANGLED = {**C_TYPES, "i8": "signed char", "u8": "unsigned char"}


def expected_cxx_params(params: list[dict]) -> str:
    """``solve``'s parameter list as c++filt prints it, without const."""
    return ", ".join(
        _DEMANGLED[p["dtype"]] + ("" if p["role"] == "scalar" else "*") for p in params
    )


def find_entry(so_path: Path, params: list[dict]) -> tuple[str | None, str]:
    """(symbol, message): the ``solve`` to call. ``extern "C" void solve(...)`` is found by its
    name; without it, a C++ ``solve`` with exactly the problem's parameter types (const aside)
    is taken by its mangled name (older starters had no ``extern "C"``). None with the reason
    when neither exists or several C++ overloads do."""
    data = so_path.read_bytes()
    if b"\0solve\0" in data:
        return "solve", 'extern "C"'
    out = proc.run_capture(
        [
            "sh",
            "-c",
            "nm -D --defined-only solution.so; echo '--'; nm -DC --defined-only solution.so",
        ],
        so_path.parent,
        timeout_s=30,
        env=proc.base_env(),
    )
    mangled_part, _, demangled_part = out.output.partition("--\n")
    mangled = [ln.split()[-1] for ln in mangled_part.splitlines() if " T _Z5solve" in ln]
    shown = [ln.split(" T ", 1)[-1] for ln in demangled_part.splitlines() if " T solve(" in ln]
    want = expected_cxx_params(params)
    if len(mangled) == 1 and len(shown) == 1:
        got = shown[0][len("solve(") : -1].replace("const", "").replace(" *", "*")
        got = ", ".join(" ".join(part.split()) for part in got.split(","))
        if got == want:
            return mangled[0], "C++"
        return None, f"solve({shown[0][6:-1]}) does not take the problem's parameters ({want})"
    if len(mangled) > 1:
        return None, "several C++ overloads of solve; keep one"
    return None, 'no function `extern "C" void solve(...)` was found in solution.cu'
