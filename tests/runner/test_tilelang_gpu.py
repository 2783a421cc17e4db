"""TileLang on a GPU (``pytest -m gpu tests/runner/test_tilelang_gpu.py``, with tilelang
importable, e.g. unpacked in a folder named in PYTHONPATH): every catalog package with TileLang
solutions judged on device ``cuda`` in mode submit (tests, benchmark, verified timed calls),
its correct solutions accepted and its wrong ones rejected; a compile error names the user's
line; the child's kernel cache is in its job folder. The hostile TileLang cases are ``pytest -m gpu tests/hostile -k tilelang``;
the timing truth is ``bench/timing_truth.py --language tilelang``."""

from __future__ import annotations

import importlib.util

import pytest

from runner import judge
from runner.contract import Limits

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
    pytest.mark.skipif(importlib.util.find_spec("tilelang") is None, reason="needs tilelang"),
]

GPU = Limits(test_timeout_s=30, benchmark_budget_s=1.0, compile_timeout_s=180)
SOLUTIONS = sorted(CATALOG.glob("*/solutions/*_tilelang.py"))
VECTOR_ADD = (CATALOG / "vector-add/solutions/correct_tilelang.py").read_text()


def test_at_least_ten_problems_have_correct_and_wrong_tilelang_solutions():
    assert len(problems_with_correct_and_wrong(SOLUTIONS)) >= 10


@pytest.mark.parametrize("path", SOLUTIONS, ids=solution_id)
def test_tilelang_solution_verdict_on_the_gpu(path):
    check_catalog_solution_on_the_gpu(path, "tilelang", GPU)


def test_a_compile_error_names_the_users_line_on_the_gpu():
    source = VECTOR_ADD.replace("C[idx] = A[idx] + B[idx]", "C[idx] = A[idx] + B[idx] * scale")
    line = next(k for k, ln in enumerate(source.splitlines(), 1) if "* scale" in ln)
    r = judge(job(source, "tilelang", "run", "cuda", "vector-add", GPU, 3, gpu_arch()))
    assert r.verdict == "compile_error", f"{r.verdict}: {r.message}"
    assert f"(solution.py, line {line})" in r.message and "scale" in r.message


def test_the_tilelang_child_caches_kernels_in_its_job_folder():
    probe = VECTOR_ADD.replace(
        "def solve(A, B, C, N: int):\n",
        "def solve(A, B, C, N: int):\n"
        "    import os\n"
        "    cache = os.environ['TILELANG_CACHE_DIR']\n"
        "    assert cache.startswith(os.getcwd()), (cache, os.getcwd())\n",
    )
    r = judge(job(probe, "tilelang", "run", "cuda", "vector-add", GPU, 3, gpu_arch()))
    assert r.verdict == "accepted", f"{r.verdict}: {r.message}\n{r.details}"
