"""Mojo starters: an exported C-ABI ``solve`` whose parameters follow the signature (tensors as
``Pointer[<Mojo type>, MutAnyOrigin]`` device pointers, ``int`` as ``Int32``, ``float`` as
``Float32``), generated from the signature and committed in every catalog package. The text is
tested here; that every starter builds for sm_90 is recorded in
bench/results/archive/2026-11-24-cpu-mojo-compile."""

from __future__ import annotations

import re

import pytest

from problems.starters import starters_from_spec
from problems.starters_mojo import mojo_name, starter_mojo
from runner.contract import ProblemSpec
from runner.tools.validate import package_dirs
from tests.factories import CATALOG

PACKAGES = package_dirs(CATALOG)

SOLVE = re.compile(r'@export\ndef solve\(\n(?P<args>(?:    .*\n)*)\) abi\("C"\):\n')
ARG = re.compile(r"    (?P<name>\w+): (?P<type>.+),")
POINTER_TYPES = {
    "f32": "Float32",
    "f16": "Float16",
    "bf16": "BFloat16",
    "f8e4m3": "Float8_e4m3fn",
    "i32": "Int32",
    "u32": "UInt32",
    "i8": "Int8",
    "u8": "UInt8",
}


def spec(*params: dict) -> dict:
    return {"params": list(params)}


def tensor(name: str, role: str, shape: list, dtype: str = "f32") -> dict:
    return {"name": name, "dtype": dtype, "role": role, "shape": shape, "py_layout": "shaped"}


def scalar(name: str, dtype: str = "int") -> dict:
    return {"name": name, "dtype": dtype, "role": "scalar"}


def solve_args(source: str) -> list[tuple[str, str]]:
    """(name, type) of each parameter of the exported ``solve``, in order."""
    match = SOLVE.search(source)
    assert match, 'no `@export def solve(...) abi("C"):` with one parameter per line'
    args = []
    for line in match["args"].splitlines():
        arg = ARG.fullmatch(line)
        assert arg, f"not a parameter line: {line!r}"
        args.append((arg["name"], arg["type"]))
    return args


def expected_type(dtype: str, role: str) -> str:
    if role == "scalar":
        return {"int": "Int32", "float": "Float32"}[dtype]
    return f"Pointer[{POINTER_TYPES[dtype]}, MutAnyOrigin]"


def test_each_dtype_gets_its_mojo_pointer_and_scalars_their_c_width():
    s = spec(
        tensor("x", "in", ["N"], "f16"),
        tensor("w", "in", ["N"], "bf16"),
        tensor("q", "in", ["N"], "f8e4m3"),
        tensor("idx", "in", ["N"], "i32"),
        tensor("bits", "out", ["N"], "u32"),
        tensor("codes", "out", ["N"], "i8"),
        tensor("img", "inout", ["N", 4], "u8"),
        tensor("y", "out", ["N"]),
        scalar("N"),
        scalar("alpha", "float"),
    )
    assert solve_args(starter_mojo(s)) == [
        ("x", "Pointer[Float16, MutAnyOrigin]"),
        ("w", "Pointer[BFloat16, MutAnyOrigin]"),
        ("q", "Pointer[Float8_e4m3fn, MutAnyOrigin]"),
        ("idx", "Pointer[Int32, MutAnyOrigin]"),
        ("bits", "Pointer[UInt32, MutAnyOrigin]"),
        ("codes", "Pointer[Int8, MutAnyOrigin]"),
        ("img", "Pointer[UInt8, MutAnyOrigin]"),
        ("y", "Pointer[Float32, MutAnyOrigin]"),
        ("N", "Int32"),
        ("alpha", "Float32"),
    ]


def test_the_kernel_is_launched_over_the_first_int_size_and_waited_for():
    s = spec(tensor("A", "in", ["M", "K"]), tensor("C", "out", ["M"]), scalar("M"), scalar("K"))
    text = starter_mojo(s)
    assert "        ctx.enqueue_function[solve_kernel](\n            A, C, M, K,\n" in text
    assert "            grid_dim=ceildiv(Int(M), THREADS),\n" in text
    assert "        ctx.synchronize()\n    except err:\n        abort(String(err))\n" in text
    assert "# A: input, device pointer, f32, shape [M x K]" in text
    assert "# Write the result into C in place" in text


def test_a_mojo_keyword_parameter_gets_a_trailing_underscore_and_a_note():
    s = spec(tensor("A", "in", ["N"]), scalar("N"), tensor("out", "out", ["N"]))
    text = starter_mojo(s)
    assert [name for name, _ in solve_args(text)] == ["A", "N", "out_"]
    assert "(named out_ here: out is a Mojo keyword)" in text
    assert "            A, N, out_,\n" in text
    assert mojo_name("in") == "in_" and mojo_name("ref") == "ref_" and mojo_name("x") == "x"


def test_the_starters_own_names_step_aside_for_parameters():
    s = spec(tensor("i", "in", ["ctx"]), tensor("THREADS", "out", ["ctx"]), scalar("ctx"))
    text = starter_mojo(s)
    assert "comptime THREADS_ = 256" in text
    assert "        var ctx_ = DeviceContext()" in text
    assert "    var i_ = global_idx.x\n    if i_ < Int(ctx):" in text


def test_starters_from_spec_includes_mojo():
    s = spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N"))
    assert (
        "@export\ndef solve(\n    A: Pointer[Float32, MutAnyOrigin],"
        in (starters_from_spec(s)["mojo"])
    )


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_every_package_has_the_generated_mojo_starter_with_the_convention(package):
    problem = ProblemSpec.from_dir(package)
    source = problem.starters.get("mojo")
    assert source, "starters/solution.mojo is missing (python -m problems.starters mojo)"
    assert source == starter_mojo(problem.to_dict())
    assert solve_args(source) == [
        (mojo_name(p.name), expected_type(p.dtype, p.role)) for p in problem.params
    ]
    assert "from max.gpu.host import DeviceContext" in source
