"""The CuTe DSL child's call convention with the package but without a sandbox or a kernel
run (``pytest -m gpu tests/runner/test_cute_units.py``; on a machine without a GPU set
``CUTE_DSL_ARCH=sm_90``): arguments built from arena-like tensors, scalar types by
annotation, one compilation per signature, the stream parameter, and the compile errors of
real CuTe DSL code mapped to the user's line."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from runner.supervisor import cutedsl

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(cutedsl.install_dirs() is None, reason="needs nvidia-cutlass-dsl"),
]

PARAMS = [
    {"name": "A", "dtype": "f32", "role": "in", "py_layout": "shaped"},
    {"name": "C", "dtype": "f32", "role": "out", "py_layout": "flat"},
    {"name": "N", "dtype": "int", "role": "scalar", "py_layout": "shaped"},
    {"name": "lo", "dtype": "float", "role": "scalar", "py_layout": "shaped"},
]

SOURCE = """
import cutlass
import cutlass.cute as cute


@cute.kernel
def copy_kernel(A: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    if tidx < N:
        C[tidx] = A[tidx // 4, tidx % 4]


@cute.jit
def solve(A: cute.Tensor, C: cute.Tensor, N: cute.Uint64, lo):
    print("traced")
    copy_kernel(A, C, cutlass.Int32(N)).launch(grid=(1, 1, 1), block=(32, 1, 1))
"""

BROKEN = """
import cutlass
import cutlass.cute as cute


@cute.jit
def solve(A: cute.Tensor, C: cute.Tensor, N: cute.Int32, lo: cute.Float32):
    x = missing_name + 1
"""


def load(tmp_path, source: str, name: str = "solution.py"):
    path = tmp_path / name
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("solution", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["solution"] = module
    spec.loader.exec_module(module)
    return module.solve


def tensors(rows: int):
    import torch

    return {"A": torch.zeros(rows, 4), "C": torch.zeros(rows, 4)}


def test_arguments_have_dynamic_layouts_and_annotated_scalar_types(tmp_path):
    from runner.child import cute_solution as cs

    call = cs.Call(load(tmp_path, SOURCE), PARAMS, tensors(2), {"N": 8, "lo": 0.5}, {})
    a, c, n, lo = call.args
    assert "(?,?):(?" in str(a) and "(?):(1)" in str(c)
    assert type(n).__name__ == "Uint64" and type(lo).__name__ == "Float32"
    assert not call.stream_param


def test_one_compilation_serves_two_sizes(tmp_path, capfd):
    from runner.child import cute_solution as cs

    solve = load(tmp_path, SOURCE)
    cache: dict = {}
    first = cs.Call(solve, PARAMS, tensors(2), {"N": 8, "lo": 0.5}, cache)
    second = cs.Call(solve, PARAMS, tensors(5), {"N": 20, "lo": 0.5}, cache)
    assert first.compiled is second.compiled and len(cache) == 1
    assert capfd.readouterr().out.count("traced") == 1


def test_wrong_number_of_parameters_is_refused_before_compiling(tmp_path):
    from runner.child import cute_solution as cs

    with pytest.raises(cs.SolveSignatureError, match="solve takes 4 parameter"):
        cs.Call(load(tmp_path, SOURCE), PARAMS[:3], tensors(2), {"N": 8}, {})


def test_compile_error_names_the_users_line(tmp_path):
    from runner.child import cute_solution as cs

    solve = load(tmp_path, BROKEN)
    with pytest.raises(Exception) as info:
        cs.Call(solve, PARAMS, tensors(2), {"N": 8, "lo": 0.5}, {})
    reply = cs.attach_error_reply(info.value, solve)
    assert reply["kind"] == "compile_error"
    last = reply["error"].splitlines()[-1]
    assert last.startswith("CuTe DSL compile error: solution.py:8: "), last
    assert "missing_name" in last


def test_leetgpu_spelling_of_unsigned_sizes_is_accepted(tmp_path):
    from runner.child import cute_solution as cs

    cs.boot("cuda")
    source = SOURCE.replace("N: cute.Uint64", "N: cute.UInt64")
    call = cs.Call(load(tmp_path, source), PARAMS, tensors(2), {"N": 8, "lo": 0.5}, {})
    assert type(call.args[2]).__name__ == "Uint64"
