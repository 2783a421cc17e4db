"""CUDA C++ judged on the CPU device end to end through the emulation: the native child in modes
run and submit, the labels, compile and unsupported-construct errors at the user's line, launch
errors as runtime errors, the diagnostics hook, the CPU-time bound on emulated timings."""

from __future__ import annotations

import textwrap

from runner import judge
from runner.supervisor import emulation
from tests.runner.helpers import VECTOR_ADD, job

from . import fake_diagnostics

CORRECT = (VECTOR_ADD / "solutions" / "correct_basic.cu").read_text()


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def test_a_run_is_accepted_in_the_native_child_and_labelled_cpu_emulation():
    r = judge(job(CORRECT, language="cuda", mode="run"))
    assert r.verdict == "accepted", (r.message, r.details, r.compile_log)
    assert [t["name"] for t in r.tests] == ["example", "zeros and negatives", "magnitudes"]
    assert r.tests[0]["output_preview"]["C"]["got"] == [6.0, 8.0, 10.0, 12.0]
    assert all(t["time_ms"] >= 0 for t in r.tests)  # each test's emulation time, recorded
    assert emulation.FLAG in r.flags
    assert r.device["emulation"] == "cuda" and r.device["kind"] == "cpu"
    assert r.device["name"].startswith("CPU emulation of CUDA on ")
    assert r.phases["compile_s"] > 0


def test_a_library_built_once_is_taken_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path))
    source = f"// {tmp_path.name}\n{CORRECT}"
    first = judge(job(source, language="cuda", mode="run"))
    second = judge(job(source, language="cuda", mode="run"))
    assert first.verdict == second.verdict == "accepted", (first.message, second.message)
    assert "compile_cached" not in first.flags and "compile_cached" in second.flags


def test_a_submit_is_benchmarked_at_the_cpu_sizes_within_the_cpu_time_bound():
    r = judge(job(CORRECT, language="cuda", mode="submit"))
    assert r.verdict == "accepted", (r.message, r.details)
    assert len(r.tests) == 12 and all(t["passed"] for t in r.tests)
    case = r.benchmark["cases"][0]
    assert case["sizes"] == {"N": 1_000_000}  # cpu_scalars
    assert case["median_ms"] > 0 and case["checked_calls"] >= 2
    assert case["clock"]["consistent"] is True  # the CPU-seconds bound held the figure
    assert emulation.FLAG in r.flags and "cpu_timing_no_l2_flush" in r.flags


def test_a_compile_error_names_the_users_line():
    bad = CORRECT.replace("int i = blockIdx.x * blockDim.x + threadIdx.x;", "int i = oops;")
    assert bad != CORRECT
    line = next(n for n, text in enumerate(bad.splitlines(), 1) if "oops" in text)
    r = judge(job(bad, language="cuda", mode="run"))
    assert r.verdict == "compile_error"
    assert f"solution.cu:{line}:" in r.compile_log and "oops" in r.compile_log
    assert f"solution.cu:{line}" in r.message
    assert "/tmp" not in r.compile_log and "kj-job" not in r.compile_log


def test_an_unsupported_construct_is_a_compile_error_at_its_line():
    asm = src("""
        #include <cuda_runtime.h>
        __global__ void k(float* C) {
            unsigned lane;
            asm("mov.u32 %0, %%laneid;" : "=r"(lane));
            C[0] = lane;
        }
        extern "C" void solve(const float* A, const float* B, float* C, int N) { k<<<1, 1>>>(C); }
    """)
    r = judge(job(asm, language="cuda", mode="run"))
    assert r.verdict == "compile_error", r.message
    assert "solution.cu:4: error:" in r.compile_log and "asm" in r.message


def test_the_diagnostics_hook_sees_each_verdict_while_the_child_lives(monkeypatch):
    monkeypatch.setattr(emulation, "DIAGNOSTICS_MODULE", fake_diagnostics.__name__)
    monkeypatch.setattr(fake_diagnostics, "calls", [])
    monkeypatch.setattr(fake_diagnostics, "answer", ("accepted", "looks fine"))
    wrong = (VECTOR_ADD / "solutions" / "wrong_no_tail.cu").read_text()
    r = judge(job(wrong, language="cuda", mode="run"))
    assert r.verdict == "wrong_answer"  # a diagnostic never excuses a failure
    assert "C[" in r.message
    assert fake_diagnostics.calls[0]["verdict"] == "wrong_answer"
    assert fake_diagnostics.calls[0]["alive"] is True
    monkeypatch.setattr(fake_diagnostics, "answer", ("accepted", "accepted; and a note"))
    r = judge(job(CORRECT, language="cuda", mode="run"))
    assert r.verdict == "accepted" and r.message == "accepted; and a note"
