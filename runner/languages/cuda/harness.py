"""The diagnostics harness: a small program of ours that loads a solution's diagnostics build,
hands ``solve`` buffers of exactly the problem's sizes from ``malloc`` (so AddressSanitizer's
redzones sit on the first byte past each end), calls it once and writes the outputs to files.

It runs in the sandbox like any untrusted code (the user's code shares its process), with
AddressSanitizer's address-space reservation allowed (no RLIMIT_AS; the job cgroup caps memory).
Nothing it writes decides a verdict: the supervisor reads its output files and its stderr only
to describe a failure (runner/languages/cuda/diagnostics.py).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from runner.sandbox import process as proc

HARNESS_BIN = "kj_diag_harness"
# the compiler flags of the harness and of the solution's diagnostics build
SANITIZE_FLAGS = ["-fsanitize=address", "-fno-omit-frame-pointer", "-g", "-O1"]
# halt at the first report; no leak check (a solution may keep its cudaMalloc'd scratch)
ASAN_OPTIONS = (
    "detect_leaks=0:halt_on_error=1:abort_on_error=0:exitcode=86:symbolize=1:"
    "detect_stack_use_after_return=0:allocator_may_return_null=1:print_summary=1:"
    "hard_rss_limit_mb=6144:handle_abort=1"
)
ASAN_EXIT = 86
STDERR_CAP = 256 * 1024
_C_SCALAR = {"int": "int", "float": "float"}

# {declare}: solve's prototype; {call}: the call with every argument
_SOURCE = r"""
// KernelJudge diagnostics harness (generated for one signature).
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sanitizer/asan_interface.h>

typedef void (*solve_fn)({declare});
typedef int (*last_error_fn)(char*, int);
typedef void (*where_fn)(char*, int);
static where_fn where_now = 0;

static void on_report(const char*) {
    if (!where_now) return;
    char buf[256];
    buf[0] = 0;
    where_now(buf, (int)sizeof buf);
    fprintf(stderr, "KJ-WHERE %s\n", buf);
}

static void* load_file(const char* name, size_t bytes) {
    void* p = malloc(bytes ? bytes : 1);
    if (!p) { fprintf(stderr, "KJ-HARNESS out of memory\n"); exit(3); }
    memset(p, 0, bytes);
    FILE* f = fopen(name, "rb");
    if (f) {
        if (fread(p, 1, bytes, f) != bytes) { fprintf(stderr, "KJ-HARNESS short %s\n", name); exit(3); }
        fclose(f);
    }
    return p;
}

static void save_file(const char* name, const void* p, size_t bytes) {
    FILE* f = fopen(name, "wb");
    if (!f || fwrite(p, 1, bytes, f) != bytes) { fprintf(stderr, "KJ-HARNESS cannot write %s\n", name); exit(3); }
    fclose(f);
}

int main(int argc, char** argv) {
    if (argc != 3 + {nargs}) { fprintf(stderr, "KJ-HARNESS usage\n"); return 3; }
    void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) { fprintf(stderr, "KJ-HARNESS cannot load the solution: %s\n", dlerror()); return 3; }
    solve_fn solve = (solve_fn)dlsym(lib, argv[2]);
    if (!solve) { fprintf(stderr, "KJ-HARNESS no %s\n", argv[2]); return 3; }
    Dl_info info;
    if (dladdr((void*)solve, &info)) fprintf(stderr, "KJ-LIBBASE %p\n", info.dli_fbase);
    last_error_fn last_error = (last_error_fn)dlsym(lib, "kerneljudge_last_error");
    where_now = (where_fn)dlsym(lib, "kj_diag_where");
    __asan_set_error_report_callback(on_report);
{setup}
    fflush(stderr);
    solve({call});
    if (last_error) {
        char msg[2048];
        msg[0] = 0;
        if (last_error(msg, (int)sizeof msg)) { fprintf(stderr, "KJ-CUDA-ERROR %s\n", msg); return 4; }
    }
{save}
    fprintf(stderr, "KJ-DONE\n");
    return 0;
}
"""


def harness_source(params: list[dict]) -> str:
    """The harness's C++ for a problem's parameter list (``name``, ``dtype``, ``role``): argv
    after the library and the entry symbol holds each tensor's size in bytes and each scalar's
    value (a float as C99 hex, exact); tensor ``k`` is read from ``in_k.bin`` (absent: zeros,
    as the judge zero-fills outputs) and, when an output, written to ``out_k.bin``."""
    declare, call, setup, save = [], [], [], []
    for k, p in enumerate(params):
        arg = f"argv[{3 + k}]"
        if p["role"] == "scalar":
            ctype = _C_SCALAR[p["dtype"]]
            declare.append(ctype)
            conv = f"(int)strtol({arg}, 0, 10)" if ctype == "int" else f"strtof({arg}, 0)"
            setup.append(f"    {ctype} a{k} = {conv};")
        else:
            declare.append("void*")
            setup.append(f"    size_t n{k} = (size_t)strtoull({arg}, 0, 10);")
            setup.append(f'    void* a{k} = load_file("in_{k}.bin", n{k});')
            setup.append(f'    fprintf(stderr, "KJ-BUFFER {k} %p %zu\\n", a{k}, n{k});')
            if p["role"] in ("out", "inout"):
                save.append(f'    save_file("out_{k}.bin", a{k}, n{k});')
        call.append(f"a{k}")
    return (
        _SOURCE.replace("{declare}", ", ".join(declare) or "void")
        .replace("{nargs}", str(len(params)))
        .replace("{setup}", "\n".join(setup))
        .replace("{call}", ", ".join(call))
        .replace("{save}", "\n".join(save))
    )


def compiler() -> str:
    return shutil.which("g++") or shutil.which("c++") or "g++"


def build_harness(params: list[dict], timeout_s: float = 120.0) -> Path:
    """The harness executable for this signature, built once (content-addressed cache under
    the runner's cache, like the compiled solutions). Trusted source: built outside the
    sandbox's compiler limits but with a timeout."""
    source = harness_source(params)
    cxx = compiler()
    key = hashlib.sha256("\0".join([source, cxx, *SANITIZE_FLAGS]).encode()).hexdigest()[:32]
    cdir = proc.cache_dir("cuda-diag")
    target = cdir / f"harness-{key}"
    if target.is_file():
        return target
    tmp = cdir / f".harness-{key}-{os.getpid()}"
    tmp.mkdir(exist_ok=True)
    (tmp / "harness.cpp").write_text(source)
    argv = [cxx, *SANITIZE_FLAGS, "-o", HARNESS_BIN, "harness.cpp", "-ldl"]
    out = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, timeout=timeout_s)
    if out.returncode != 0:
        raise RuntimeError(f"the diagnostics harness did not build: {out.stderr[-2000:]}")
    os.replace(tmp / HARNESS_BIN, target)
    shutil.rmtree(tmp, ignore_errors=True)
    return target


