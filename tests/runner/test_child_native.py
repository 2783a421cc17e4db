"""The torch-free child's harness logic on the CPU: a stand-in for the CUDA driver that keeps
"device" buffers in host memory, and a solution compiled by the C compiler, so that argument
binding, poisoning, read-back and error replies are checked without a GPU (the GPU path is in
test_gpu.py)."""

from __future__ import annotations

import ctypes
import shutil
import socket
import subprocess
import sys

import numpy as np
import pytest

from runner.child import native_child as child_native
from runner.common import cudadrv, wire
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
    """The cudadrv.Driver calls the child makes, on host memory."""

    def __init__(self) -> None:
        self.buffers: dict[int, ctypes.Array] = {}
        self.freed: list[int] = []

    def info(self) -> dict:
        return {"kind": "cuda", "name": "host stand-in", "arch": "sm_90", "l2_bytes": 0}

    def synchronize(self) -> None:
        pass

    def alloc(self, nbytes: int) -> int:
        if nbytes <= 0:
            return 0
        buf = ctypes.create_string_buffer(nbytes)
        self.buffers[ctypes.addressof(buf)] = buf
        return ctypes.addressof(buf)

    def free(self, ptr: int) -> None:
        if ptr:
            self.freed.append(ptr)

    def to_device(self, ptr: int, host: np.ndarray) -> None:
        ctypes.memmove(ptr, host.ctypes.data, host.nbytes)

    def to_host(self, ptr: int, nbytes: int) -> np.ndarray:
        return np.frombuffer(ctypes.string_at(ptr, nbytes), dtype=np.uint8).copy()

    def poison(self, ptr: int, nbytes: int, dtype: str) -> None:
        pattern = {"f32": cudadrv.POISON_F32.to_bytes(4, "little")}.get(dtype, b"\x5a")
        ctypes.memmove(ptr, pattern * (nbytes // len(pattern)), nbytes)


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


def _test_dir(root, name: str, arrays: dict) -> str:
    d = root / name
    d.mkdir()
    for k, v in arrays.items():
        wire.save_bytes(d / f"in_{k}.npy", np.ascontiguousarray(v).view(np.uint8).reshape(-1))
    return name


def test_inputs_in_outputs_poisoned_and_read_back(child):
    c, drv, root = child
    a = np.arange(5, dtype=np.float32)
    b = np.full(5, 10, dtype=np.float32)
    d = _test_dir(root, "t1", {"A": a, "B": b})
    reply = c.cmd_test({"dir": d, "scalars": {"N": 5}, "shapes": {"A": [5], "B": [5], "C": [5]}})
    assert reply["ok"], reply
    assert reply["time_ms"] >= 0
    out = wire.load_bytes(root / d / "post_C.npy", 20).view(np.float32)
    assert out[:4].tolist() == [10.0, 11.0, 12.0, 13.0]
    assert np.isnan(out[4])  # never written: still the poison
    assert wire.load_bytes(root / d / "post_A.npy", 20).view(np.float32).tolist() == a.tolist()
    assert len(drv.freed) == 3  # every buffer of the test released


def test_launch_error_recorded_by_the_solution_is_a_cuda_error(child):
    c, _, root = child
    shapes = {"A": [2], "B": [2], "C": [2]}
    ones = np.ones(2, dtype=np.float32)
    first = c.cmd_test(
        {
            "dir": _test_dir(root, "t1", {"A": ones, "B": ones}),
            "scalars": {"N": 2},
            "shapes": shapes,
        }
    )
    assert first["ok"]
    second = c.cmd_test(
        {
            "dir": _test_dir(root, "t2", {"A": ones, "B": ones}),
            "scalars": {"N": 2},
            "shapes": shapes,
        }
    )
    assert second["ok"] is False and second["kind"] == "cuda"
    assert "CUDA error: boo (code 719)" in second["error"]
    assert c.cuda_dead  # the context is not trusted after an error: the child stops


def test_truncated_input_file_is_a_clean_error(child):
    c, _, root = child
    d = _test_dir(root, "t1", {"A": np.ones(3, np.float32), "B": np.ones(5, np.float32)})
    reply = c.cmd_test({"dir": d, "scalars": {"N": 5}, "shapes": {"A": [5], "B": [5], "C": [5]}})
    assert reply["ok"] is False and reply["kind"] == "exception"
    assert reply["where"] == "while preparing the test"


def test_missing_solve_is_a_compile_error(tmp_path):
    src = tmp_path / "empty.c"
    src.write_text("int nothing_here(void) { return 0; }\n")
    so = tmp_path / "empty.so"
    subprocess.run([CC, "-shared", "-fPIC", "-o", str(so), str(src)], check=True)
    a, b = socket.socketpair()
    c = child_native.NativeChild(wire.Channel(a), tmp_path, HostDriver())
    reply = c.cmd_init(
        {"device": "cuda", "language": "cuda", "params": PARAMS, "module_path": str(so)}
    )
    assert reply["ok"] is False and reply["kind"] == "compile_error"
    assert 'extern "C"' in reply["error"]
    a.close()
    b.close()


def test_only_cuda_jobs_in_mode_run_use_it(monkeypatch):
    assert native_child_for("cuda", "cuda", "run")
    assert not native_child_for("cuda", "cuda", "submit")  # the benchmark needs torch
    assert not native_child_for("triton", "cuda", "run")
    assert not native_child_for("cuda", "cpu", "run")
    monkeypatch.setenv("KERNELJUDGE_NATIVE_CHILD", "0")
    assert not native_child_for("cuda", "cuda", "run")


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
