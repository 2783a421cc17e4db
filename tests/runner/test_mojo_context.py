"""The library that keeps one Mojo DeviceContext per device in a child: built by the supervisor
with the host's C compiler, named to GPU children of a worker with Mojo, loaded by the child
before the solution, and answering the solution's ``DeviceContext()`` with the kept context.
Mojo's runtime is stood in for by a C library with its soname and the two functions the
library calls, so this runs without Mojo and without a GPU (the real runtime on the H200:
bench/results/2026-11-24-h200-session6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from runner.child import mojo_context as child_context
from runner.supervisor import helper_library, mojo, mojo_context

# Mojo's runtime as the solution's library sees it: AsyncRT_DeviceContext_create makes a new
# context every time; the counters say how often each function ran
RUNTIME = """
#include <stdlib.h>
#include <string.h>
static int creates, retains, context_releases, stream_releases;
const char *AsyncRT_DeviceContext_create(const void **result, const char *api, int id) {
    if (id == 7) return strdup("no device 7");
    creates++;
    *result = malloc(16);
    return 0;
}
void AsyncRT_DeviceContext_retain(const void *ctx) { retains++; }
void AsyncRT_DeviceContext_release(const void *ctx) { context_releases++; }
const char *AsyncRT_DeviceContext_stream(const void **result, const void *ctx) {
    *result = (const char *)ctx + 1;
    return 0;
}
const char *AsyncRT_DeviceStream_cuda_stream(void **result, const void *stream) {
    *result = (void *)0xc0da;
    return 0;
}
void AsyncRT_DeviceStream_release(const void *stream) { stream_releases++; }
int runtime_creates(void) { return creates; }
int runtime_retains(void) { return retains; }
int runtime_context_releases(void) { return context_releases; }
int runtime_stream_releases(void) { return stream_releases; }
"""
# a solution's library: its DeviceContext() is the runtime's create, resolved when it loads
SOLUTION = """
#include <stdint.h>
const char *AsyncRT_DeviceContext_create(const void **result, const char *api, int id);
intptr_t make(const char *api, int id) {
    const void *ctx = 0;
    return AsyncRT_DeviceContext_create(&ctx, api, id) ? -1 : (intptr_t)ctx;
}
"""
CHILD = """
import ctypes, json, sys
from runner.child import mojo_context
kept = mojo_context.keep_contexts()
solution = ctypes.CDLL(sys.argv[1])
solution.make.restype = ctypes.c_ssize_t
solution.make.argtypes = [ctypes.c_char_p, ctypes.c_int]
made = [solution.make(api, device) for api, device in
        [(b"cuda", 0), (b"cuda", 0), (b"cuda", 1), (b"hip", 0), (b"cuda", 7), (b"cuda", 0)]]
runtime = ctypes.CDLL(sys.argv[2])
counts = {"creates": runtime.runtime_creates(), "retains": runtime.runtime_retains()}
stream = mojo_context.kept_stream(0)
print(json.dumps({"made": made, **counts, "kept": kept.kj_mojo_contexts_kept(),
                  "stream": stream, "after_stream": {
                      "creates": runtime.runtime_creates(), "retains": runtime.runtime_retains(),
                      "context_releases": runtime.runtime_context_releases(),
                      "stream_releases": runtime.runtime_stream_releases()}}))
"""


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path / "cache"))
    mojo_context._gpu_child_env.cache_clear()
    yield tmp_path / "cache"
    mojo_context._gpu_child_env.cache_clear()


def _cc(tmp_path: Path, name: str, source: str, *flags: str) -> Path:
    src = tmp_path / f"{name}.c"
    src.write_text(textwrap.dedent(source))
    out = tmp_path / f"{name}.so"
    subprocess.run(["cc", "-shared", "-fPIC", str(src), "-o", str(out), *flags], check=True)
    return out


def test_a_solutions_device_contexts_are_the_childs_one_context_per_device_and_its_stream(
    private_cache, tmp_path
):
    lib = mojo_context.library()
    assert lib.parent == private_cache / "mojo-context"
    rt_dir = tmp_path / "runtime"
    rt_dir.mkdir()
    runtime = _cc(
        rt_dir, "libAsyncRTMojoBindings", RUNTIME, "-Wl,-soname,libAsyncRTMojoBindings.so"
    )
    solution = _cc(tmp_path, "solution", SOLUTION, f"-L{rt_dir}", "-lAsyncRTMojoBindings",
                   f"-Wl,-rpath,{rt_dir}")  # fmt: skip
    env = {**os.environ, child_context.ENV: str(lib), "PYTHONPATH": os.getcwd()}
    done = subprocess.run([sys.executable, "-c", CHILD, str(solution), str(runtime)],
                          capture_output=True, text=True, env=env, check=True)  # fmt: skip
    out = json.loads(done.stdout)
    made = out["made"]
    # device 0's context, made once and handed out again; device 1 has its own; another API
    # on device 0 is the runtime's, not kept; the runtime's error comes back as it was
    assert made[0] == made[1] == made[5] > 0
    assert made[2] > 0 and made[2] != made[0]
    assert made[3] > 0 and made[3] not in (made[0], made[2])
    assert made[4] == -1
    assert out["creates"] == 3  # cuda 0, cuda 1, hip 0
    # the library's own reference for each kept context, and one per later handing-out
    assert out["retains"] == 2 + 2
    assert out["kept"] == 2
    # the kept context's CUDA stream, for the child's events: no new context, and the two
    # references taken to read it (the context's, the stream's) given back
    assert out["stream"] == 0xC0DA
    assert out["after_stream"] == {
        "creates": 3,
        "retains": 2 + 2 + 1,
        "context_releases": 1,
        "stream_releases": 1,
    }


def test_the_library_builds_once(private_cache):
    lib = mojo_context.library()
    mtime = lib.stat().st_mtime_ns
    assert mojo_context.library() == lib
    assert lib.stat().st_mtime_ns == mtime


def test_gpu_children_of_a_worker_with_mojo_get_the_library_read_only(private_cache, monkeypatch):
    monkeypatch.setattr(mojo, "find_install", lambda: object())
    env, binds = mojo_context.child_env("cuda")
    assert env == {mojo_context.ENV: str(mojo_context.library())}
    assert binds == (mojo_context.library().parent,)
    assert mojo_context.child_env("cpu") == ({}, ())
    assert mojo_context.unavailable() is None
    monkeypatch.setattr(mojo, "find_install", lambda: None)
    assert mojo_context.child_env("cuda") == ({}, ())


def test_a_host_without_a_c_compiler_names_the_reason(private_cache, monkeypatch):
    monkeypatch.setattr(mojo, "find_install", lambda: object())
    monkeypatch.setattr(helper_library.shutil, "which", lambda _name: None)
    env, binds = mojo_context.child_env("cuda")
    assert env == {mojo_context.ENV: "error: no compiler (cc, gcc, clang) on the PATH"}
    assert binds == ()
    assert mojo_context.unavailable() == "no compiler (cc, gcc, clang) on the PATH"


def test_the_child_says_why_it_cannot_run_mojo(monkeypatch):
    assert child_context.ENV == mojo_context.ENV
    monkeypatch.setenv(child_context.ENV, "error: no compiler (cc, gcc, clang) on the PATH")
    with pytest.raises(RuntimeError, match="cannot run Mojo solutions: no compiler"):
        child_context.keep_contexts()
    monkeypatch.delenv(child_context.ENV)
    with pytest.raises(RuntimeError, match="KERNELJUDGE_MOJO_CONTEXT_LIB is not set"):
        child_context.keep_contexts()
