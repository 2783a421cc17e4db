"""The diagnostics harness: a small program of ours that loads a solution's build, hands
``solve`` buffers of exactly the problem's sizes from ``malloc`` (so AddressSanitizer's redzones
sit on the first byte past each end), calls it once and writes the outputs to files.

One sandboxed process runs a whole plan of calls (every test, every diagnostic setting): for
each call it forks a child that sets the emulation's knobs (read at the first launch, so each
child reads its own), loads the library the call names, calls ``solve`` once with its stderr in
a file of its own, and exits; the parent only forks and records exit statuses. One sandbox
start per judgement instead of one per call: the start is most of a small test's cost.

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
from dataclasses import dataclass, field
from pathlib import Path

from runner.sandbox import process as proc

HARNESS_BIN = "kj_diag_harness"
PLAN_FILE = "plan.txt"
# the compiler flags of the harness (the solution's diagnostics build has its own:
# runner/languages/cuda/cpu_build.py diagnostics_flags)
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

# {declare}: solve's prototype; {setup}, {call}, {save}: per parameter
_SOURCE = r"""
// KernelJudge diagnostics harness (generated for one signature).
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sanitizer/asan_interface.h>

typedef void (*solve_fn)({declare});
typedef int (*last_error_fn)(char*, int);
typedef void (*where_fn)(char*, int);
static where_fn where_now = 0;
enum { NARGS = {nargs}, MAXTOK = NARGS + 8 };

static void on_report(const char*) {
    if (!where_now) return;
    char buf[256];
    buf[0] = 0;
    where_now(buf, (int)sizeof buf);
    fprintf(stderr, "KJ-WHERE %s\n", buf);
}

static void* load_file(const char* name, size_t bytes) {
    void* p = malloc(bytes ? bytes : 1);
    if (!p) { fprintf(stderr, "KJ-HARNESS out of memory\n"); _exit(3); }
    memset(p, 0, bytes);
    FILE* f = fopen(name, "rb");
    if (f) {
        if (fread(p, 1, bytes, f) != bytes) { fprintf(stderr, "KJ-HARNESS short %s\n", name); _exit(3); }
        fclose(f);
    }
    return p;
}

static void save_file(const char* tag, int k, const void* p, size_t bytes) {
    char name[256];
    snprintf(name, sizeof name, "out_%s_%d.bin", tag, k);
    FILE* f = fopen(name, "wb");
    if (!f || fwrite(p, 1, bytes, f) != bytes) { fprintf(stderr, "KJ-HARNESS cannot write %s\n", name); _exit(3); }
    fclose(f);
}

// tok: dir tag library entry timeout order fill arg...
static void call(char** tok) {
    const char* tag = tok[1];
    if (chdir(tok[0]) != 0) _exit(3);
    char err[256];
    snprintf(err, sizeof err, "%s.err", tag);
    int fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) _exit(3);
    dup2(fd, 1);
    dup2(fd, 2);
    setenv("KJ_EMU_THREADS", "1", 1);
    setenv("KJ_EMU_ORDER", tok[5], 1);
    if (strcmp(tok[6], "-") != 0) setenv("KJ_EMU_SMEM_FILL", tok[6], 1);
    else unsetenv("KJ_EMU_SMEM_FILL");
    alarm((unsigned)atoi(tok[4]));
    void* lib = dlopen(tok[2], RTLD_NOW | RTLD_LOCAL);
    if (!lib) { fprintf(stderr, "KJ-HARNESS cannot load the solution: %s\n", dlerror()); _exit(3); }
    solve_fn solve = (solve_fn)dlsym(lib, tok[3]);
    if (!solve) { fprintf(stderr, "KJ-HARNESS no %s\n", tok[3]); _exit(3); }
    Dl_info info;
    if (dladdr((void*)solve, &info)) fprintf(stderr, "KJ-LIBBASE %p\n", info.dli_fbase);
    last_error_fn last_error = (last_error_fn)dlsym(lib, "kerneljudge_last_error");
    where_now = (where_fn)dlsym(lib, "kj_diag_where");
    __asan_set_error_report_callback(on_report);
    char** argv = tok + 7;
{setup}
    fflush(stderr);
    solve({call});
    if (last_error) {
        char msg[2048];
        msg[0] = 0;
        if (last_error(msg, (int)sizeof msg)) { fprintf(stderr, "KJ-CUDA-ERROR %s\n", msg); _exit(4); }
    }
{save}
    fprintf(stderr, "KJ-DONE\n");
    fflush(stderr);
    _exit(0);
}

