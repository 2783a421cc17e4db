"""JAX starters: generated from the signature (inputs and scalars in, outputs returned, int
sizes static), and one committed in every catalog package."""

from __future__ import annotations

import ast

import pytest

from problems.starters import signature_jax, starter_jax, starters_from_spec
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


def test_signature_leaves_out_the_outputs_and_returns_them():
    s = spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N"))
    assert signature_jax(s) == "def solve(A: jax.Array, N: int) -> jax.Array"


def test_inout_is_received_and_several_outputs_are_a_tuple():
    s = spec(
        tensor("X", "inout", ["N"]),
        tensor("loss", "out", [1]),
        tensor("grad", "out", ["N"]),
        scalar("N"),
        scalar("lr", "float"),
    )
    assert signature_jax(s) == (
        "def solve(X: jax.Array, N: int, lr: float) -> tuple[jax.Array, jax.Array, jax.Array]"
    )
    text = starter_jax(s)
    assert "# Return (X, loss, grad) in this order" in text
    assert '@functools.partial(jax.jit, static_argnames=("N",))' in text


def test_without_int_sizes_the_starter_is_plain_jit_and_flat_inputs_say_so():
    s = spec(tensor("img", "in", ["H", "W"], "flat"), tensor("out", "out", ["H", "W"]))
    text = starter_jax(s)
    assert "@jax.jit\ndef solve(img: jax.Array) -> jax.Array:" in text
    assert "# img: input, f32, flat 1-D, H * W elements" in text
    assert "functools" not in text


def test_long_signatures_are_wrapped_to_valid_python():
    names = [f"input_dimension_{i}" for i in range(6)]
    s = spec(tensor("A", "in", names), tensor("B", "out", names), *map(scalar, names))
    text = starter_jax(s)
    assert max(len(line) for line in text.splitlines() if not line.startswith("#")) <= 99
    fn = next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef))
    assert [a.arg for a in fn.args.args] == ["A", *names]


def test_starters_from_spec_includes_jax():
    s = spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N"))
    assert {"cuda", "triton", "pytorch", "cupy", "jax"} <= set(starters_from_spec(s))


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_every_package_has_a_jax_starter_with_the_convention(package):
    problem = ProblemSpec.from_dir(package)
    source = problem.starters.get("jax")
    assert source, "starters/solution_jax.py is missing (python -m problems.starters jax)"
    fn = next(
        n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == "solve"
    )
    expected = [p.name for p in problem.params if p.role != "out"]
    assert [a.arg for a in fn.args.args] == expected
