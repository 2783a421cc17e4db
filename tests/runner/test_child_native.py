"""The torch-free child's harness logic on the CPU: a stand-in for the CUDA driver that maps
the supervisor's shared arena (a memfd here) into host memory, and a solution compiled by the
C compiler, so that attaching, argument binding, calls and error replies are checked without a
GPU (the GPU path is in test_gpu.py)."""

from __future__ import annotations

import ctypes
import mmap
import os
import shutil
import socket
import subprocess
import sys

import numpy as np
import pytest

from runner.child import native_child as child_native
from runner.common import arena, cudadrv, wire
from runner.supervisor.childproc import native_child_for

from .helpers import ROOT

CC = shutil.which("cc") or shutil.which("gcc")
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")

SOLUTION_C = r"""
#include <math.h>
static int calls = 0;
void solve(const float* A, const float* B, float* C, int N) {
    calls++;
    for (int i = 0; i < N - 1; i++) C[i] = A[i] + B[i];   /* the last element is left alone */
}
int kerneljudge_last_error(char* buf, int n) {
    if (calls < 2) return 0;
    buf[0] = 'b'; buf[1] = 'o'; buf[2] = 'o'; buf[3] = 0;
    return 719;
}
"""


class HostDriver:
    """The cudadrv.Driver calls the child makes, on host memory: a shared buffer "imported"
    from its descriptor is simply mapped."""

    def __init__(self) -> None:
        self.maps: dict[int, mmap.mmap] = {}
        self.released: list[int] = []

    def info(self) -> dict:
        return {"kind": "cuda", "name": "host stand-in", "arch": "sm_90", "l2_bytes": 0}

    def synchronize(self) -> None:
        pass

    def import_shared(self, fd: int, size: int) -> tuple[int, int]:
        m = mmap.mmap(fd, size)
        ptr = ctypes.addressof(ctypes.c_char.from_buffer(m))
        self.maps[ptr] = m
        return ptr, ptr

    def release_shared(self, ptr: int, handle: int, size: int) -> None:
        self.released.append(ptr)


PARAMS = [
    {"name": "A", "dtype": "f32", "role": "in", "py_layout": "flat"},
    {"name": "B", "dtype": "f32", "role": "in", "py_layout": "flat"},
    {"name": "C", "dtype": "f32", "role": "out", "py_layout": "flat"},
    {"name": "N", "dtype": "int", "role": "scalar", "py_layout": "flat"},
]


@pytest.fixture
def child(tmp_path):
    src = tmp_path / "sol.c"
    src.write_text(SOLUTION_C)
    so = tmp_path / "solution.so"
    subprocess.run([CC, "-shared", "-fPIC", "-O1", "-o", str(so), str(src)], check=True)
    a, b = socket.socketpair()
    drv = HostDriver()
    c = child_native.NativeChild(wire.Channel(a), tmp_path, drv)
    reply = c.cmd_init(
        {"device": "cuda", "language": "cuda", "params": PARAMS, "module_path": str(so)}
    )
    assert reply == {"ok": True, "device": drv.info()}
    yield c, drv, tmp_path
    a.close()
    b.close()


def _attach(c, a: np.ndarray, b: np.ndarray):
    """The supervisor's side: an arena with A, B written and C zero-filled, sent to the child;
    returns the supervisor's own view of C."""
    n = len(a)
    slots, size = arena.plan([("A", "f32", (n,)), ("B", "f32", (n,)), ("C", "f32", (n,))])
    mine, fd = arena.create("cpu", size)
    for slot, values in zip(slots, (a, b, np.zeros(n, np.float32)), strict=True):
        mine.tensor(slot).numpy()[:] = values
    sup, child_end = socket.socketpair()
    c.chan = wire.Channel(child_end, accept_fds=True)
    msg = {"op": "attach", "size": mine.size, "slots": [s.to_dict() for s in slots]}
    wire.Channel(sup).send({**msg, "scalars": {"N": n}}, (fd,))
    os.close(fd)
    assert c.chan.recv(5)["op"] == "attach"
    reply = c.cmd_attach({**msg, "scalars": {"N": n}})
    assert reply == {"ok": True}, reply
    return mine, mine.tensor(slots[2])


def test_solution_writes_into_the_supervisors_buffers(child):
    c, drv, _ = child
    a = np.arange(5, dtype=np.float32)
    mine, out = _attach(c, a, np.full(5, 10, dtype=np.float32))
    reply = c.cmd_call({"op": "call"})
    assert reply["ok"] and reply["time_ms"] >= 0, reply
    assert out.tolist()[:4] == [10.0, 11.0, 12.0, 13.0]
    assert out.tolist()[4] == 0.0  # never written: still the zero the supervisor wrote
    _attach(c, a, a)  # a new arena replaces the old one, which stays mapped
    assert drv.released == [] and len(c.retired) == 1
    mine.close()


