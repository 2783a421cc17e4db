"""CuTe DSL on a GPU (``pytest -m gpu tests/runner/test_cute_gpu.py``, with the package on
PYTHONPATH, e.g. ``PYTHONPATH=$PWD:/tmp/site``): every catalog package with CuTe DSL
solutions judged on device ``cuda`` in mode submit (tests, benchmark, verified timed calls),
its correct solutions accepted and its wrong ones rejected; one compilation per job for a
dtype signature; a ``solve`` that takes the stream; the child's DSL settings; a compile error
that names the user's line. The hostile CuTe DSL cases are the ``cute-*`` cases of
tests/hostile (``pytest -m gpu tests/hostile -k cute``); the timing truth is
``bench/timing_truth.py --language cute``."""

from __future__ import annotations

import textwrap

import pytest

from runner import judge
from runner.contract import Limits
from runner.supervisor import cutedsl

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
    pytest.mark.skipif(cutedsl.install_dirs() is None, reason="needs nvidia-cutlass-dsl"),
]

GPU = Limits(test_timeout_s=30, benchmark_budget_s=1.0, compile_timeout_s=180)
SOLUTIONS = sorted(CATALOG.glob("*/solutions/*_cute.py"))


def _detail(r) -> str:
    return f"{r.verdict}: {r.message}\n{(r.details or '')[-2000:]}\n{r.compile_log[-2000:]}"


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def test_at_least_ten_problems_have_correct_and_wrong_cute_solutions():
    assert len(problems_with_correct_and_wrong(SOLUTIONS)) >= 10


@pytest.mark.parametrize("path", SOLUTIONS, ids=solution_id)
def test_cute_solution_verdict_on_the_gpu(path):
    check_catalog_solution_on_the_gpu(path, "cute", GPU)


TRACE_COUNT = src(
    """
    import cutlass
    import cutlass.cute as cute


    @cute.kernel
    def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        i = bidx * 128 + tidx
        if i < N:
            C[i] = A[i] + B[i]


    @cute.jit
    def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        print("tracing solve")  # Python runs only while CuTe DSL traces
        add_kernel(A, B, C, N).launch(grid=((N + 127) // 128, 1, 1), block=(128, 1, 1))
    """
)


def test_one_compilation_serves_every_size():
    r = judge(job(TRACE_COUNT, "cute", "run", "cuda", "vector-add", GPU, 5, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)
    assert len(r.tests) > 1
    assert r.stdout.count("tracing solve") == 1, r.stdout


STREAM_AND_UINT64 = src(
    """
    import cutlass
    import cutlass.cute as cute
    from cuda.bindings.driver import CUstream


    @cute.kernel
    def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        i = bidx * 256 + tidx
        if i < N:
            C[i] = A[i] + B[i]


    @cute.jit
    def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Uint64, stream: CUstream):
        n = cutlass.Int32(N)
        add_kernel(A, B, C, n).launch(
            grid=((n + 255) // 256, 1, 1), block=(256, 1, 1), stream=stream
        )
    """
)


def test_solve_with_a_stream_parameter_and_a_uint64_size_is_accepted():
    r = judge(job(STREAM_AND_UINT64, "cute", "submit", "cuda", "vector-add", GPU, 6, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)


def test_leetgpus_uint64_spelling_is_accepted():
    """LeetGPU's starters spell the size ``cute.UInt64``; the harness adds that name."""
    source = STREAM_AND_UINT64.replace("cute.Uint64", "cute.UInt64")
    assert "cute.UInt64" in source
    r = judge(job(source, "cute", "run", "cuda", "vector-add", GPU, 7, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)


ENV_PROBE = src(
    """
    import os

    import cutlass
    import cutlass.cute as cute

    assert os.environ["CUTE_DSL_DISABLE_FILE_CACHING"] == "1"
    assert os.environ["CUTE_DSL_CACHE_DIR"].startswith(os.getcwd()), os.getcwd()


    @cute.kernel
    def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        i = bidx * 256 + tidx
        if i < N:
            C[i] = A[i] + B[i]


    @cute.jit
    def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        add_kernel(A, B, C, N).launch(grid=((N + 255) // 256, 1, 1), block=(256, 1, 1))
    """
)


def test_child_has_no_disk_cache_outside_the_job():
    r = judge(job(ENV_PROBE, "cute", "run", "cuda", "vector-add", GPU, 7, gpu_arch()))
    assert r.verdict == "accepted", _detail(r)


UNDEFINED_NAME = src(
    """
    import cutlass
    import cutlass.cute as cute


    @cute.kernel
    def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        tidx, _, _ = cute.arch.thread_idx()
        if tidx < N:
            C[tidx] = A[tidx] + undefined_thing[tidx]


    @cute.jit
    def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
        add_kernel(A, B, C, N).launch(grid=(1, 1, 1), block=(256, 1, 1))
    """
)


def test_compile_error_names_the_users_line():
    r = judge(job(UNDEFINED_NAME, "cute", "run", "cuda", "vector-add", GPU, 8, gpu_arch()))
    assert r.verdict == "compile_error", _detail(r)
    assert r.message.startswith("CuTe DSL compile error: solution.py:9: NameError"), r.message


WRONG_ARITY = src(
    """
    import cutlass
    import cutlass.cute as cute


    @cute.jit
    def solve(A: cute.Tensor, B: cute.Tensor, N: cute.Int32):
        pass
    """
)


def test_solve_with_too_few_parameters_is_a_compile_error():
    r = judge(job(WRONG_ARITY, "cute", "run", "cuda", "vector-add", GPU, 9, gpu_arch()))
    assert r.verdict == "compile_error", _detail(r)
    assert "solve takes 3 parameter(s); this problem passes 4: solve(A, B, C, N)" in r.message