@dataclass
class HarnessRun:
    returncode: int | None
    stderr: str  # the harness's and the solution's (capped), AddressSanitizer's report included
    outputs: dict[int, bytes]  # parameter index -> bytes the call left in that output
    timed_out: bool
    seconds: float

    @property
    def finished(self) -> bool:
        """The call returned and every output was written."""
        return self.returncode == 0 and "KJ-DONE" in self.stderr


def run_case(
    run_dir: Path,
    harness: Path,
    library: Path,
    entry: str,
    params: list[dict],
    tensors: dict[str, bytes],
    scalars: dict,
    *,
    knobs: dict[str, str],
    timeout_s: float,
) -> HarnessRun:
    """One call of the solution in the sandbox: ``tensors`` (the bytes of every input, by
    name), ``scalars`` by name, ``knobs`` the emulation's environment (KJ_EMU_ORDER, ...)."""
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    shutil.copy(harness, run_dir / HARNESS_BIN)
    shutil.copy(library, run_dir / "solution_diag.so")
    argv = [f"./{HARNESS_BIN}", str(run_dir / "solution_diag.so"), entry]
    sizes = tensor_bytes(params, scalars)
    for k, p in enumerate(params):
        if p["role"] == "scalar":
            value = scalars[p["name"]]
            argv.append(str(int(value)) if p["dtype"] == "int" else float(value).hex())
        else:
            argv.append(str(sizes[p["name"]]))
            if p["name"] in tensors:
                (run_dir / f"in_{k}.bin").write_bytes(tensors[p["name"]])
    proc.sandbox_owns(run_dir)
    env = proc.base_env({"ASAN_OPTIONS": ASAN_OPTIONS, "KJ_EMU_THREADS": "1", **knobs})
    t0 = time.monotonic()
    out = _run_sandboxed(argv, run_dir, env, timeout_s)
    outputs = {}
    for k, p in enumerate(params):
        path = run_dir / f"out_{k}.bin"
        if p["role"] in ("out", "inout") and path.is_file():
            data = path.read_bytes()
            if len(data) == sizes[p["name"]]:
                outputs[k] = data
    return HarnessRun(out[0], out[1], outputs, out[2], time.monotonic() - t0)


def tensor_bytes(params: list[dict], scalars: dict) -> dict[str, int]:
    """Bytes of every tensor parameter (``shape``: its shape at these scalars)."""
    return {p["name"]: int(p["bytes"]) for p in params if p["role"] != "scalar"}


def _run_sandboxed(
    argv: list[str], workdir: Path, env: dict, timeout_s: float
) -> tuple[int | None, str, bool]:
    sb = proc._sandbox()
    if sb is None:  # no sandbox package (a dev box with KERNELJUDGE_NO_SANDBOX_MODULE)
        try:
            p = subprocess.run(argv, cwd=workdir, env=env, capture_output=True, timeout=timeout_s)
        except subprocess.TimeoutExpired as exc:
            return None, (exc.stderr or b"").decode(errors="replace")[:STDERR_CAP], True
        return p.returncode, p.stderr.decode(errors="replace")[:STDERR_CAP], False
    req = sb.SandboxRequest(
        argv=argv,
        workdir=workdir,
        gpu=False,
        env=env,
        python=False,
        limits=sb.SandboxLimits(
            wall_s=timeout_s,
            memory_bytes=8 << 30,
            address_space=False,  # AddressSanitizer reserves terabytes of shadow; the cgroup caps
            stdout_bytes=STDERR_CAP,
            stderr_bytes=STDERR_CAP,
        ),
    )
    out = sb.run(req)
    text = (out.stdout + out.stderr).decode(errors="replace")
    return out.returncode, text, bool(out.timed_out)