def test_launch_error_recorded_by_the_solution_is_a_cuda_error(child):
    c, _, _ = child
    ones = np.ones(2, dtype=np.float32)
    _attach(c, ones, ones)
    assert c.cmd_call({"op": "call"})["ok"]
    second = c.cmd_call({"op": "call"})
    assert second["ok"] is False and second["kind"] == "cuda"
    assert "CUDA error: boo (code 719)" in second["error"]
    assert c.cuda_dead  # the context is not trusted after an error: the child stops


def test_attach_refuses_a_layout_that_does_not_fit(child):
    c, _, _ = child
    mine, fd = arena.create("cpu", 256)
    sup, child_end = socket.socketpair()
    c.chan = wire.Channel(child_end, accept_fds=True)
    wire.Channel(sup).send({"op": "attach"}, (fd,))
    os.close(fd)
    c.chan.recv(5)
    slots = [arena.Slot("A", "f32", (4096,), 0).to_dict()]
    reply = c.cmd_attach({"size": mine.size, "slots": slots, "scalars": {"N": 1}})
    assert reply["ok"] is False and reply["where"] == "while mapping the buffers"
    mine.close()


def test_timed_calls_are_refused(child):
    c, _, _ = child
    assert c.cmd_call({"op": "call", "timed": True})["kind"] == "protocol"


def test_gpu_jobs_use_it_in_mode_run_and_emulated_cuda_in_run_and_submit(monkeypatch):
    assert native_child_for("cuda", "cuda", "run")
    assert not native_child_for("cuda", "cuda", "submit")  # the benchmark needs torch
    assert not native_child_for("triton", "cuda", "run")
    assert native_child_for("cuda", "cpu", "run") and native_child_for("cuda", "cpu", "submit")
    assert not native_child_for("cuda", "cpu", "profile")
    assert not native_child_for("pytorch", "cpu", "run")
    monkeypatch.setenv("KERNELJUDGE_NATIVE_CHILD", "0")
    assert not native_child_for("cuda", "cuda", "run")
    assert not native_child_for("cuda", "cpu", "run")


@pytest.fixture
def cpu_child(tmp_path, monkeypatch):
    """The child as it runs an emulated CUDA solution: device cpu, no driver at all."""
    monkeypatch.setenv("KERNELJUDGE_DEVICE", "cpu")  # as the supervisor starts it
    src = tmp_path / "sol.c"
    src.write_text(SOLUTION_C)
    so = tmp_path / "solution.so"
    subprocess.run([CC, "-shared", "-fPIC", "-O1", "-o", str(so), str(src)], check=True)
    a, b = socket.socketpair()
    c = child_native.NativeChild(wire.Channel(a), tmp_path, None)
    yield c, so
    a.close()
    b.close()


def test_on_the_cpu_calls_before_init_are_empty_timed_calls(cpu_child):
    c, _ = cpu_child
    reply = c.cmd_call({"op": "call", "timed": True})  # the supervisor's calibration
    assert reply["ok"] and reply["event_ms"] == reply["sync_ms"] >= 0, reply


def test_on_the_cpu_the_solution_writes_the_memfd_arena_and_timed_calls_answer(cpu_child):
    c, so = cpu_child
    reply = c.cmd_init({"device": "cpu", "language": "cuda", "params": PARAMS,
                        "module_path": str(so)})  # fmt: skip
    assert reply["ok"] and reply["device"]["kind"] == "cpu", reply
    a = np.arange(4, dtype=np.float32)
    mine, out = _attach(c, a, a)
    assert isinstance(c.arena, arena.Arena) and c.arena.device == "cpu"
    untimed = c.cmd_call({"op": "call"})
    assert untimed["ok"] and untimed["time_ms"] >= 0, untimed
    assert out.tolist() == [0.0, 2.0, 4.0, 0.0]
    failed = c.cmd_call({"op": "call", "timed": True})  # its second call records an error
    assert failed["ok"] is False and failed["kind"] == "cuda", failed
    assert "CUDA error: boo (code 719)" in failed["error"] and c.cuda_dead
    mine.close()


def test_on_the_cpu_only_cuda_is_loaded(cpu_child):
    c, so = cpu_child
    reply = c.cmd_init({"device": "cpu", "language": "mojo", "params": PARAMS,
                        "module_path": str(so)})  # fmt: skip
    assert reply["ok"] is False and reply["kind"] == "protocol"


def test_native_child_never_imports_torch():
    code = (
        "import sys, runner.child.native_child, runner.common.cudadrv; "
        "assert 'torch' not in sys.modules, 'torch was imported'"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert p.returncode == 0, p.stderr


def test_driver_error_names_the_call():
    err = cudadrv.CudaError(2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory", "cuMemAlloc_v2")
    assert str(err).startswith("CUDA error: out of memory")
    assert "cuMemAlloc_v2" in str(err) and err.out_of_memory
