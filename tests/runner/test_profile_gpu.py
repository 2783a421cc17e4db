"""Mode ``profile`` on a GPU host with Nsight Compute (``pytest -m gpu``): catalog solutions of
different kinds run through the full path (nvcc and the child in the sandbox, the child under
ncu, the report imported on the trusted side) and get a summary with a positive duration and
DRAM throughput. ``KERNELJUDGE_PROFILE_BUFFERS=copy`` runs the same with the child's own copy
of the inputs (runner/supervisor/profile.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from runner import judge
from runner.contract import Limits
from runner.supervisor import profile

from .helpers import CATALOG, cuda_available, job

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not cuda_available(), reason="no CUDA device"),
    pytest.mark.skipif(profile.find_ncu() is None, reason="no ncu on this host"),
]

GPU = Limits(test_timeout_s=30, benchmark_budget_s=2.0, compile_timeout_s=180)

CASES = [
    ("vector-add", "correct_vec4.cu", "cuda"),  # memory-bound
    ("matrix-copy", "correct_vec4.cu", "cuda"),  # a copy
    ("matrix-multiplication", "correct_fp32_pytorch.py", "pytorch"),  # compute-bound (cuBLAS)
    ("reduction", "correct_two_pass.cu", "cuda"),  # latency-bound, two kernels
    ("vector-add", "correct_triton.py", "triton"),  # a JIT-compiled kernel
]


def _arch() -> str:
    import torch

    p = torch.cuda.get_device_properties(0)
    return f"sm_{p.major}{p.minor}"


@pytest.mark.parametrize(("slug", "solution", "language"), CASES)
def test_profile_catalog_solution(tmp_path, slug, solution, language):
    source = (CATALOG / slug / "solutions" / solution).read_text()
    spec = job(source, language, "profile", "cuda", slug, GPU, 7, _arch())
    r = judge(replace(spec, output_dir=str(tmp_path), job_id=f"{slug}-{solution}"))
    assert r.verdict == "accepted", (r.message, r.details[-3000:], r.profile)
    assert r.benchmark is None and r.score_ms is None
    p = r.profile
    assert p["ok"], p
    assert p["kernels"], p
    assert sum(k["total_duration_ns"] or 0 for k in p["kernels"]) > 0
    assert p["comparison"]["ncu_dram_bytes"] > 0
    assert p["comparison"]["ncu_dram_gbps"] > 0
    assert p["judge_time"]["median_ms"] > 0
    rep = Path(p["report"]["path"])
    assert rep.parent == tmp_path and rep.stat().st_size == p["report"]["bytes"] > 0
    print(
        f"[{slug}/{solution}] buffers={p['buffers']} kernels="
        f"{[(k['kernel'][:40], k['launches'], k['duration_ns']) for k in p['kernels']]} "
        f"comparison={p['comparison']}"
    )
