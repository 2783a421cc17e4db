"""The library that keeps one Mojo DeviceContext per device in a child: built by the supervisor
with the host's C compiler, named to GPU children of a worker with Mojo, loaded by the child
before the solution, and answering the solution's ``DeviceContext()`` with the kept context.
Mojo's runtime is stood in for by a C library with its soname and the two functions the
library calls, so this runs without Mojo and without a GPU (the real runtime on the H200:
bench/results/archive/2026-11-24-h200-session6)."""

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
from runner.supervisor.outcome import child_error_verdict

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
static int syncs;
const char *AsyncRT_DeviceContext_synchronize(const void *ctx) {
    syncs++;
    return 0;
}
int runtime_syncs(void) { return syncs; }
int runtime_creates(void) { return creates; }
int runtime_retains(void) { return retains; }
int runtime_context_releases(void) { return context_releases; }
int runtime_stream_releases(void) { return stream_releases; }
"""
# a solution's library: its DeviceContext() is the runtime's create, resolved when it loads
SOLUTION = """
#include <stdint.h>
const char *AsyncRT_DeviceContext_create(const void **result, const char *api, int id);
const char *AsyncRT_DeviceContext_synchronize(const void *ctx);
intptr_t make(const char *api, int id) {
    const void *ctx = 0;
    return AsyncRT_DeviceContext_create(&ctx, api, id) ? -1 : (intptr_t)ctx;
}
int sync(intptr_t ctx) { return AsyncRT_DeviceContext_synchronize((const void *)ctx) ? -1 : 0; }
"""
# the CUDA driver's cuEventRecord as the library finds it (by soname): it notes the event and
# the stream of each record, and fails for the event 0xbad
DRIVER = """
#include <stdint.h>
static intptr_t records[16][2];
static int n;
int cuEventRecord(void *event, void *stream) {
    if ((intptr_t)event == 0xbad) return 1;
    records[n][0] = (intptr_t)event;
    records[n][1] = (intptr_t)stream;
    n++;
    return 0;
}
int driver_records(void) { return n; }
intptr_t driver_record(int i, int which) { return records[i][which]; }
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


SYNC_CHILD = """
import ctypes, json, os, sys, time
from runner.child import mojo_context
kept = ctypes.CDLL(sys.argv[4], mode=os.RTLD_GLOBAL)  # the library, as keep_contexts loads it
driver = ctypes.CDLL(sys.argv[3], mode=os.RTLD_GLOBAL)  # torch has loaded it in a child
solution = ctypes.CDLL(sys.argv[1])
runtime = ctypes.CDLL(sys.argv[2])
solution.make.restype = ctypes.c_ssize_t
solution.make.argtypes = [ctypes.c_char_p, ctypes.c_int]
solution.sync.argtypes = [ctypes.c_ssize_t]
driver.driver_record.restype = ctypes.c_ssize_t
kept.kj_mojo_arm.argtypes = [ctypes.c_void_p]
kept.kj_mojo_disarm.argtypes = [ctypes.POINTER(ctypes.c_longlong)]
ctx, other = solution.make(b"cuda", 0), solution.make(b"hip", 0)
def disarm():
    last = ctypes.c_longlong(0)
    n = kept.kj_mojo_disarm(ctypes.byref(last))
    now = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    return [n, 0 < last.value <= now]
def run(event, contexts):
    if event:
        kept.kj_mojo_arm(event)
    errors = [solution.sync(c) for c in contexts]
    return {"errors": errors, "disarm": disarm(), "runtime_syncs": runtime.runtime_syncs()}
out = {
    "unarmed": run(0, [ctx]),
    "armed_twice": run(0x1234, [ctx, ctx]),
    "other_context": run(0x1234, [ctx, other, ctx]),
    "record_fails": run(0xbad, [ctx]),
    "after_disarm": run(0, [ctx]),
    "empty_calls": [kept.kj_mojo_empty_call(0), kept.kj_mojo_empty_call(7)],
    "after_empty": {"runtime_syncs": runtime.runtime_syncs(),
                    "creates": runtime.runtime_creates()},
    "records": [[driver.driver_record(i, 0), driver.driver_record(i, 1)]
                for i in range(driver.driver_records())],
}
print(json.dumps(out))
"""


def _fake_mojo(tmp_path: Path) -> tuple[Path, Path]:
    """Mojo's runtime stood in for (its soname) and a solution's library linked to it."""
    rt_dir = tmp_path / "runtime"
    rt_dir.mkdir()
    runtime = _cc(
        rt_dir, "libAsyncRTMojoBindings", RUNTIME, "-Wl,-soname,libAsyncRTMojoBindings.so"
    )
    solution = _cc(tmp_path, "solution", SOLUTION, f"-L{rt_dir}", "-lAsyncRTMojoBindings",
                   f"-Wl,-rpath,{rt_dir}")  # fmt: skip
    return runtime, solution


