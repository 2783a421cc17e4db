"""The diagnostics harness end to end on a plain C++ ``solve`` built with AddressSanitizer (no
emulation needed): exact-size buffers, outputs read back, a report in the sandbox."""

from __future__ import annotations

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
extern "C" int kerneljudge_last_error(char* buf, int n) { return 0; }
extern "C" void solve(const float* A, float* C, int N, float scale) {
    int last = getenv("READ_PAST") ? N : N - 1;
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


def call(tmp_path, built, knobs):
    runner, lib = built
    params = [{**p, "bytes": 12} if p["role"] != "scalar" else p for p in PARAMS]
    data = {"A": struct.pack("3f", 1.0, 2.0, 3.0)}
    return harness.run_case(
        tmp_path / "run",
        runner,
        lib,
        "solve",
        params,
        data,
        {"N": 3, "scale": 0.5},
        knobs=knobs,
        timeout_s=60,
    )


def test_outputs_come_back_from_exact_size_buffers(tmp_path, built):
    run = call(tmp_path, built, {})
    assert run.finished, run.stderr
    assert struct.unpack("3f", run.outputs[1]) == (0.5, 1.0, 1.5)
    assert 0 not in run.outputs  # an input is never read back
    assert asan_report.parse(run.stderr, PARAMS, "") is None


def test_one_element_past_the_end_is_reported_with_its_index(tmp_path, built):
    run = call(tmp_path, built, {"READ_PAST": "1"})
    assert not run.finished
    f = asan_report.parse(run.stderr, PARAMS, "")
    assert f is not None, run.stderr
    assert f.message.startswith("Out-of-bounds read of A[3] (A has 3 elements)")
    read_line = next(i for i, ln in enumerate(SOLUTION.splitlines(), 1) if "A[i]" in ln)
    assert f.line == read_line
