"""The diagnostics harness end to end on a plain C++ ``solve`` built with AddressSanitizer (no
emulation needed): exact-size buffers, outputs read back, a report in the sandbox."""

from __future__ import annotations

import shutil
import struct
import subprocess

import pytest

from runner.languages.cuda import asan_report, harness

PARAMS = [
    {"name": "A", "dtype": "f32", "role": "in"},
    {"name": "C", "dtype": "f32", "role": "out"},
    {"name": "N", "dtype": "int", "role": "scalar"},
    {"name": "scale", "dtype": "float", "role": "scalar"},
]

SOLUTION = r"""
#include <stdlib.h>
#include <string.h>
extern "C" int kerneljudge_last_error(char* buf, int n) { return 0; }
extern "C" void solve(const float* A, float* C, int N, float scale) {
    const char* order = getenv("KJ_EMU_ORDER");  // each call of a plan has its own knobs
    int last = order && strcmp(order, "reverse") == 0 ? N : N - 1;
    for (int i = 0; i <= last; ++i)
        C[i < N ? i : 0] = A[i] * scale;
}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("lib")
    (d / "solution.cu").write_text(SOLUTION)
    subprocess.run(
        [
            harness.compiler(),
            *harness.SANITIZE_FLAGS,
            "-shared",
            "-fPIC",
            "-x",
            "c++",
            "solution.cu",
            "-o",
            "solution.so",
        ],
        cwd=d,
        check=True,
        timeout=120,
    )
    return harness.build_harness(PARAMS), d / "solution.so"


@pytest.fixture(scope="module")
def runs(tmp_path_factory, built):
    runner, lib = built
    work = tmp_path_factory.mktemp("plan")
    shutil.copy(lib, work / "lib.so")
    a = struct.pack("3f", 1.0, 2.0, 3.0)
    case = harness.Case("case0", {"A": a}, {"N": 3, "scale": 0.5}, {"A": 12, "C": 12})
    calls = [
        harness.Call("case0", "forward", "lib.so", ("forward", "-")),
        harness.Call("case0", "reverse", "lib.so", ("reverse", "0")),
        harness.Call("case0", "forward-again", "lib.so", ("forward", "0x7f")),
    ]
    return harness.run_plan(
        work, runner, PARAMS, [case], calls, entry="solve", call_timeout_s=30, timeout_s=60
    )


def test_each_call_of_a_plan_has_its_own_outputs_and_stderr(runs):
    for tag in ("forward", "forward-again"):  # the second runs after the reverse one failed
        run = runs["case0", tag]
        assert run.finished, run.stderr
        assert struct.unpack("3f", run.outputs[1]) == (0.5, 1.0, 1.5)
        assert 0 not in run.outputs  # an input is never read back
        assert asan_report.parse(run.stderr, PARAMS, "") is None


def test_one_element_past_the_end_is_reported_with_its_index(runs):
    run = runs["case0", "reverse"]
    assert not run.finished and run.returncode == harness.ASAN_EXIT
    f = asan_report.parse(run.stderr, PARAMS, "")
    assert f is not None, run.stderr
    assert f.message.startswith("Out-of-bounds read of A[3] (A has 3 elements)")
    read_line = next(i for i, ln in enumerate(SOLUTION.splitlines(), 1) if "A[i]" in ln)
    assert f.line == read_line
