"""`manage.py validate_problems --device cpu` over the whole catalog: every package loads, its
starters compile (nvcc) or load, its correct solutions runnable on the CPU are accepted and its
wrong ones are not, all through the real runner and sandbox (its CUDA solutions: the emulation's
sweep, tests/runner/languages/cuda/test_catalog_on_cpu.py).

A starter is judged wherever it differs from the text the generator writes from the parameters
(problems/starters.py: written or edited by hand); the generator's own text is judged on a few
packages that together use every kind of parameter it writes (role, dtype, layout, number of
outputs). Judging all 300-odd starters would cost `make test` minutes."""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from problems.starters import starters_from_spec
from runner.contract import ProblemSpec
from runner.tools.validate import package_dirs, runnable_on, validate_package
from tests.factories import CATALOG

PACKAGES = package_dirs(CATALOG)
PY_LANGUAGES = [lang for lang in ("pytorch", "triton", "jax") if runnable_on(lang, "cpu")]


def generated_starters(package: Path) -> dict[str, bool]:
    """Per CPU-judged language: whether the committed starter is the generator's text."""
    problem = ProblemSpec.from_dir(package)
    generated = starters_from_spec(tomllib.loads((package / "problem.toml").read_text()))
    return {
        lang: problem.starters.get(lang, "").strip() == generated[lang].strip()
        for lang in PY_LANGUAGES
    }


def parameter_kinds(package: Path) -> set[tuple]:
    problem = ProblemSpec.from_dir(package)
    kinds = {(p.role, p.dtype, "" if p.role == "scalar" else p.py_layout) for p in problem.params}
    return kinds | {("outputs", sum(p.is_output for p in problem.tensor_params))}


def covering_packages(language: str) -> set[str]:
    """Packages whose generated ``language`` starters together use every parameter kind that
    any generated starter of that language uses (greedy cover, in catalog order)."""
    candidates = [(p.name, KINDS[p.name]) for p in PACKAGES if GENERATED[p.name][language]]
    needed = set().union(*(kinds for _, kinds in candidates))
    chosen: set[str] = set()
    while needed:
        name, kinds = max(candidates, key=lambda c: len(c[1] & needed))
        chosen.add(name)
        needed -= kinds
    return chosen


GENERATED = {p.name: generated_starters(p) for p in PACKAGES}
KINDS = {p.name: parameter_kinds(p) for p in PACKAGES}
COVERING = {lang: covering_packages(lang) for lang in PY_LANGUAGES}


def judged_starters(package: Path) -> set[str]:
    return {
        lang
        for lang, generated in GENERATED[package.name].items()
        if not generated or package.name in COVERING[lang]
    }


def test_the_catalog_holds_the_98_problems_of_the_sheets_and_new_ones():
    assert len(PACKAGES) >= 103


@pytest.mark.slow
@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_package_validates_on_the_cpu(package):
    # CUDA solutions: judged on the CPU by the emulation's sweep, not compiled with nvcc here
    # (about 400 nvcc compiles of a few seconds each); the starters are, and one package's
    # solutions are below
    report = validate_package(
        package, "cpu", nvcc_solutions=False, judged_starters=judged_starters(package)
    )
    failed = [f"{c.what} [{c.verdict}]: {c.detail[-400:]}" for c in report.checks if not c.ok]
    assert report.ok, "\n".join(failed)
    judged = [c for c in report.checks if c.verdict is not None]
    assert any(c.what.endswith(" accepted") for c in judged), "no correct solution was judged"
    assert any(c.what.endswith(" rejected") for c in judged), "no wrong solution was judged"
    loaded = {c.what.split()[1] for c in report.checks if c.what.endswith(" loads")}
    assert loaded == judged_starters(package)


@pytest.mark.slow
def test_a_packages_cuda_solutions_compile_with_nvcc_on_the_cpu_device():
    report = validate_package(CATALOG / "vector-add", "cpu")
    compiled = [c for c in report.checks if c.what.endswith(".cu compiles")]
    assert compiled and all(c.ok for c in compiled), [c.detail for c in compiled]


def test_the_management_command_fails_on_an_unknown_slug():
    with pytest.raises(CommandError):
        call_command("validate_problems", "no-such-problem", stdout=StringIO())


@pytest.mark.slow
def test_the_management_command_validates_a_package(capsys):
    call_command("validate_problems", "relu", "--device", "cpu")
    assert "validated 1/1 packages" in capsys.readouterr().out
