"""Mojo on the trusted side, without the compiler: the compile log's mapping on recorded
compiler outputs (tests/runner/data/mojo_errors, recorded with mojo 1.2.0 by record.py there),
the check of the declared ``solve``, where the compiler is found, the cache key, the
environment of builds and children, and a worker without Mojo."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from runner import judge
from runner.contract.vocabulary import NATIVE_LANGUAGES, language_of_source
from runner.supervisor import mojo, mojo_build, mojo_entry, preparation
from runner.supervisor.childproc import native_child_for
from runner.supervisor.compile import CompileResult
from runner.supervisor.outcome import Verdict

from .helpers import job

DATA = Path(__file__).resolve().parent / "data"
ERRORS = DATA / "mojo_errors"
VECTOR_ADD = (DATA / "mojo" / "vector_add.mojo").read_text()
VECTOR_ADD_PARAMS = [
    {"name": "A", "dtype": "f32", "role": "in"},
    {"name": "B", "dtype": "f32", "role": "in"},
    {"name": "C", "dtype": "f32", "role": "out"},
    {"name": "N", "dtype": "int", "role": "scalar"},
]
# the line of the first error in each recorded case
FIRST_ERROR_LINE = {
    "type_error": 31,
    "undefined_name": 19,
    "wrong_parameter_type": 23,
    "syntax_error": 18,
    "raises_with_c_abi": 28,
}


def recorded(name: str) -> dict:
    return json.loads((ERRORS / f"{name}.json").read_text())


def recorded_install(data: dict) -> mojo.MojoInstall:
    return mojo.MojoInstall(Path(data["install_binary"]), Path(data["install_root"]))


def cleaned(name: str) -> str:
    data = recorded(name)
    return mojo_build.clean_log(data["output"], Path(data["build_dir"]), recorded_install(data))


# -- the compile log ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(FIRST_ERROR_LINE))
def test_recorded_errors_name_the_users_file_and_line(name):
    data = recorded(name)
    log = cleaned(name)
    line = FIRST_ERROR_LINE[name]
    assert data["returncode"] != 0 and not data["built"]
    assert data["build_dir"] not in log and "/tmp/" not in log
    assert data["install_root"] not in log
    assert any(
        ln.startswith(f"solution.mojo:{line}:") and ": error: " in ln for ln in log.split("\n")
    )
    last = log.rstrip("\n").splitlines()[-1]
    assert last.startswith(f"first error: solution.mojo line {line}, column ")


def test_the_last_line_repeats_the_first_errors_message():
    log = cleaned("undefined_name")
    assert log.rstrip().endswith("column 46: use of unknown declaration 'j'")
    assert mojo_build.first_error(log) == (19, 46, "use of unknown declaration 'j'")


def test_notes_from_mojos_library_are_kept_with_their_own_paths():
    log = cleaned("wrong_parameter_type")
    assert "is not encodable as the declared function argument type" in log
    assert "max/mojo/max/gpu/host/device_context.mojo" in log
    assert "mojo: error: failed to run the pass manager" in log


def test_the_crash_reporters_complaint_is_dropped(tmp_path):
    text = (
        "Failed to initialize Crashpad.  Crash reporting will not be available.  Cause: x\n"
        f"{tmp_path}/solution.mojo:3:1: error: boom\n"
    )
    log = mojo_build.clean_log(text, tmp_path)
    assert log.splitlines()[0] == "solution.mojo:3:1: error: boom"
    assert "Crashpad" not in log


def test_a_log_without_errors_gets_no_first_error_line(tmp_path):
    text = f"{tmp_path}/solution.mojo:8:8: warning: 'UnsafePointer' is deprecated\n"
    assert "first error" not in mojo_build.clean_log(text, tmp_path)


def test_a_failed_build_is_a_compile_error_naming_the_first_error(monkeypatch, tmp_path):
    data = recorded("undefined_name")
    log = cleaned("undefined_name")
    monkeypatch.setattr(
        mojo_build, "compile_mojo", lambda *a: CompileResult(False, log, None, False, 1.0)
    )
    j = fake_judgement(tmp_path, data["source"])
    with pytest.raises(Verdict) as info:
        preparation.prepare_source(j)
    assert info.value.verdict == "compile_error"
    assert info.value.message == (
        "Compilation failed: solution.mojo:19:46: error: use of unknown declaration 'j'"
    )
    assert j.compile_log == log


def fake_judgement(tmp_path: Path, source: str) -> SimpleNamespace:
    spec = job(source, "mojo", "run", "cuda")
    return SimpleNamespace(
        job=spec,
        dir=tmp_path,
        limits=spec.effective_limits,
        phases={},
        flags=[],
        compile_log="",
        entry_symbol="",
        emit=lambda event: None,
        param_list=lambda: VECTOR_ADD_PARAMS,
    )


# -- the declared solve ------------------------------------------------------------------------
def test_the_vector_adds_solve_is_found_and_matches():
    decl = mojo_entry.find_declaration(VECTOR_ADD)
    assert decl is not None and decl.exported and decl.line == 23
    assert [name for name, _ in decl.params] == ["A", "B", "C", "N"]
    assert decl.params[3] == ("N", "Int32")
    assert decl.effects == 'abi("C")'
    assert mojo_entry.mismatch(decl, VECTOR_ADD_PARAMS) is None


def declared(old: str, new: str) -> str | None:
    source = VECTOR_ADD.replace(old, new)
    assert source != VECTOR_ADD
    return mojo_entry.mismatch(mojo_entry.find_declaration(source), VECTOR_ADD_PARAMS)


def test_a_float_where_the_problem_passes_an_int_is_refused():
    why = declared("    N: Int32,\n) abi", "    N: Float32,\n) abi")
    assert "parameter N is Float32, but the problem passes N as Int32" in why


def test_a_64_bit_int_where_the_problem_passes_an_int32_is_refused():
    assert "parameter N is Int, " in declared("    N: Int32,\n) abi", "    N: Int,\n) abi")


def test_a_scalar_where_the_problem_passes_a_pointer_is_refused():
    why = declared("    A: Pointer[Float32, MutAnyOrigin],\n    B", "    A: Int64,\n    B")
    assert "parameter A is Int64, but the problem passes A as a device pointer" in why


def test_a_missing_parameter_is_refused_with_the_problems_signature():
    why = declared("    N: Int32,\n) abi", ") abi")
    assert "takes 3 parameters; the problem passes 4" in why
    assert "N: Int32" in why


def test_a_solve_without_the_c_abi_is_refused():
    why = declared(') abi("C"):', ") raises:")
    assert why.startswith('solve (solution.mojo line 23) is not declared abi("C")')


def test_other_spellings_of_int32_and_unknown_aliases_pass():
    assert declared("    N: Int32,\n) abi", "    N: Scalar[DType.int32],\n) abi") is None
    assert declared("    A: Pointer[Float32, MutAnyOrigin],\n    B", "    A: FPtr,\n    B") is None
    assert declared("    N: Int32,\n) abi", "    read N: Int32 = 0,\n) abi") is None


def test_a_library_without_solve_names_the_missing_export(monkeypatch, tmp_path):
    source = recorded("missing_export")["source"]
    monkeypatch.setattr(mojo_entry, "exported_functions", lambda path: {"add_kernel"})
    why = mojo_entry.check_entry(tmp_path / "solution.so", source, VECTOR_ADD_PARAMS)
    assert why.startswith("solve (solution.mojo line 22) is not exported: put `@export`")
    without = VECTOR_ADD.replace("def solve(", "def compute(")
    why = mojo_entry.check_entry(tmp_path / "solution.so", without, VECTOR_ADD_PARAMS)
    assert why.startswith("the library exports no function solve")


def test_an_exported_solve_that_does_not_match_is_a_compile_error(monkeypatch, tmp_path):
    source = VECTOR_ADD.replace("    N: Int32,\n) abi", "    N: Float32,\n) abi")
    so = tmp_path / "solution.so"
    monkeypatch.setattr(
        mojo_build, "compile_mojo", lambda *a: CompileResult(True, "", so, False, 1.0)
    )
    monkeypatch.setattr(mojo_entry, "exported_functions", lambda path: {"solve"})
    with pytest.raises(Verdict) as info:
        preparation.prepare_source(fake_judgement(tmp_path, source))
    assert info.value.verdict == "compile_error"
    assert info.value.message.startswith("Compiled, but solve (solution.mojo line 23)")
    j = fake_judgement(tmp_path, VECTOR_ADD)
    assert preparation.prepare_source(j) == so and j.entry_symbol == "solve"


# -- where the compiler is -----------------------------------------------------------------------
def fake_install(folder: Path) -> Path:
    """A ``modular`` folder as the wheels unpack it; its ``bin/mojo``."""
    binary = folder / "modular" / "bin" / "mojo"
    binary.parent.mkdir(parents=True)
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    std = folder / "modular" / "lib" / "mojo" / "std.mojoc"
    std.parent.mkdir(parents=True)
    std.write_text("")
    return binary


@pytest.fixture
def bare_env(monkeypatch, tmp_path):
    """No Mojo anywhere this process looks (PATH, PYTHONPATH, site-packages). PATH itself is
    left alone: the sandbox looks for its tools there."""
    monkeypatch.delenv(mojo.ENV_SETTING, raising=False)
    monkeypatch.setattr(mojo, "path_binary", lambda: None)
    monkeypatch.setenv("PYTHONPATH", "")
    monkeypatch.setattr(
        mojo, "python_folders", lambda: [p for p in os.environ["PYTHONPATH"].split(":") if p]
    )


def test_the_setting_names_the_binary(bare_env, monkeypatch, tmp_path):
    binary = fake_install(tmp_path / "anywhere")
    monkeypatch.setenv(mojo.ENV_SETTING, str(binary))
    found = mojo.find_install()
    assert found == mojo.MojoInstall(binary.resolve(), binary.parent.parent.resolve())
    assert found.lib_dir == binary.parent.parent.resolve() / "lib"
    assert found.sdk_env()["MODULAR_MOJO_MAX_IMPORT_PATH"] == str(found.lib_dir / "mojo")


def test_a_setting_that_names_nothing_means_no_mojo(bare_env, monkeypatch, tmp_path):
    fake_install(tmp_path / "site")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "site"))
    monkeypatch.setenv(mojo.ENV_SETTING, str(tmp_path / "no-such-mojo"))
    assert mojo.find_install() is None


def test_the_pip_wrapper_on_path_leads_to_its_environments_binary(bare_env, monkeypatch, tmp_path):
    venv = tmp_path / "venv"
    binary = fake_install(venv / "lib" / "python3.12" / "site-packages")
    wrapper = venv / "bin" / "mojo"
    wrapper.parent.mkdir()
    wrapper.write_text("#!/usr/bin/env python3\n")
    wrapper.chmod(0o755)
    monkeypatch.setattr(mojo, "path_binary", lambda: str(wrapper))
    assert mojo.find_install().binary == binary.resolve()


def test_wheels_unpacked_in_a_pythonpath_folder_are_found(bare_env, monkeypatch, tmp_path):
    binary = fake_install(tmp_path / "site")
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path / 'other'}:{tmp_path / 'site'}")
    assert mojo.find_install().binary == binary.resolve()


def test_no_install_is_none(bare_env):
    assert mojo.find_install() is None


def test_the_cache_key_follows_source_arch_compiler_and_install(monkeypatch, tmp_path):
    versions = {"v": "Mojo 1.2.0 (2016d0cd)"}
    monkeypatch.setattr(mojo, "version", lambda install: versions["v"])
    one = mojo.MojoInstall(tmp_path / "a/bin/mojo", tmp_path / "a")
    two = mojo.MojoInstall(tmp_path / "b/bin/mojo", tmp_path / "b")
    key = mojo_build.cache_key(VECTOR_ADD, one, "sm_90")
    assert key == mojo_build.cache_key(VECTOR_ADD, one, "sm_90")
    assert key != mojo_build.cache_key(VECTOR_ADD + "\n", one, "sm_90")
    assert key != mojo_build.cache_key(VECTOR_ADD, one, "sm_100")
    assert key != mojo_build.cache_key(VECTOR_ADD, two, "sm_90")
    versions["v"] = "Mojo 1.3.0"
    assert key != mojo_build.cache_key(VECTOR_ADD, one, "sm_90")


def test_the_build_targets_the_jobs_arch_and_keeps_mojos_files_in_the_build(tmp_path):
    install = mojo.MojoInstall(tmp_path / "m/bin/mojo", tmp_path / "m")
    build = tmp_path / "job" / "build"
    argv, env = mojo_build.build_command(install, build, "sm_100")
    assert argv == [
        str(install.binary),
        *("build", "--emit", "shared-lib", "--target-accelerator", "sm_100"),
        *("-o", "solution.so", "solution.mojo"),
    ]
    assert mojo_build.flags_for("not an arch")[-1] == "sm_90"
    for name in ("TMPDIR", "MODULAR_HOME", "MODULAR_CACHE_DIR", "XDG_CACHE_HOME"):
        assert Path(env[name]).is_relative_to(build), name
    assert env["MODULAR_TELEMETRY_ENABLED"] == "0"
    assert env["MODULAR_CRASH_REPORTING_ENABLED"] == "0"


def test_a_childs_mojo_folders_are_its_job_folders(bare_env, tmp_path):
    env = mojo.child_env(tmp_path)
    for name in ("MODULAR_HOME", "MODULAR_CACHE_DIR", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        assert Path(env[name]).parent in (tmp_path, tmp_path / ".local"), name
    assert env["MODULAR_TELEMETRY_ENABLED"] == "0"
    assert mojo.child_binds() == []


def test_a_child_sees_the_installs_runtime_libraries(bare_env, monkeypatch, tmp_path):
    binary = fake_install(tmp_path / "site")
    monkeypatch.setenv(mojo.ENV_SETTING, str(binary))
    assert mojo.child_binds() == [binary.parent.parent.resolve() / "lib"]


# -- the worker ----------------------------------------------------------------------------------
def test_mojo_is_a_native_language_judged_by_the_native_child_in_mode_run():
    assert "mojo" in NATIVE_LANGUAGES
    assert native_child_for("mojo", "cuda", "run")
    assert not native_child_for("mojo", "cuda", "submit")
    assert language_of_source("kernel.mojo", "") == "mojo"


def test_a_worker_without_mojo_says_so(bare_env):
    r = judge(job(VECTOR_ADD, "mojo", "run", "cuda"))
    assert r.verdict == "internal_error"
    assert r.message == mojo.MISSING


def test_a_gpu_worker_that_cannot_build_the_context_library_says_so(
    bare_env, monkeypatch, tmp_path
):
    from runner.supervisor import helper_library, mojo_context

    monkeypatch.setenv(mojo.ENV_SETTING, str(fake_install(tmp_path / "site")))
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(helper_library.shutil, "which", lambda _name: None)
    mojo_context._gpu_child_env.cache_clear()
    try:
        r = judge(job(VECTOR_ADD, "mojo", "run", "cuda"))
    finally:
        mojo_context._gpu_child_env.cache_clear()
    assert r.verdict == "internal_error"
    assert r.message == (
        "This judge worker cannot run Mojo solutions: no compiler (cc, gcc, clang) on the PATH."
    )


def test_without_mojo_the_cpu_device_says_a_gpu_worker_is_needed(bare_env):
    r = judge(job(VECTOR_ADD, "mojo", "run", "cpu"))
    assert r.verdict == "internal_error"
    assert r.message == (
        "The Mojo solution can only run on a GPU worker (device 'cuda'); this job asked for "
        "device 'cpu'."
    )


def test_mojos_timed_calls_get_cudas_lead_in_spin():
    from runner.supervisor.language import plugin

    assert plugin("mojo").lead_in_ms is None and plugin("cuda").lead_in_ms is None


def test_the_verdicts_line_is_the_first_error_not_an_echoed_source_line(monkeypatch, tmp_path):
    log = (
        "solution.mojo:5:9: warning: assignment to 'error_count' was never used\n"
        "    var error_count = 0\n"
        "        ^\n"
        "solution.mojo:7:5: error: use of unknown declaration 'x'\n"
    )
    assert mojo_build.first_error_line(log) == (
        "solution.mojo:7:5: error: use of unknown declaration 'x'"
    )
    assert mojo_build.first_error_line("mojo: error: failed to parse\n") == (
        "mojo: error: failed to parse"
    )
    monkeypatch.setattr(
        mojo_build, "compile_mojo", lambda *a: CompileResult(False, log, None, False, 1.0)
    )
    with pytest.raises(Verdict) as info:
        preparation.prepare_source(fake_judgement(tmp_path, VECTOR_ADD))
    assert info.value.message.endswith("solution.mojo:7:5: error: use of unknown declaration 'x'")


def test_without_nm_solve_is_found_in_the_librarys_names(monkeypatch, tmp_path):
    monkeypatch.setattr(mojo_entry.shutil, "which", lambda name: None)
    library = tmp_path / "solution.so"
    library.write_bytes(b"\x7fELF\0add_kernel\0solve\0")
    assert mojo_entry.exported_functions(library) == {"solve"}
    library.write_bytes(b"\x7fELF\0add_kernel\0solver\0")
    assert mojo_entry.exported_functions(library) == set()
