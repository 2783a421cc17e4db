"""The judging engine end to end on the CPU device (PyTorch, Triton interpreter, nvcc)."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from runner import judge
from runner.contract import JudgeResult

from .helpers import CATALOG, FAST, ROOT, VECTOR_ADD, job

SOL = VECTOR_ADD / "solutions"


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def test_correct_pytorch_accepted_with_benchmark():
    events = []
    r = judge(job((SOL / "correct_pytorch.py").read_text()), on_event=events.append)
    assert r.verdict == "accepted", (r.message, r.details)
    assert all(t["passed"] for t in r.tests if not t.get("skipped"))
    assert len(r.tests) == 12
    case = r.benchmark["cases"][0]
    assert case["runs"] >= 3
    assert case["median_ms"] > 0 and case["min_ms"] <= case["median_ms"]
    assert case["sizes"] == {"N": 1_000_000}  # cpu_scalars
    assert case["checked_calls"] >= 2  # the first and the last call, at least
    assert case["baseline_median_ms"] > 0 and case["speedup"] > 0
    # vector-add's reference computes in the problem's precision: it is the baseline
    assert case["baseline"] == "the reference (PyTorch, in the problem's precision)"
    assert r.benchmark["score_ms"] == pytest.approx(case["median_ms"])
    assert "cpu_timing_no_l2_flush" in r.flags
    phases = [e["phase"] for e in events]
    assert phases[0] == "testing" and phases[-1] == "done"
    assert {"phase": "testing", "test": 12, "total": 12} in events
    assert {"phase": "benchmarking", "case": 1, "total": 1} in events
    assert events[-1] == {"phase": "done", "verdict": "accepted"}
    JudgeResult.from_json(r.to_json())  # serialisable


def test_baseline_timed_once_per_process_and_reused():
    from runner.supervisor import reftime

    reftime._cache.clear()
    first = judge(job((SOL / "correct_pytorch.py").read_text()))
    second = judge(job((SOL / "correct_pytorch.py").read_text(), seed=7))
    assert first.verdict == second.verdict == "accepted", (first.message, second.message)
    a, b = first.benchmark["cases"][0], second.benchmark["cases"][0]
    assert a["baseline_cached"] is False and b["baseline_cached"] is True
    assert b["baseline_median_ms"] == a["baseline_median_ms"]
    assert b["speedup"] == pytest.approx(b["baseline_median_ms"] / b["median_ms"])


def test_correct_triton_interpreter_accepted():
    r = judge(job((SOL / "correct_triton.py").read_text(), language="triton", mode="run"))
    assert r.verdict == "accepted", (r.message, r.details)
    assert [t["name"] for t in r.tests] == ["example", "zeros and negatives", "magnitudes"]
    assert r.tests[0]["output_preview"]["C"]["got"] == [6.0, 8.0, 10.0, 12.0]


def test_wrong_tail_names_first_bad_index():
    wrong = src("""
        import torch
        def solve(A, B, C, N):
            n = (N // 256) * 256
            torch.add(A[:n], B[:n], out=C[:n])
            if N > 256:
                pass
    """)
    r = judge(job(wrong, mode="submit"))
    assert r.verdict == "wrong_answer"
    # N=4 example already fails at index 0 (nothing written: the zero the output arrived with)
    assert "Test 'example' (N=4): C[0] = 0.0, expected 6.0" in r.message
    fm = r.tests[-1]["first_mismatch"]
    assert fm["index"] == [0] and fm["flat_index"] == 0 and fm["output"] == "C"
    assert fm["got"] == 0.0 and fm["expected"] == 6.0


def test_wrong_tail_large_test_message():
    wrong = src("""
        import torch
        def solve(A, B, C, N):
            if N <= 10000:
                torch.add(A, B, out=C)
            else:
                n = (N // 256) * 256
                torch.add(A[:n], B[:n], out=C[:n])
    """)
    r = judge(job(wrong))
    assert r.verdict == "wrong_answer"
    assert "Test 'N=1000003 (odd tail)' (N=1000003): C[999936] = 0.0, expected" in r.message
    assert "first of 67 mismatches" in r.message
    assert r.tests[-1]["first_mismatch"]["index"] == [999936]


def test_raising_solution_runtime_error():
    r = judge(job("def solve(A, B, C, N):\n    raise ValueError('boom at ' + str(N))\n"))
    assert r.verdict == "runtime_error"
    assert "ValueError: boom at 4" in r.message
    assert "solution.py" in r.details


def test_import_error_runtime_error():
    r = judge(job("import numpy_does_not_exist\n"))
    assert r.verdict == "runtime_error"
    assert "numpy_does_not_exist" in r.message


def test_python_syntax_error_is_compile_error():
    r = judge(job("def solve(A, B, C, N)\n    pass\n"))
    assert r.verdict == "compile_error"
    assert "solution.py" in r.compile_log and "line 1" in r.compile_log


def test_endless_loop_time_limit():
    lim = dataclasses.replace(FAST, test_timeout_s=2)
    r = judge(job("def solve(A, B, C, N):\n    while True:\n        pass\n", limits=lim))
    assert r.verdict == "time_limit_exceeded"
    assert "example" in r.message and "2 s" in r.message


def test_os_exit_runtime_error():
    r = judge(job("import os\ndef solve(A, B, C, N):\n    os._exit(3)\n"))
    assert r.verdict == "runtime_error"
    assert "exited with status 3" in r.message


def test_segfault_runtime_error_supervisor_alive():
    r = judge(job("import ctypes\ndef solve(A, B, C, N):\n    ctypes.string_at(8)\n"))
    assert r.verdict == "runtime_error"
    assert "SIGSEGV" in r.message


def test_memory_error_memory_limit():
    r = judge(job("def solve(A, B, C, N):\n    raise MemoryError('cannot allocate')\n"))
    assert r.verdict == "memory_limit_exceeded"


def test_output_flood_output_limit():
    lim = dataclasses.replace(FAST, output_bytes=1024)
    r = judge(
        job("def solve(A, B, C, N):\n    print('x' * 100000)\n    C.copy_(A + B)\n", limits=lim)
    )
    assert r.verdict == "output_limit_exceeded"
    assert r.output_truncated and len(r.stdout) < 2000


def test_user_output_returned():
    r = judge(
        job(
            src("""
        import sys, torch
        def solve(A, B, C, N):
            print('hello from solve', N)
            print('to stderr', file=sys.stderr)
            torch.add(A, B, out=C)
    """),
            mode="run",
        )
    )
    assert r.verdict == "accepted"
    assert "hello from solve 4" in r.stdout and "to stderr" in r.stderr
    assert not r.output_truncated


def test_const_input_mutation_caught():
    r = judge(
        job(
            src("""
        import torch
        def solve(A, B, C, N):
            torch.add(A, B, out=C)
            A[N - 1] = 0.0
    """)
        )
    )
    assert r.verdict == "wrong_answer"
    assert "input A was modified" in r.message


def test_pointer_caching_caught():
    r = judge(
        job(
            src("""
        import torch
        _cache = {}
        def solve(A, B, C, N):
            key = (A.data_ptr(), B.data_ptr(), N)
            if N >= 1000000 and key in _cache:
                C.copy_(_cache[key])
                return
            torch.add(A, B, out=C)
            _cache[key] = C.clone()
    """)
        )
    )
    assert r.verdict == "wrong_answer", r.message
    assert "timed" in r.message or "Test" in r.message


def test_call_count_caching_caught():
    # correct for the first 14 calls (all 12 tests + 2 timed calls), then skips the work
    r = judge(
        job(
            src("""
        import torch
        calls = 0
        def solve(A, B, C, N):
            global calls
            calls += 1
            if calls > 14:
                return
            torch.add(A, B, out=C)
    """)
        )
    )
    assert r.verdict == "wrong_answer", r.message
    assert "timed benchmark call" in r.message
    assert all(t["passed"] for t in r.tests)


def test_benchmark_size_shortcut_caught():
    r = judge(
        job(
            src("""
        import torch
        def solve(A, B, C, N):
            if N == 1000000:
                C.zero_()
                return
            torch.add(A, B, out=C)
    """)
        )
    )
    assert r.verdict == "wrong_answer"
    assert "timed benchmark call" in r.message


def test_input_written_at_benchmark_size_caught():
    # read-only in every test, but uses an input as scratch at the benchmark size: the
    # checked timed calls' inputs are dumped and checked too
    r = judge(
        job(
            src("""
        import torch
        def solve(A, B, C, N):
            torch.add(A, B, out=C)
            if N == 1000000:
                A.zero_()
    """)
        )
    )
    assert r.verdict == "wrong_answer", r.message
    assert "timed benchmark call" in r.message and "input A was modified" in r.message
    assert all(t["passed"] for t in r.tests)


@pytest.fixture
def sampled_readback(monkeypatch):
    """Checked timed calls read back samples (as GPU-sized cases do), at CPU sizes."""
    from runner.supervisor import buffers

    monkeypatch.setattr(buffers, "SAMPLE_ABOVE", 4096)
    monkeypatch.setattr(buffers, "SAMPLE_CHUNKS", 32)
    monkeypatch.setattr(buffers, "SAMPLE_RUN", 64)


@pytest.mark.parametrize(
    "body, found",
    [
        ("torch.add(A, B, out=C)", None),
        ("torch.add(A, B, out=C)\n    if N == 1000000: C[-1] = 0.0", "C[999999]"),
        ("torch.add(A, B, out=C)\n    if N == 1000000: C[::2] = 0.0", "C["),
        ("torch.add(A, B, out=C)\n    if N == 1000000: A[0] = 7.0", "input A was modified"),
    ],
    ids=["correct", "last-element", "every-other", "input-written"],
)
def test_sampled_readback_of_timed_calls(sampled_readback, body, found):
    r = judge(job(f"import torch\ndef solve(A, B, C, N):\n    {body}\n"))
    if found is None:
        assert r.verdict == "accepted", r.message
        assert r.benchmark["cases"][0]["checked_calls"] >= 2
        return
    assert r.verdict == "wrong_answer", r.message
    assert "timed benchmark call" in r.message and found in r.message
    if "input" not in found:
        assert "elements checked, at random offsets" in r.message


def test_sampled_readback_of_uint32_outputs(sampled_readback):
    # neither CUDA indexing nor index_select implement uint32: gathered through int32
    sol = CATALOG / "rainbow-table" / "solutions" / "correct_pytorch.py"
    r = judge(job(sol.read_text(), slug="rainbow-table"))
    assert r.verdict == "accepted", (r.message, r.details)
    assert r.benchmark["cases"][0]["checked_calls"] >= 2


def test_forged_child_clock_is_replaced_by_the_supervisor_bound():
    """The child's clock is the user's to forge: reporting 0 ms for calls that do tens of
    milliseconds of work leaves the time to the supervisor's bound (on the CPU: the child's
    CPU seconds per call from the kernel's accounting)."""
    r = judge(
        job(
            src("""
        import sys, torch
        sys.modules["__main__"]._perf_counter = lambda: 0.0
        def solve(A, B, C, N):
            for _ in range(40):
                torch.add(A, B, out=C)
    """)
        )
    )
    assert r.verdict == "accepted", r.message
    case = r.benchmark["cases"][0]
    assert case["clock"]["event_median_ms"] == 0.0 and not case["clock"]["consistent"]
    assert "time_from_supervisor_clock" in case["flags"] and "time_from_supervisor_clock" in r.flags
    assert case["median_ms"] == case["clock"]["bound_ms"] > 0


def test_a_harness_that_answers_without_solving_gets_zeros():
    """Replacing the child's command table entry for "call" (found through the garbage
    collector) to answer at once: the supervisor reads the outputs itself, and they are the
    zeros it wrote."""
    r = judge(
        job(
            src("""
        import gc, torch
        def _fake(self, msg):
            return {"ok": True, "event_ms": 0.001, "sync_ms": 0.001, "time_ms": 0.001}
        for obj in gc.get_objects():
            if isinstance(obj, dict) and "call" in obj and "attach" in obj:
                obj["call"] = lambda msg: _fake(None, msg)
        def solve(A, B, C, N):
            torch.add(A, B, out=C)
    """)
        )
    )
    assert r.verdict == "wrong_answer", r.message
    assert "C[0] = 0.0" in r.message


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
def test_nvcc_syntax_error_names_the_users_line(tmp_path):
    """nvcc's own messages (the GPU device's build; the CPU device builds CUDA through the
    emulation: tests/runner/languages/cuda/)."""
    from runner.supervisor.compile import compile_cuda

    bad = src("""
        #include <cuda_runtime.h>

        __global__ void add(const float* A, const float* B, float* C, int N) {
            int i = blockIdx.x * blockDim.x + threadIdx.x
            if (i < N) C[i] = A[i] + B[i];
        }

        extern "C" void solve(const float* A, const float* B, float* C, int N) {
            add<<<(N + 255) / 256, 256>>>(A, B, C, N);
        }
    """)
    r = compile_cuda(bad, tmp_path, "sm_90", 120)
    assert not r.ok
    assert "solution.cu:5: error" in r.log
    assert 'expected a ";"' in r.log
    assert "/tmp" not in r.log and "kj-job" not in r.log


def _cli(*args, stdin=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "runner", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        input=stdin,
        timeout=600,
    )


def test_cli_job_json_round_trip(tmp_path):
    j = job((SOL / "correct_pytorch.py").read_text(), mode="run")
    spec = tmp_path / "job.json"
    spec.write_text(j.to_json())
    events = tmp_path / "events.jsonl"
    p = _cli("job", str(spec), "--events", str(events))
    assert p.returncode == 0, p.stderr
    result = JudgeResult.from_json(p.stdout)
    assert result.verdict == "accepted"
    assert result.to_dict() == json.loads(result.to_json())
    lines = [json.loads(x) for x in events.read_text().splitlines()]
    assert lines[0] == {"phase": "testing", "test": 1, "total": 3}
    assert lines[-1] == {"phase": "done", "verdict": "accepted"}


def test_cli_judge_exit_codes_and_report(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text("def solve(A, B, C, N):\n    pass\n")
    p = _cli(
        "judge",
        str(VECTOR_ADD),
        str(wrong),
        "--language",
        "pytorch",
        "--mode",
        "run",
        "--device",
        "cpu",
        "--quiet",
    )
    assert p.returncode == 0, p.stderr
    assert "Verdict: wrong_answer" in p.stdout and "Tests:" in p.stdout
    p = _cli("judge", str(VECTOR_ADD), str(wrong), "--mode", "run", "--device", "cpu", "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout)["verdict"] == "wrong_answer"
    assert _cli("judge", str(tmp_path), str(wrong)).returncode == 2  # not a problem dir
    assert _cli("judge", str(VECTOR_ADD), str(tmp_path / "nope.py")).returncode == 2
    assert _cli("judge", str(VECTOR_ADD)).returncode == 2
    assert _cli("judge", str(VECTOR_ADD), str(wrong), "--mode", "bogus").returncode == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert _cli("job", str(bad)).returncode == 2
    assert _cli("nonsense").returncode == 2


def test_make_inputs_pool_benchmark_path():
    """A reference with make_inputs: timed calls draw from a supervisor-generated pool."""
    import dataclasses as dc

    from .helpers import problem

    ref = src("""
        import torch

        def reference(A, B, C, N):
            torch.add(A, B, out=C)

        def make_inputs(case, gen, device):
            n = case["N"]
            a = torch.arange(n, dtype=torch.float32)
            b = torch.rand(n, generator=gen)
            return {"A": a.to(device), "B": b.to(device)}
    """)
    p = dc.replace(problem(), reference_source=ref)
    j = dc.replace(job((SOL / "correct_pytorch.py").read_text()), problem=p)
    r = judge(j)
    assert r.verdict == "accepted", (r.message, r.details)
    assert r.benchmark["cases"][0]["checked_calls"] >= 2
    # and a call-count cheat is still caught through the pool
    cheat = src("""
        import torch
        calls = 0
        def solve(A, B, C, N):
            global calls
            calls += 1
            if calls > 14:
                return
            torch.add(A, B, out=C)
    """)
    r = judge(dc.replace(j, source=cheat))
    assert r.verdict == "wrong_answer", r.message
