"""TileLang without TileLang: the mapping of its errors to the user's line (fed the exception
texts and frames recorded from tilelang 0.1.15 and nvcc 13.0, tests/runner/data/
tilelang_errors/), the verdict on a worker that lacks the package or on the CPU device, the
child's environment and the folders of PYTHONPATH it is shown."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from runner import judge
from runner.child import tilelang_errors as te
from runner.languages.tilelang.supervisor import tilelang_env
from runner.supervisor import childproc

from .helpers import ROOT, job

DATA = Path(__file__).parent / "data" / "tilelang_errors"
SOLUTION = (ROOT / "problems/catalog/vector-add/solutions/correct_tilelang.py").read_text()


def recorded(name: str) -> tuple[str, str, list[te.Frame]]:
    rec = json.loads((DATA / f"{name}.json").read_text())
    return rec["type"], rec["message"], [tuple(f) for f in rec["frames"]]


def test_an_undefined_name_in_a_kernel_body_is_a_compile_error_on_its_line():
    compile_failure, summary, text = te.describe(*recorded("undefined_name"))
    assert compile_failure
    assert summary == (
        "TileLang could not compile the kernel (solution.py, line 15): "
        "NameError: name 'scale' is not defined"
    )
    assert 'File "/tmp/kj-job-1/solution.py", line 15, in kernel' in text
    assert text.rstrip().splitlines()[-1] == summary


def test_the_traceback_keeps_only_the_users_frames():
    _, _, text = te.describe(*recorded("gemm_shape"))
    assert "/opt/site/" not in text and "tvm_ffi" not in text and "<unknown>" not in text
    frames = [ln for ln in text.splitlines() if ln.startswith('  File "')]
    assert [ln.split(", in ")[-1] for ln in frames] == ["solve", "mm", "kernel"]
    assert "T.gemm K shape check failed: K_A = 32, K_B = 64" in text


def test_an_nvcc_failure_shows_nvccs_error_not_the_generated_source():
    compile_failure, summary, text = te.describe(*recorded("nvcc_error"))
    assert compile_failure
    assert 'identifier "no_such_device_function" is undefined' in summary
    assert summary.startswith("TileLang could not compile the kernel (solution.py, line 21)")
    assert 'kernel.cu(20): error: identifier "no_such_device_function" is undefined' in text
    assert "#include" not in text and "fp8_e8" not in text  # the generated source and warnings
    assert "Command:" not in text and len(text) < 2000


def test_an_error_in_the_kernels_python_builder_points_at_that_line():
    compile_failure, summary, _ = te.describe(*recorded("python_error_in_factory"))
    assert compile_failure and "(solution.py, line 8): ZeroDivisionError" in summary


@pytest.mark.parametrize(
    "name, line",
    [("copy_shape_mismatch", 15), ("fragment_serial", 15), ("wrong_dtype_in_tensor", 13)],
)
def test_tilelangs_frontend_errors_name_the_kernel_statement(name, line):
    compile_failure, summary, text = te.describe(*recorded(name))
    assert compile_failure and f"(solution.py, line {line})" in summary
    assert f'solution.py", line {line}, in kernel' in text


def test_a_multi_line_message_is_kept_whole_in_the_log():
    _, _, text = te.describe(*recorded("copy_shape_mismatch"))
    assert "(256,)" in text and "(512,)" in text


def test_an_error_when_the_compiled_kernel_is_called_is_a_runtime_error_with_a_hint():
    compile_failure, summary, text = te.describe(*recorded("launch_cpu_tensor"))
    assert not compile_failure
    assert summary.startswith("RuntimeError: kernel kernel input A device_type mismatch")
    assert "Hint: TileLang kernels take CUDA tensors" in text
    assert 'solution.py", line 21, in solve' in text


def test_a_dtype_mismatch_at_the_call_gets_the_dtype_hint():
    frames = [
        ("/tmp/kj-job-1/solution.py", 20, "solve", "add()(A, B, C)"),
        ("/opt/site/tilelang/jit/kernel.py", 222, "__call__", ""),
        ("/opt/site/tilelang/jit/adapter/tvm_ffi.py", 339, "func", ""),
    ]
    message = "kernel main input A dtype mismatch, expected float16"
    compile_failure, summary, _ = te.describe("RuntimeError", message, frames)
    assert not compile_failure and "T.Tensor dtypes" in summary


def test_an_error_outside_tilelang_is_a_plain_runtime_error():
    frames = [("/tmp/kj-job-1/solution.py", 9, "solve", "C.copy_(A + B[:3])")]
    compile_failure, summary, text = te.describe("RuntimeError", "size mismatch", frames)
    assert not compile_failure
    assert summary == "RuntimeError: size mismatch"
    assert 'solution.py", line 9, in solve' in text


def test_a_location_marker_of_a_lowering_pass_becomes_the_users_frame():
    # TVM's passes end a message with "  --> FILE:LINE:COL" (tilelang/jit/diagnostics.py)
    message = (
        "The layout for fragment acc cannot be inferred\n  --> /tmp/kj-job-1/solution.py:17:13"
    )
    frames = [
        ("/tmp/kj-job-1/solution.py", 25, "solve", "add()(A, B, C)"),
        ("/opt/site/tilelang/jit/__init__.py", 553, "__call__", ""),
        ("/opt/site/tilelang/engine/lower.py", 190, "_lower_with_context_impl", ""),
        ("<unknown>", 0, "tvm::tl::LayoutInference", ""),
    ]
    compile_failure, summary, text = te.describe("InternalError", message, frames)
    assert compile_failure
    assert summary == (
        "TileLang could not compile the kernel (solution.py, line 17): "
        "InternalError: The layout for fragment acc cannot be inferred"
    )
    assert 'solution.py", line 17, in kernel' in text and "-->" not in text


def test_a_compile_failure_reply_is_a_compile_error_whose_last_line_is_the_summary():
    try:
        exec(compile("def f():\n    raise ValueError('bad tile')\nf()\n", "/j/solution.py", "exec"))
    except ValueError as exc:
        reply = te.error_reply(exc, "in solve", "compile_error")
    assert reply["kind"] == "compile_error" and "traceback" not in reply
    last = reply["error"].rstrip().splitlines()[-1]
    assert (
        last == "TileLang could not compile the kernel (solution.py, line 2): ValueError: bad tile"
    )


def test_the_boot_refuses_the_cpu_device_before_importing_tilelang():
    with pytest.raises(RuntimeError, match="GPU workers only"):
        te.boot("cpu")


def test_a_worker_without_tilelang_answers_internal_error(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "tilelang" else real(name)
    )
    r = judge(job(SOLUTION, "tilelang", "run", "cpu"))
    assert r.verdict == "internal_error"
    assert "has no TileLang: the Python package 'tilelang' is not installed" in r.message


def test_a_tilelang_job_on_the_cpu_device_answers_internal_error(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: real("json") if name == "tilelang" else real(name),
    )
    r = judge(job(SOLUTION, "tilelang", "run", "cpu"))
    assert r.verdict == "internal_error"
    assert "The TileLang solution can only run on a GPU worker" in r.message


def test_the_child_keeps_tilelangs_cache_in_the_job_folder(tmp_path):
    env = tilelang_env(tmp_path)
    assert env["TILELANG_CACHE_DIR"] == str(tmp_path / ".tilelang-cache")
    assert env["TILELANG_PRINT_ON_COMPILATION"] == "0"


def test_pythonpath_folders_outside_the_project_are_carried_to_the_child(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    entries = [str(ROOT), str(ROOT.parent), str(ROOT / "client"), str(site), "/no/such/dir", ""]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(entries))
    assert childproc.carried_python_paths(ROOT) == [site.resolve()]


def test_the_runners_cli_guesses_tilelang_from_the_import_or_the_name(tmp_path):
    from runner.__main__ import _guess_language

    imports = tmp_path / "mine.py"
    imports.write_text("import torch\nimport tilelang\nimport tilelang.language as T\n")
    named = tmp_path / "add.tilelang.py"
    named.write_text("def solve(A, B, C, N):\n    pass\n")
    assert _guess_language(imports) == "tilelang" and _guess_language(named) == "tilelang"
