"""cuTile without a GPU and without the package: the compile-error mapping on errors recorded
from cuTile's compiler (tests/runner/data/cutile_errors, written by
tests/runner/data/cutile_errors/record.py), a runtime error's report, where the supervisor finds
the compiler and what the child's environment holds, and the language's guess from a file."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from runner.child import cutile_errors
from runner.contract import language_of_source
from runner.supervisor import cutile

DATA = Path(__file__).parent / "data" / "cutile_errors"
# each recorded case: the user's line the summary must name, and words of its message
EXPECTED = {
    "rank_mismatch": (12, "Index size 2 does not match the array rank 1"),
    "undefined_name": (12, "Undefined variable offset"),
    "unsupported_syntax": (11, "Unsupported syntax"),
    "shape_not_constant": (12, "Expected a constant integer tuple"),
    "helper_function": (10, "Index size 2 does not match the array rank 1"),
    "shape_not_power_of_two": (11, "is not a power of two"),
    "store_shape_mismatch": (17, "tensor_view rank and tile rank to match"),
}


def _case(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def test_every_recorded_case_has_an_expectation():
    assert sorted(p.stem for p in DATA.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_compile_error_names_the_users_line_and_hides_cutiles_frames(name):
    line, words = EXPECTED[name]
    compiling, summary, text = cutile_errors.describe(_case(name)["record"])
    assert compiling
    assert summary.startswith(f"cuTile could not compile the kernel (solution.py, line {line}): ")
    assert words in summary
    assert text.rstrip().endswith(summary)
    assert "/cuda/tile/" not in text and "runner/child" not in text


def test_the_kernel_line_is_shown_with_a_caret_under_the_expression():
    _, _, text = cutile_errors.describe(_case("rank_mismatch")["record"])
    lines = text.splitlines()
    at = lines.index("    y = ct.load(b, index=(pid, 0), shape=(tile,))")
    assert lines[at - 1] == "  solution.py, line 12, in kernel (kernel)"
    assert lines[at + 1] == "        ^"  # under the c of ct.load


def test_an_inlined_helpers_error_shows_the_call_site_first():
    _, _, text = cutile_errors.describe(_case("helper_function")["record"])
    call = text.index("solution.py, line 17, in kernel (kernel)")
    helper = text.index("solution.py, line 10, in add_tiles (kernel)")
    assert call < helper


def test_tileiras_failures_say_that_the_compiler_failed_not_its_return_code():
    rec = _case("store_shape_mismatch")["record"]
    assert "Return code" in rec["message"]
    _, summary, _ = cutile_errors.describe(rec)
    assert "tileiras could not compile the kernel: error at offset 16" in summary
    assert "Return code" not in summary


def test_a_python_error_in_solve_is_a_runtime_error_with_the_users_frames(tmp_path):
    path = tmp_path / "solution.py"
    path.write_text("def solve(A, B, C, N):\n    blocks = N // 0\n")
    namespace: dict = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    with pytest.raises(ZeroDivisionError) as info:
        namespace["solve"](None, None, None, 4)
    rec = cutile_errors.record(info.value)
    assert not cutile_errors.is_compile_error(rec)
    reply = cutile_errors.error_reply(info.value, "in test 1", "exception")
    assert reply["kind"] == "exception"
    assert reply["error"] == "ZeroDivisionError: integer division or modulo by zero"
    assert "line 2, in solve" in reply["traceback"] and "blocks = N // 0" in reply["traceback"]


def test_a_compile_error_reply_carries_the_log_as_its_error():
    class TileError(Exception):
        pass

    class TypeCheckingError(TileError):
        pass

    TypeCheckingError.__module__ = "cuda.tile._exception"
    exc = TypeCheckingError("Expected a tile")
    assert cutile_errors.raised_compiling(exc)
    reply = cutile_errors.error_reply(exc, "in test 1", "compile_error")
    assert reply["kind"] == "compile_error"
    assert reply["error"].rstrip().endswith("TypeCheckingError: Expected a tile")


def test_booting_on_the_cpu_device_is_refused():
    with pytest.raises(RuntimeError, match="GPU workers only"):
        cutile_errors.boot("cpu")


def _tool(folder: Path, name: str, release: str) -> Path:
    path = folder / name
    path.write_text(f"#!/bin/sh\necho 'Cuda compilation tools, release {release}, V{release}.1'\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def pip_layout(tmp_path, monkeypatch):
    """A folder laid out as pip installs nvidia-cuda-tileiras, on this process's sys.path."""
    bin_dir = tmp_path / "site" / "nvidia" / "cu13" / "bin"
    bin_dir.mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    cutile.toolchain.cache_clear()
    yield bin_dir
    cutile.toolchain.cache_clear()


def test_the_pip_tileiras_and_the_ptxas_beside_it_are_found(pip_layout):
    _tool(pip_layout, "tileiras", "13.4")
    _tool(pip_layout, "ptxas", "13.4")
    tools = cutile.toolchain()
    assert tools is not None and tools.bin_dir == pip_layout.resolve()
    assert tools.tileiras_release == (13, 4) and tools.ptxas_release == (13, 4)
    assert tools.problem() is None


def test_a_ptxas_older_than_tileiras_is_named_as_the_problem(pip_layout, tmp_path, monkeypatch):
    _tool(pip_layout, "tileiras", "13.4")
    old = tmp_path / "toolkit"
    old.mkdir()
    _tool(old, "ptxas", "13.0")
    monkeypatch.setenv("PATH", f"{old}{os.pathsep}{os.environ['PATH']}")
    tools = cutile.toolchain()
    assert tools is not None and tools.ptxas == old / "ptxas"
    assert "ptxas 13.0" in tools.problem() and "older than tileiras 13.4" in tools.problem()


def test_the_childs_path_names_the_compilers_folder_first_and_nothing_is_cached(
    pip_layout, tmp_path
):
    _tool(pip_layout, "tileiras", "13.4")
    _tool(pip_layout, "ptxas", "13.4")
    env = cutile.child_env(tmp_path / "job", "/usr/local/cuda/bin:/usr/bin")
    assert env["PATH"] == f"{pip_layout.resolve()}:/usr/local/cuda/bin:/usr/bin"
    assert env["CUDA_TILE_CACHE_DIR"] == "off"
    assert env["CUDA_TILE_TEMP_DIR"] == str(tmp_path / "job" / ".cutile-tmp")


def test_a_worker_without_the_package_says_so(monkeypatch):
    monkeypatch.setattr(cutile.importlib.util, "find_spec", lambda name: None)
    assert "no cuTile" in cutile.missing()


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("k.py", "import cuda.tile as ct\nimport torch\n"),
        ("k.py", "import torch\nfrom cuda import tile as ct\n"),
        ("add.cutile.py", "def solve(A, B, C, N):\n    pass\n"),
    ],
)
def test_a_cutile_file_is_guessed_from_its_import_or_name(name, text):
    assert language_of_source(name, text) == "cutile"
