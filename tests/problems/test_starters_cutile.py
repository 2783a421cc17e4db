"""cuTile starters: a ``@ct.kernel`` skeleton with a ``ct.Constant[int]`` tile size, launched
on torch's current stream from a ``solve`` that receives torch tensors (TileLang's and Triton's
convention), generated from the signature and committed in every catalog package."""

from __future__ import annotations

import ast

import pytest

from problems.starters import starters_from_spec
from problems.starters_cutile import CUTILE_RESERVED, starter_cutile
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


def functions(source: str) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}


def assigned_names(fn: ast.FunctionDef) -> set[str]:
    return {
        t.id
        for n in ast.walk(fn)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    }


def test_the_kernel_takes_every_parameter_and_a_constant_tile_and_solve_launches_it():
    s = spec(
        tensor("A", "in", ["N"]),
        tensor("C", "out", ["N"], dtype="f16"),
        scalar("N"),
        scalar("alpha", "float"),
    )
    text = starter_cutile(s)
    assert text.startswith("import cuda.tile as ct\nimport torch\n")
    assert "@ct.kernel\ndef solve_kernel(A, C, N, alpha, TILE: ct.Constant[int]):" in text
    assert "def solve(A: torch.Tensor, C: torch.Tensor, N: int, alpha: float) -> None:" in text
    assert "    grid = ((N + TILE - 1) // TILE,)" in text
    assert (
        "    ct.launch(torch.cuda.current_stream(), grid, solve_kernel, (A, C, N, alpha, TILE))"
        in text
    )
    assert "# C: output, torch tensor on the GPU, f16, shape [N]" in text


def test_a_flat_tensor_says_it_arrives_one_dimensional():
    s = spec(tensor("img", "inout", ["H", "W", 4], "flat", "u8"), scalar("W"), scalar("H"))
    text = starter_cutile(s)
    assert "# img: input and output, torch tensor on the GPU, u8, shape [H x W x 4]" in text
    assert "(arrives flat, 1-D)" in text
    assert "ct.load(img, index=(bid,), shape=(TILE,)" in text  # a 1-D example fits it


def test_parameters_named_like_the_starters_own_names_keep_their_names():
    s = spec(
        tensor("ct", "in", ["N"]),
        tensor("torch", "out", ["N"]),
        scalar("TILE"),
        scalar("grid", "float"),
        scalar("bid"),
        scalar("solve_kernel"),
        scalar("N"),
    )
    text = starter_cutile(s)
    fns = functions(text)
    assert [a.arg for a in fns["solve"].args.args] == [p["name"] for p in s["params"]]
    assert "import cuda.tile as ct_\nimport torch as torch_\n" in text
    kernel = next(n for n in fns if n.startswith("solve_kernel") and n != "solve")
    assert kernel == "solve_kernel_"
    kernel_args = [a.arg for a in fns[kernel].args.args]
    assert kernel_args == ["ct", "torch", "TILE", "grid", "bid", "solve_kernel", "N", "TILE_"]
    # solve assigns only names of its own, never a parameter
    assert assigned_names(fns["solve"]) == {"TILE_", "grid_"}
    launch = next(
        n
        for n in ast.walk(fns["solve"])
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "ct_.launch"
    )
    assert [ast.unparse(a) for a in launch.args] == [
        "torch_.cuda.current_stream()",
        "grid_",
        "solve_kernel_",
        "(ct, torch, TILE, grid, bid, solve_kernel, N, TILE_)",
    ]
    assert "bid_ = ct_.bid(0)" in text


def test_a_long_signature_is_wrapped_one_parameter_a_line():
    names = [f"tensor_number_{i}" for i in range(6)]
    s = spec(*(tensor(n, "in", ["N"]) for n in names), tensor("out", "out", ["N"]), scalar("N"))
    text = starter_cutile(s)
    assert max(len(line) for line in text.splitlines() if not line.startswith("#")) <= 99
    fns = functions(text)
    assert [a.arg for a in fns["solve"].args.args] == [*names, "out", "N"]


def test_starters_from_spec_includes_cutile():
    s = spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N"))
    assert starters_from_spec(s)["cutile"] == starter_cutile(s)


def test_the_reserved_names_are_the_ones_the_starter_uses():
    text = starter_cutile(spec(tensor("A", "in", ["N"]), tensor("C", "out", ["N"]), scalar("N")))
    tree = ast.parse(text)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    used |= {a.asname for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    used |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    used |= set(functions(text))
    own = used - {"A", "C", "N", "int", "cuda.tile", "solve", None}
    assert own == set(CUTILE_RESERVED)


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_every_package_has_the_generated_cutile_starter(package):
    problem = ProblemSpec.from_dir(package)
    source = problem.starters.get("cutile")
    assert source, "starters/solution_cutile.py is missing (python -m problems.starters cutile)"
    assert source == starter_cutile(problem.to_dict()), "differs from what the generator writes"
    fns = functions(source)
    assert [a.arg for a in fns["solve"].args.args] == [p.name for p in problem.params]
    assert "import cuda.tile as ct" in source
    assert any(
        isinstance(d, ast.Attribute) and d.attr == "kernel"
        for fn in fns.values()
        for d in fn.decorator_list
    )
