"""`manage.py validate_problems --device cpu` over the whole catalog: every package loads, its
starters compile (nvcc) or load, its correct solutions runnable on the CPU are accepted and its
wrong ones are not, all through the real runner and sandbox (its CUDA solutions: the emulation's
sweep, tests/runner/languages/cuda/test_catalog_on_cpu.py)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from runner.tools.validate import package_dirs, validate_package
from tests.factories import CATALOG

PACKAGES = package_dirs(CATALOG)


def test_the_catalog_holds_the_98_problems_of_the_sheets_and_new_ones():
    assert len(PACKAGES) >= 103


@pytest.mark.slow
@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_package_validates_on_the_cpu(package):
    # CUDA solutions: judged on the CPU by the emulation's sweep, not compiled with nvcc here
    # (about 400 nvcc compiles of a few seconds each); the starters are, and one package's
    # solutions are below
    report = validate_package(package, "cpu", nvcc_solutions=False)
    failed = [f"{c.what} [{c.verdict}]: {c.detail[-400:]}" for c in report.checks if not c.ok]
    assert report.ok, "\n".join(failed)
    judged = [c for c in report.checks if c.verdict is not None]
    assert any(c.what.endswith(" accepted") for c in judged), "no correct solution was judged"
    assert any(c.what.endswith(" rejected") for c in judged), "no wrong solution was judged"


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
