"""Mojo on a worker with the compiler and no GPU (skipped where no compiler is found: set
KERNELJUDGE_MOJO to the `mojo` binary, or put it on PATH or in a PYTHONPATH folder): a compile
error names the user's line, a good file builds into a library exporting ``solve`` whose
runtime path is the install's, a sandboxed interpreter loads it only with the install's lib
folder bound (as the child gets it), the cache is per key, the build runs in the sandbox, the
CPU device answers internal_error after compiling, and the runner's command line takes a
.mojo file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from runner import judge
from runner.sandbox import process as proc
from runner.supervisor import mojo, mojo_build, mojo_entry

from .helpers import ROOT, VECTOR_ADD, job

INSTALL = mojo.find_install()
pytestmark = pytest.mark.skipif(INSTALL is None, reason="needs the mojo compiler")
SOURCE = (Path(__file__).resolve().parent / "data" / "mojo" / "vector_add.mojo").read_text()
BROKEN = SOURCE.replace("A[unsafe_offset=i] +", "A[unsafe_offset=j] +")


@pytest.fixture(autouse=True)
def private_cache(monkeypatch, tmp_path_factory):
    """The runner's compile cache in a folder of this module's own."""
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path_factory.getbasetemp() / "kj-cache"))


def test_a_compile_error_names_the_users_line():
    r = judge(job(BROKEN, "mojo", "run", "cpu"))
    assert r.verdict == "compile_error", r.message
    assert r.message == (
        "Compilation failed: solution.mojo:19:46: error: use of unknown declaration 'j'"
    )
    assert r.compile_log.rstrip().splitlines()[-1] == (
        "first error: solution.mojo line 19, column 46: use of unknown declaration 'j'"
    )
    assert "/tmp/" not in r.compile_log and str(INSTALL.root) not in r.compile_log


def test_a_good_file_builds_a_library_that_exports_solve(tmp_path):
    res = mojo_build.compile_mojo(SOURCE, tmp_path, "sm_90", 300)
    assert res.ok, res.log
    assert res.so_path == tmp_path / "solution.so" and res.so_path.is_file()
    assert "solve" in mojo_entry.exported_functions(res.so_path)
    assert mojo_entry.check_entry(res.so_path, SOURCE, vector_add_params()) is None
    if shutil.which("readelf"):
        dynamic = subprocess.run(
            ["readelf", "-d", str(res.so_path)], capture_output=True, text=True
        ).stdout
        runpath = next(ln for ln in dynamic.splitlines() if "RUNPATH" in ln)
        assert f"[{INSTALL.lib_dir}]" in runpath  # what the child mounts (mojo.child_binds)


def vector_add_params() -> list[dict]:
    from runner.contract import ProblemSpec

    problem = ProblemSpec.from_dir(VECTOR_ADD)
    return [{"name": p.name, "dtype": p.dtype, "role": p.role} for p in problem.params]


def test_the_cache_is_per_key(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path / "cache"))
    source = SOURCE + "\n# cache test\n"
    for name in "abc":
        (tmp_path / name).mkdir()
    first = mojo_build.compile_mojo(source, tmp_path / "a", "sm_90", 300)
    again = mojo_build.compile_mojo(source, tmp_path / "b", "sm_90", 300)
    other_arch = mojo_build.compile_mojo(source, tmp_path / "c", "sm_80", 300)
    assert first.ok and again.ok and other_arch.ok, first.log + other_arch.log
    assert (first.cached, again.cached, other_arch.cached) == (False, True, False)
    assert again.so_path.read_bytes() == first.so_path.read_bytes()
    assert not (tmp_path / "b" / "build").exists()  # a hit compiles nothing
    cached = sorted(p.name for p in (tmp_path / "cache" / "mojo").glob("*.so"))
    assert len(cached) == 2


def test_the_build_runs_in_the_sandbox_with_mojos_files_in_the_job(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path / "cache"))
    calls = []
    real = proc.run_capture

    def spy(argv, workdir, **kw):
        calls.append((argv, workdir, kw))
        return real(argv, workdir, **kw)

    monkeypatch.setattr(proc, "run_capture", spy)
    res = mojo_build.compile_mojo(SOURCE + "\n# sandbox test\n", tmp_path, "sm_90", 300)
    assert res.ok, res.log
    argv, workdir, kw = calls[0]
    assert argv[:2] == [str(INSTALL.binary), "build"] and workdir == tmp_path / "build"
    assert kw["ro_binds"] == [INSTALL.root]
    assert (tmp_path / "build" / ".modular-cache").is_dir()  # Mojo's cache, in the job
    sandbox = proc._sandbox()
    if sandbox is not None and os.geteuid() == 0:  # the compiler ran as the sandbox's user
        assert (tmp_path / "build" / ".modular-cache").stat().st_uid == sandbox.SANDBOX_UID


def test_the_cpu_device_compiles_then_answers_internal_error():
    r = judge(job(SOURCE, "mojo", "submit", "cpu"))
    assert r.verdict == "internal_error"
    assert r.message == (
        "The Mojo solution compiled successfully, but can only run on a GPU worker "
        "(device 'cuda'); this job asked for device 'cpu'."
    )
    assert r.phases["compile_s"] > 0


def test_a_library_without_solve_is_a_compile_error():
    source = SOURCE.replace("@export\ndef solve(", "def solve(")
    r = judge(job(source, "mojo", "run", "cpu"))
    assert r.verdict == "compile_error"
    # the decorator's line is gone: solve's def is on line 22
    assert r.message.startswith("Compiled, but solve (solution.mojo line 22) is not exported")


def test_the_runners_command_line_judges_a_mojo_file(tmp_path):
    path = tmp_path / "vector_add.mojo"
    path.write_text(SOURCE)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    if INSTALL is not None:
        env.setdefault(mojo.ENV_SETTING, str(INSTALL.binary))
    out = subprocess.run(
        [sys.executable, "-m", "runner", "judge", str(VECTOR_ADD), str(path), "--device", "cpu"]
        + ["--mode", "run", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    result = json.loads(out.stdout)
    assert result["verdict"] == "internal_error", out.stderr[-2000:]
    assert result["message"].startswith("The Mojo solution compiled successfully")


def _load_in_sandbox(folder: Path, binds: list[Path]):
    """Load ``folder/solution.so`` with ctypes in a sandboxed interpreter, as a child does."""
    code = "import ctypes; print('solve' if ctypes.CDLL('./solution.so').solve else '')"
    env = proc.base_env(mojo.child_env(folder))
    return proc.run_capture(
        [sys.executable, "-c", code], folder, timeout_s=60, env=env, python=True, ro_binds=binds
    )


def test_a_sandboxed_child_loads_the_library_through_the_bound_runtime(tmp_path):
    res = mojo_build.compile_mojo(SOURCE, tmp_path, "sm_90", 300)
    assert res.ok, res.log
    loaded = _load_in_sandbox(tmp_path, mojo.child_binds())
    assert loaded.returncode == 0 and loaded.output.strip() == "solve", loaded.output
    from runner.sandbox.mounts import python_paths

    shown = any(INSTALL.lib_dir.is_relative_to(p) for p in python_paths())
    if proc._sandbox() is not None and not shown:
        # without the bind, the runtime libraries the library names are not there
        unbound = _load_in_sandbox(tmp_path, [])
        assert unbound.returncode != 0 and "libKGENCompilerRTShared" in unbound.output
