"""Mojo on a GPU (``pytest -m gpu tests/runner/test_mojo_gpu.py``, with the compiler found by
runner/supervisor/mojo.py, e.g. the wheels unpacked in a folder named in PYTHONPATH): every
catalog package's Mojo solutions judged on device ``cuda`` in mode submit (tests, benchmark,
verified timed calls), the correct ones accepted and the wrong ones rejected; the vector add
of tests/runner/data/mojo accepted in both modes with positive benchmark medians; a compile
error names the user's line; the child's Mojo folders are its job's. The hostile Mojo cases
are ``pytest -m gpu tests/hostile -k mojo``."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner import judge
from runner.contract import Limits
from runner.supervisor import mojo

from .helpers import (
    CATALOG,
    check_catalog_solution_on_the_gpu,
    cuda_available,
    gpu_arch,
    job,
    problems_with_correct_and_wrong,
    solution_id,
)

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not cuda_available(), reason="no CUDA device"),
    pytest.mark.skipif(mojo.find_install() is None, reason="needs the mojo compiler"),
]

GPU = Limits(test_timeout_s=30, benchmark_budget_s=1.0, compile_timeout_s=300)
SOLUTIONS = sorted(CATALOG.glob("*/solutions/*.mojo"))
VECTOR_ADD = (Path(__file__).resolve().parent / "data" / "mojo" / "vector_add.mojo").read_text()


def _detail(r) -> str:
    return f"{r.verdict}: {r.message}\n{r.compile_log[-2000:]}\n{(r.details or '')[-2000:]}"


def test_at_least_ten_problems_have_correct_and_wrong_mojo_solutions():
    assert len(problems_with_correct_and_wrong(SOLUTIONS)) >= 10


@pytest.mark.parametrize("path", SOLUTIONS, ids=solution_id)
def test_mojo_solution_verdict_on_the_gpu(path):
    check_catalog_solution_on_the_gpu(path, "mojo", GPU)


def test_the_vector_add_is_accepted_with_positive_benchmark_medians():
    r = judge(job(VECTOR_ADD, "mojo", "submit", "cuda", "vector-add", GPU, 5, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)
    cases = (r.benchmark or {}).get("cases") or []
    assert cases and all(c["median_ms"] > 0 for c in cases), r.benchmark
    print(f"[vector add] score {r.score_ms} ms, flags {r.flags}")


def test_the_vector_adds_timed_calls_end_at_its_synchronise():
    """runner/child/mojo_context.py's SyncEnd: a solve that synchronises just before returning
    has its calls timed to that synchronise, not to the host's return from it (a call whose
    host took over 0.02 ms to return is timed to its end event: no share is asserted)."""
    r = judge(job(VECTOR_ADD, "mojo", "submit", "cuda", "vector-add", GPU, 6, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)
    cases = (r.benchmark or {}).get("cases") or []
    assert cases, r.benchmark
    for c in cases:
        assert 0 < c["calls_ended_at_synchronise"] <= c["runs"], c


def test_the_vector_add_is_accepted_by_the_native_child_in_mode_run():
    r = judge(job(VECTOR_ADD, "mojo", "run", "cuda", "vector-add", GPU, 6, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)
    assert r.tests and all(t["passed"] for t in r.tests)


def test_a_wrong_vector_add_is_a_wrong_answer():
    wrong = VECTOR_ADD.replace("A[unsafe_offset=i] + B[unsafe_offset=i]", "A[unsafe_offset=i]")
    r = judge(job(wrong, "mojo", "run", "cuda", "vector-add", GPU, 7, gpu_arch()))
    assert r.verdict == "wrong_answer", _detail(r)


def test_a_compile_error_names_the_users_line_on_the_gpu():
    broken = VECTOR_ADD.replace("A[unsafe_offset=i] +", "A[unsafe_offset=j] +")
    r = judge(job(broken, "mojo", "run", "cuda", "vector-add", GPU, 3, gpu_arch()))
    assert r.verdict == "compile_error", _detail(r)
    assert r.message.startswith("Compilation failed: solution.mojo:19:")


def test_the_childs_mojo_folders_are_in_its_job_folder():
    probe = VECTOR_ADD.replace(
        "    try:\n        var ctx = DeviceContext()",
        '    for name in ["MODULAR_HOME", "MODULAR_CACHE_DIR", "XDG_CACHE_HOME", "HOME"]:\n'
        '        if not getenv(name).startswith(getenv("HOME")):\n'
        '            abort("outside the job folder: " + name)\n'
        "    try:\n        var ctx = DeviceContext()",
    ).replace("from std.os import abort\n", "from std.os import abort, getenv\n")
    assert probe != VECTOR_ADD
    r = judge(job(probe, "mojo", "run", "cuda", "vector-add", GPU, 4, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)


def test_every_call_gets_the_childs_one_stream():
    """runner/child/mojo_context.c: each call's DeviceContext() is the child's kept context,
    so every call launches on the same CUDA stream (without it, a new one per call)."""
    probe = VECTOR_ADD.replace(
        "        var ctx = DeviceContext()\n",
        "        var ctx = DeviceContext()\n"
        '        print("stream", Int(CUDA(ctx.stream()).value()))\n',
    ).replace(
        "from max.gpu.host import DeviceContext\n",
        "from max.gpu.host import DeviceContext\nfrom max.gpu.host._nvidia_cuda import CUDA\n",
    )
    assert probe.count("CUDA(") == 1 and "import CUDA" in probe
    r = judge(job(probe, "mojo", "run", "cuda", "vector-add", GPU, 4, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)
    streams = [ln for ln in r.stdout.splitlines() if ln.startswith("stream ")]
    assert len(streams) >= 3, r.stdout[-2000:]
    assert len(set(streams)) == 1, r.stdout[-2000:]
