"""Solutions written the way LeetGPU users write them, judged by the real runner.

Each file under ``solutions/<slug>/`` is a solution of the catalog problem ``<slug>`` in one of
the habits a LeetGPU solution brings along: accumulating into an output it expects to start at
zero (``atomicAdd`` / ``+=`` into histograms, dot products, counts, losses), a CUDA ``solve``
declared without ``extern "C"``, PyTorch's ``conv2d`` for the convolutions (which must compute
in true fp32), Triton's ``tl.dot`` on fp32 tiles, Python code that uses the tensors' shapes
or views flat buffers with the size arguments, and CuTe DSL code with sizes annotated
``cute.Uint32``, bounds from the tensors' shapes or fragment loads of ``cute.flat_divide``
tiles, the layer itself as LeetGPU passes it to Simple Inference (``solve(input, model,
output)``), and ``torch.topk`` for top-k gating, whose order of equal logits is unspecified.
Every one must be accepted.

The PyTorch and Triton files run on the CPU device (Triton through its interpreter) in the
normal suite; every file, CUDA included, runs on the GPU under ``pytest -m gpu``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runner import judge
from runner.contract import Limits
from runner.supervisor import cutedsl
from runner.tools.validate import solution_language

from ..runner.helpers import cuda_available, job

SOLUTIONS = Path(__file__).parent / "solutions"
CPU_LANGUAGES = {"pytorch", "triton"}
GPU = Limits(test_timeout_s=60, benchmark_budget_s=2.0, compile_timeout_s=180)


def _cases() -> list[tuple[Path, str]]:
    found = []
    for path in sorted(SOLUTIONS.glob("*/*")):
        language = solution_language(path)
        if language is not None:
            found.append((path, language))
    return found


CASES = _cases()


def _id(case: tuple[Path, str]) -> str:
    path, _ = case
    return f"{path.parent.name}/{path.name}"


def _show(r) -> str:
    return f"{r.verdict}: {r.message}\n{r.details[-2000:]}\n{r.compile_log[-2000:]}"


@pytest.mark.parametrize("case", [c for c in CASES if c[1] in CPU_LANGUAGES], ids=_id)
def test_accepted_on_cpu(case):
    path, language = case
    r = judge(job(path.read_text(), language=language, mode="submit", slug=path.parent.name))
    assert r.verdict == "accepted", _show(r)


@pytest.mark.gpu
@pytest.mark.skipif(not cuda_available(), reason="no CUDA device")
@pytest.mark.parametrize("case", CASES, ids=_id)
def test_accepted_on_gpu(case):
    import torch

    path, language = case
    if language == "cute" and cutedsl.install_dirs() is None:
        pytest.skip("needs nvidia-cutlass-dsl")
    major, minor = torch.cuda.get_device_capability(0)
    r = judge(
        job(
            path.read_text(),
            language=language,
            mode="submit",
            device="cuda",
            slug=path.parent.name,
            limits=GPU,
            seed=11,
            arch=f"sm_{major}{minor}",
        )
    )
    assert r.verdict == "accepted", _show(r)
