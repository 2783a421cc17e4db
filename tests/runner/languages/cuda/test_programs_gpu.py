"""The correct programs of the CPU set (programs/correct) judged on a GPU with nvcc: they are
correct CUDA, not only correct under the emulation."""

from __future__ import annotations

import dataclasses

import pytest

from runner import judge

from ...helpers import cuda_available, gpu_arch, job, problem
from .program_set import CORRECT, header

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not cuda_available(), reason="no CUDA device")]


@pytest.mark.parametrize("path", CORRECT, ids=lambda p: p.stem)
def test_correct_program_accepted_on_the_gpu(path):
    slug = header(path)["problem"]
    spec = dataclasses.replace(problem(slug), benchmarks=())
    source = path.read_text()
    r = judge(
        dataclasses.replace(
            job(source, language="cuda", device="cuda", slug=slug, arch=gpu_arch()), problem=spec
        )
    )
    assert r.verdict == "accepted", (r.message, r.compile_log[-2000:], r.details)