int main(int argc, char** argv) {
    if (argc != 2) { fprintf(stderr, "KJ-HARNESS usage\n"); return 3; }
    FILE* plan = fopen(argv[1], "r");
    if (!plan) return 3;
    static char line[1 << 16];
    while (fgets(line, sizeof line, plan)) {
        char* tok[MAXTOK];
        int n = 0;
        for (char* t = strtok(line, " \n"); t && n < MAXTOK; t = strtok(0, " \n")) tok[n++] = t;
        if (n != 7 + NARGS) continue;
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) call(tok);
        int status = -1;
        if (pid > 0) waitpid(pid, &status, 0);
        char name[512];
        snprintf(name, sizeof name, "%s/%s.status", tok[0], tok[1]);
        FILE* f = fopen(name, "w");
        if (f) {
            fprintf(f, "%d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -(WIFSIGNALED(status) ? WTERMSIG(status) : 1));
            fclose(f);
        }
    }
    return 0;
}
"""


def harness_source(params: list[dict]) -> str:
    """The harness's C++ for a problem's parameter list (``name``, ``dtype``, ``role``): a call's
    arguments after the fixed fields hold each tensor's size in bytes and each scalar's value (a
    float as C99 hex, exact); tensor ``k`` is read from ``in_k.bin`` in the call's folder
    (absent: zeros, as the judge zero-fills outputs) and, when an output, written to
    ``out_<tag>_k.bin``."""
    declare, call, setup, save = [], [], [], []
    for k, p in enumerate(params):
        arg = f"argv[{k}]"
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
                save.append(f"    save_file(tag, {k}, a{k}, n{k});")
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
    sandbox, with a timeout."""
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
class Call:
    case: str  # the case's folder (under the plan's folder): its inputs, its outputs
    tag: str  # the call's name within the case (its output and stderr files)
    library: str  # the library's file name in the plan's folder
    knobs: tuple[str, str]  # KJ_EMU_ORDER, KJ_EMU_SMEM_FILL ("-": unset)


@dataclass
class HarnessRun:
    returncode: int | None  # the call's exit status (negative: the signal), None: never ran
    stderr: str  # the call's and the solution's (capped), AddressSanitizer's report included
    outputs: dict[int, bytes] = field(default_factory=dict)  # param index -> output bytes

    @property
    def finished(self) -> bool:
        """The call returned and every output was written."""
        return self.returncode == 0 and "KJ-DONE" in self.stderr


@dataclass
class Case:
    name: str  # its folder
    tensors: dict[str, bytes]  # the bytes of every input, by name
    scalars: dict  # by name
    sizes: dict[str, int]  # bytes of every tensor, by name


def write_case(work: Path, params: list[dict], case: Case) -> list[str]:
    """The case's folder with its inputs; returns the call's arguments (sizes and scalars)."""
    d = work / case.name
    d.mkdir(parents=True, exist_ok=True)
    args = []
    for k, p in enumerate(params):
        if p["role"] == "scalar":
            value = case.scalars[p["name"]]
            args.append(str(int(value)) if p["dtype"] == "int" else float(value).hex())
        else:
            args.append(str(case.sizes[p["name"]]))
            if p["name"] in case.tensors:
                (d / f"in_{k}.bin").write_bytes(case.tensors[p["name"]])
    return args


def run_plan(
    work: Path,
    harness: Path,
    params: list[dict],
    cases: list[Case],
    calls: list[Call],
    *,
    entry: str,
    call_timeout_s: float,
    timeout_s: float,
) -> dict[tuple[str, str], HarnessRun]:
    """Every call of ``calls`` in one sandboxed harness process, in order; the libraries the
    calls name must be in ``work``. Returns each call's run by (case, tag)."""
    args = {c.name: write_case(work, params, c) for c in cases}
    shutil.copy(harness, work / HARNESS_BIN)
    lines = []
    for c in calls:
        order, fill = c.knobs
        fields = [str(work / c.case), c.tag, str(work / c.library), entry]
        fields += [str(max(1, int(call_timeout_s + 0.999))), order, fill, *args[c.case]]
        lines.append(" ".join(fields))
    (work / PLAN_FILE).write_text("\n".join(lines) + "\n")
    for path in [work, *(work / c.name for c in cases)]:
        proc.sandbox_owns(path)
    env = proc.base_env({"ASAN_OPTIONS": ASAN_OPTIONS})
    _run_sandboxed([f"./{HARNESS_BIN}", PLAN_FILE], work, env, timeout_s)
    sizes = {c.name: c.sizes for c in cases}
    return {(c.case, c.tag): _read_call(work, params, c, sizes[c.case]) for c in calls}


def _read_call(work: Path, params: list[dict], c: Call, sizes: dict[str, int]) -> HarnessRun:
    d = work / c.case
    status = d / f"{c.tag}.status"
    code = None
    if status.is_file():
        try:
            code = int(status.read_text().strip() or "-1")
        except ValueError:
            code = -1
    err = d / f"{c.tag}.err"
    text = ""
    if err.is_file():
        with open(err, "rb") as f:
            text = f.read(STDERR_CAP).decode(errors="replace")
    outputs = {}
    for k, p in enumerate(params):
        path = d / f"out_{c.tag}_{k}.bin"
        if p["role"] in ("out", "inout") and path.is_file():
            data = path.read_bytes()
            if len(data) == sizes[p["name"]]:
                outputs[k] = data
    return HarnessRun(code, text, outputs)


def _run_sandboxed(argv: list[str], workdir: Path, env: dict, timeout_s: float) -> None:
    sb = proc._sandbox()
    if sb is None:  # no sandbox package (a dev box with KERNELJUDGE_NO_SANDBOX_MODULE)
        try:
            subprocess.run(argv, cwd=workdir, env=env, capture_output=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            pass
        return
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
    sb.run(req)
