"""Compile and runtime errors located in the user's file: compiler lines naming solution.cu,
the innermost solution.py frame of a traceback; each with the user's line."""

from __future__ import annotations

from judge.diagnostics import compiler_diagnostics, submission_diagnostics, traceback_diagnostics

CUDA = 'extern "C" void solve(const float* A, float* C, int N) {\n  int i = blockIdx.x\n  C[i] = A[i];\n}\n'
NVCC_LOG = (
    "solution.cu:2:21: error: expected ';' after expression\n"
    "solution.cu:3: warning: something odd\n"
    "kerneljudge_unit.cu:9: error: not the user's file\n"
    '1 error detected in the compilation of "solution.cu".\n'
)
PY = "import torch\n\ndef solve(A, B, C, N):\n    x = 1 / 0\n    C.copy_(A + B)\n"
TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/tmp/kj-job-abc/solution.py", line 4, in solve\n'
    "    x = 1 / 0\n"
    "ZeroDivisionError: division by zero\n"
)


def test_compiler_lines_of_the_users_file_with_their_source():
    found = compiler_diagnostics(NVCC_LOG, CUDA)
    assert [(d.line, d.column, d.severity) for d in found] == [(2, 21, "error"), (3, 0, "warning")]
    assert found[0].message == "expected ';' after expression"
    assert found[0].source_line == "  int i = blockIdx.x"


def test_innermost_solution_frame_of_a_traceback():
    deeper = TRACEBACK.replace(
        "ZeroDivisionError",
        '  File "/usr/lib/python3/site-packages/torch/x.py", line 99, in f\n    g()\nZeroDivisionError',
    )
    [d] = traceback_diagnostics(deeper, PY)
    assert (d.line, d.source_line) == (4, "    x = 1 / 0")
    assert d.message == "ZeroDivisionError: division by zero (in solve)"
    assert traceback_diagnostics("no frames here", PY) == []


def test_submission_diagnostics_by_verdict():
    runtime = {"verdict": "runtime_error", "details": TRACEBACK}
    assert submission_diagnostics(language="pytorch", source=PY, result=runtime)[0].line == 4
    compile_error = {"verdict": "compile_error", "compile_log": NVCC_LOG}
    assert len(submission_diagnostics(language="cuda", source=CUDA, result=compile_error)) == 2
    syntax = {
        "verdict": "compile_error",
        "compile_log": '  File "/job/solution.py", line 3\n    def solve(:\n'
        "              ^\nSyntaxError: invalid syntax\n",
    }
    [d] = submission_diagnostics(language="pytorch", source=PY, result=syntax)
    assert d.line == 3 and "SyntaxError" in d.message
    assert (
        submission_diagnostics(language="pytorch", source=PY, result={"verdict": "accepted"}) == []
    )
    # a line number past the end of the file (not the user's file after all) is dropped
    assert compiler_diagnostics("solution.cu:99: error: x\n", CUDA) == []
