"""TileLang starters: a ``@tilelang.jit`` kernel with T.dynamic sizes launched from a ``solve``
that receives torch tensors (Triton's convention), generated from the signature and committed
in every catalog package."""

from __future__ import annotations

import ast

import pytest

from problems.starters import starter_tilelang, starters_from_spec
from runner.contract import ProblemSpec
from runner.tools.validate import package_dirs
from tests.factories import CATALOG

PACKAGES = package_dirs(CATALOG)


def spec(*params: dict) -> dict:
    return {"params": list(params)}


def tensor(name: str, role: str, shape: list, layout: str = "shaped", dtype="f32") -> dict:
    return {"name": name, "dtype": dtype, "role": role, "shape": shape, "py_layout": layout}


def scalar(name: str, dtype: str = "int") -> dict:
    return {"name": name, "dtype": dtype, "role": "scalar"}


def test_sizes_are_dynamic_and_tensors_keep_their_dtype_and_shape():
    s = spec(
        tensor("A", "in", ["M", "K"]),
        tensor("idx", "in", ["M"], dtype="i32"),
        tensor("C", "out", ["M", 4], dtype="f16"),
        scalar("M"),
        scalar("K"),
    )
    text = starter_tilelang(s)
    assert 'M = T.dynamic("M")\n    K = T.dynamic("K")' in text
    assert "A: T.Tensor((M, K), T.float32)," in text
    assert "idx: T.Tensor((M,), T.int32)," in text
    assert "C: T.Tensor((M, 4), T.float16)," in text
    assert "    solve_kernel()(A, idx, C)" in text


def test_a_flat_tensor_gets_one_dynamic_size_and_says_so():
    s = spec(tensor("img", "inout", ["H", "W", 4], "flat", "u8"), scalar("W"), scalar("H"))
    text = starter_tilelang(s)
    assert "img: T.Tensor((img_size,), T.uint8)," in text
    assert "(arrives flat, 1-D)" in text


def test_a_size_named_T_does_not_hide_the_language_module():
    s = spec(
        tensor("x", "in", ["B", "T"]), tensor("y", "out", ["B", "T"]), scalar("B"), scalar("T")
    )
    text = starter_tilelang(s)
    assert 'T_ = T.dynamic("T_")' in text and "x: T.Tensor((B, T_), T.float32)," in text
    ast.parse(text)


def test_starters_from_spec_includes_tilelang():
    s = spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N"))
    assert "@tilelang.jit" in starters_from_spec(s)["tilelang"]


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_every_package_has_a_tilelang_starter_with_the_convention(package):
    problem = ProblemSpec.from_dir(package)
    source = problem.starters.get("tilelang")
    assert source, "starters/solution_tilelang.py is missing (python -m problems.starters tilelang)"
    fn = next(
        n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == "solve"
    )
    assert [a.arg for a in fn.args.args] == [p.name for p in problem.params]
    assert "import tilelang.language as T" in source
