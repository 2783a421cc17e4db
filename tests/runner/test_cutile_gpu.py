"""cuTile on a GPU (``pytest -m gpu tests/runner/test_cutile_gpu.py``, with cuda-tile importable
and tileiras with a ptxas as new beside it, e.g. unpacked in a folder named in PYTHONPATH):
every catalog package with cuTile solutions judged on device ``cuda`` in mode submit, its
correct solutions accepted and its wrong ones rejected; a compile error names the user's line;
the child compiles with the worker's tileiras and keeps no disk cache. Which stream
``ct.launch`` queues on was probed outside the tests (bench/results/archive/2026-11-24-h200-session5/02_*). The hostile cuTile cases are ``pytest -m gpu tests/hostile -k cutile``; the
timing truth is ``bench/timing_truth.py --language cutile``."""

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


def _has_cutile() -> bool:
    try:
        return importlib.util.find_spec("cuda.tile") is not None
    except ModuleNotFoundError:  # no package named cuda at all
        return False


pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not cuda_available(), reason="no CUDA device"),
    pytest.mark.skipif(not _has_cutile(), reason="needs cuda-tile"),
]

GPU = Limits(test_timeout_s=30, benchmark_budget_s=1.0, compile_timeout_s=180)
SOLUTIONS = sorted(CATALOG.glob("*/solutions/*_cutile.py"))
VECTOR_ADD = """import cuda.tile as ct
import torch

TILE = 1024


@ct.kernel
def add_kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile,))
    y = ct.load(b, index=(pid,), shape=(tile,))
    ct.store(c, index=(pid,), tile=x + y)


def solve(A, B, C, N):
    ct.launch(torch.cuda.current_stream(), ((N + TILE - 1) // TILE, 1, 1), add_kernel, (A, B, C, TILE))
"""


def test_at_least_ten_problems_have_correct_and_wrong_cutile_solutions():
    assert len(problems_with_correct_and_wrong(SOLUTIONS)) >= 10


@pytest.mark.parametrize("path", SOLUTIONS, ids=solution_id)
def test_cutile_solution_verdict_on_the_gpu(path):
    check_catalog_solution_on_the_gpu(path, "cutile", GPU)


def test_the_inline_vector_add_is_accepted():
    r = judge(job(VECTOR_ADD, "cutile", "submit", "cuda", "vector-add", GPU, 11, gpu_arch()))
    assert r.verdict == "accepted", f"{r.verdict}: {r.message}\n{r.details}"


def test_a_compile_error_names_the_users_line_on_the_gpu():
    source = VECTOR_ADD.replace("tile=x + y)", "tile=x + y * scale)")
    line = next(k for k, ln in enumerate(source.splitlines(), 1) if "* scale" in ln)
    r = judge(job(source, "cutile", "run", "cuda", "vector-add", GPU, 3, gpu_arch()))
    assert r.verdict == "compile_error", f"{r.verdict}: {r.message}"
    assert f"(solution.py, line {line})" in r.message and "scale" in r.message


def test_the_child_compiles_with_the_workers_tileiras_and_no_disk_cache():
    probe = VECTOR_ADD.replace(
        "def solve(A, B, C, N):\n",
        "def solve(A, B, C, N):\n"
        "    import os, shutil\n"
        "    assert os.environ['CUDA_TILE_CACHE_DIR'] == 'off'\n"
        "    assert os.environ['CUDA_TILE_TEMP_DIR'].startswith(os.getcwd())\n"
        "    assert shutil.which('tileiras'), os.environ['PATH']\n",
    )
    r = judge(job(probe, "cutile", "run", "cuda", "vector-add", GPU, 3, gpu_arch()))
    assert r.verdict == "accepted", f"{r.verdict}: {r.message}\n{r.details}"
