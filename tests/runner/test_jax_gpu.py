"""JAX on a GPU (``pytest -m gpu tests/runner/test_jax_gpu.py``): every catalog package with
JAX solutions judged on device ``cuda`` in mode submit (tests, benchmark, verified timed
calls), its correct solutions accepted and its wrong ones rejected; the JAX child on the
GPU backend with no preallocation. The hostile JAX cases on a GPU are the ``jax-gpu-*``
cases of tests/hostile (``pytest -m gpu tests/hostile -k jax``); the timing truth is
``bench/timing_truth.py --language jax``."""

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
    pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax"),
]

GPU = Limits(test_timeout_s=30, benchmark_budget_s=1.0, compile_timeout_s=180)
SOLUTIONS = sorted(CATALOG.glob("*/solutions/*_jax.py"))


def test_at_least_ten_problems_have_correct_and_wrong_jax_solutions():
    assert len(problems_with_correct_and_wrong(SOLUTIONS)) >= 10


@pytest.mark.parametrize("path", SOLUTIONS, ids=solution_id)
def test_jax_solution_verdict_on_the_gpu(path):
    check_catalog_solution_on_the_gpu(path, "jax", GPU, wrong_is_not=("accepted", "internal_error"))


def test_jax_child_uses_the_gpu_backend_without_preallocation():
    probe = (
        "import os\nimport jax\n\n\n"
        "def solve(A, B, N):\n"
        "    assert jax.default_backend() == 'gpu', jax.default_backend()\n"
        "    assert os.environ['XLA_PYTHON_CLIENT_PREALLOCATE'] == 'false'\n"
        "    assert not jax.config.jax_enable_compilation_cache\n"
        "    return A + B\n"
    )
    r = judge(job(probe, "jax", "run", "cuda", "vector-add", GPU, 3, gpu_arch()))
    assert r.verdict == "accepted", f"{r.verdict}: {r.message}\n{r.details}"


STREAM_PROBE = """
import time
import torch
import jax
import jax.numpy as jnp
from runner.child import jax_stream
from runner.supervisor import jax_stream as built

lib = str(built.library())
handle = jax_stream.compute_stream(lib)
assert handle == jax_stream.compute_stream(lib), "JAX's stream changed between programs"
stream = torch.cuda.ExternalStream(handle)
f = jax.jit(lambda a: a * 2.0 + 1.0)
x = jax.device_put(jnp.ones(1 << 20, dtype=jnp.float32))
jax.block_until_ready(f(x))
with torch.cuda.stream(stream):
    torch.cuda._sleep(200_000_000)  # about 100 ms on an H200: far longer than the host's poll
    y = f(x)
time.sleep(0.02)
queued_behind = not y.is_ready()
jax.block_until_ready(y)
assert float(y[0]) == 3.0
print("QUEUED_BEHIND", queued_behind)
"""


def test_jax_kernels_queue_behind_a_spin_on_the_stream_the_child_reads(tmp_path):
    """The stream the JAX child times on is the one JAX runs its programs on: a kernel
    dispatched after a long spin queued there is still waiting 20 ms later."""
    import os
    import subprocess
    import sys

    from runner.languages.jax.supervisor import jax_env
    from runner.sandbox.process import RUNNER_ROOT

    env = {**os.environ, **jax_env("cuda"), "PYTHONPATH": str(RUNNER_ROOT)}
    env["KERNELJUDGE_CACHE"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", STREAM_PROBE], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "QUEUED_BEHIND True" in done.stdout, done.stdout + done.stderr[-2000:]