def _sync_child(tmp_path: Path, library: Path) -> dict:
    runtime, solution = _fake_mojo(tmp_path)
    driver = _cc(tmp_path, "driver", DRIVER, "-Wl,-soname,libcuda.so.1")
    args = [
        sys.executable,
        "-c",
        SYNC_CHILD,
        str(solution),
        str(runtime),
        str(driver),
        str(library),
    ]
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


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
    runtime, solution = _fake_mojo(tmp_path)
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


def test_an_armed_event_is_recorded_on_the_kept_stream_at_each_synchronise(private_cache, tmp_path):
    out = _sync_child(tmp_path, mojo_context.library())
    # unarmed: the runtime's synchronise alone
    assert out["unarmed"] == {"errors": [0], "disarm": [0, False], "runtime_syncs": 1}
    # armed: recorded at both synchronises, on the kept context's stream, before the
    # runtime's wait, which still runs; the last one's return time is kept
    assert out["armed_twice"] == {"errors": [0, 0], "disarm": [2, True], "runtime_syncs": 3}
    # a synchronise of a context that is not kept, or a failed record: -1, the end event
    assert out["other_context"]["disarm"][0] == -1
    assert out["other_context"]["runtime_syncs"] == 6
    assert out["record_fails"]["disarm"][0] == -1
    # disarmed: nothing is recorded any more
    assert out["after_disarm"]["disarm"] == [0, False]
    assert out["records"] == [[0x1234, 0xC0DA]] * 3
    # the calibration's empty call: the kept context and its synchronise; a runtime error is -1
    assert out["empty_calls"] == [0, -1]
    assert out["after_empty"] == {"runtime_syncs": 9, "creates": 2}


def test_the_launch_only_build_skips_only_a_kept_contexts_wait(private_cache, tmp_path):
    """bench/timing_truth.py's build (KJ_LAUNCH_ONLY), for do_bench of the kernels alone."""
    lib = mojo_context.library(launch_only=True)
    out = _sync_child(tmp_path, lib)
    assert out["unarmed"]["runtime_syncs"] == 0
    assert out["armed_twice"]["runtime_syncs"] == 0
    assert out["other_context"]["runtime_syncs"] == 1  # the context that is not kept


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


def test_the_runtime_is_found_under_the_installs_root_or_the_child_says_why(monkeypatch, tmp_path):
    monkeypatch.setattr(child_context, "keep_contexts", lambda: None)
    monkeypatch.setenv("MODULAR_MAX_PACKAGE_ROOT", str(tmp_path))
    with pytest.raises(RuntimeError, match="no libAsyncRTMojoBindings.so under"):
        child_context.start_runtime()
    (tmp_path / "lib").mkdir()
    _cc(tmp_path / "lib", "libAsyncRTMojoBindings", RUNTIME)
    child_context.start_runtime()  # loads it


def test_a_harness_failure_before_user_code_is_an_internal_error():
    reply = {"ok": False, "kind": "internal_error", "error": "RuntimeError: no runtime"}
    verdict = child_error_verdict(reply, "while starting Mojo's runtime")
    assert verdict.verdict == "internal_error"
    assert "no runtime" in verdict.message


def test_the_child_says_why_it_cannot_run_mojo(monkeypatch):
    assert child_context.ENV == mojo_context.ENV
    monkeypatch.setenv(child_context.ENV, "error: no compiler (cc, gcc, clang) on the PATH")
    with pytest.raises(RuntimeError, match="cannot run Mojo solutions: no compiler"):
        child_context.keep_contexts()
    monkeypatch.delenv(child_context.ENV)
    with pytest.raises(RuntimeError, match="KERNELJUDGE_MOJO_CONTEXT_LIB is not set"):
        child_context.keep_contexts()


class _Stream:
    def __init__(self, idle: bool):
        self.idle = idle

    def query(self) -> bool:
        return self.idle


NOW_NS = 10**15  # the clock the check reads, fixed (a loaded box would stretch a real one)


class _Library:
    """kj_mojo_disarm as the C library answers it: the count, and the last return's time."""

    def __init__(self, syncs: int, ago_ns: int):
        self.syncs = syncs
        self.returned_ns = NOW_NS - ago_ns

    def kj_mojo_disarm(self, last) -> int:
        last._obj.value = self.returned_ns
        return self.syncs


@pytest.mark.parametrize(
    ("syncs", "idle", "ago_ns", "at_sync"),
    [
        (1, True, 0, True),  # synchronised just before returning, nothing left: the event
        (3, True, 0, True),
        (0, True, 0, False),  # never synchronised: the end event
        (-1, True, 0, False),  # a record failed, or another context synchronised
        (1, False, 0, False),  # work queued after the synchronise still runs
        (1, True, 10 * child_context.RETURN_NS, False),  # the host was away after it
    ],
)
def test_a_call_ends_at_its_synchronise_only_where_nothing_ran_after_it(
    syncs, idle, ago_ns, at_sync, monkeypatch
):
    monkeypatch.setattr(child_context.time, "clock_gettime_ns", lambda clock: NOW_NS)
    end = object.__new__(child_context.SyncEnd)
    end.stream, end._lib = _Stream(idle), _Library(syncs, ago_ns)
    assert end.at_sync() is at_sync
