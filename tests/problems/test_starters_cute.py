"""CuTe DSL starters: generated from the signature (every parameter in order, tensors as
``cute.Tensor``, int scalars ``cute.Int32``, float ones ``cute.Float32``, a ``@cute.jit``
solve), and one committed in every catalog package."""

from __future__ import annotations

import ast

import pytest

from problems.starters import signature_cute, starter_cute, starters_from_spec
from runner.contract import ProblemSpec
from runner.tools.validate import package_dirs
from tests.factories import CATALOG

PACKAGES = package_dirs(CATALOG)


def spec(*params: dict) -> dict:
    return {"params": list(params)}


def tensor(name: str, role: str, shape: list, layout: str = "shaped") -> dict:
    return {"name": name, "dtype": "f32", "role": role, "shape": shape, "py_layout": layout}


def scalar(name: str, dtype: str = "int") -> dict:
    return {"name": name, "dtype": dtype, "role": "scalar"}


def test_signature_keeps_every_parameter_with_cute_types():
    s = spec(
        tensor("X", "inout", ["N"]),
        tensor("C", "out", ["N"]),
        scalar("N"),
        scalar("lo", "float"),
    )
    assert signature_cute(s) == (
        "def solve(X: cute.Tensor, C: cute.Tensor, N: cute.Int32, lo: cute.Float32)"
    )


def test_starter_is_a_jit_function_that_writes_in_place():
    s = spec(tensor("img", "in", ["H", "W"], "flat"), tensor("out", "out", ["H", "W"]))
    text = starter_cute(s)
    assert text.startswith("import cutlass\nimport cutlass.cute as cute\n")
    assert "@cute.jit\ndef solve(img: cute.Tensor, out: cute.Tensor):\n    pass\n" in text
    assert "# img: input, cute.Tensor on the GPU, f32, flat 1-D, H * W elements" in text
    assert "# out: output, cute.Tensor on the GPU, f32, shape [H x W]" in text
    assert "# Write the result into out in place" in text


def test_long_signatures_are_wrapped_to_valid_python():
    names = [f"input_dimension_{i}" for i in range(6)]
    s = spec(tensor("A", "in", names), tensor("B", "out", names), *map(scalar, names))
    text = starter_cute(s)
    assert max(len(line) for line in text.splitlines() if not line.startswith("#")) <= 99
    fn = next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef))
    assert [a.arg for a in fn.args.args] == ["A", "B", *names]


def test_starters_from_spec_includes_cute():
    s = spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N"))
    assert "cute" in starters_from_spec(s)


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_every_package_has_a_cute_starter_from_its_parameters(package):
    problem = ProblemSpec.from_dir(package)
    source = problem.starters.get("cute")
    assert source, "starters/solution_cute.py is missing (python -m problems.starters cute)"
    assert source == starter_cute(problem.to_dict())
