"""Building the runner's JobSpec JSON from database rows."""

from __future__ import annotations

import os
import secrets

from judge.models import Mode, Submission
from judge.profiling import profile_output_dir
from problems.jsonsafe import decode_floats

# Compute capability per GPU model for nvcc's -arch (the worker may override via KJ_GPU_ARCH).
GPU_ARCH = {
    "gpu-h200": "sm_90",
    "gpu-h100": "sm_90",
    "gpu-gh200": "sm_90",
    "gpu-a100": "sm_80",
    "gpu-a10": "sm_86",
    "gpu-l4": "sm_89",
    "gpu-l40s": "sm_89",
    "gpu-b200": "sm_100",
}


def runner_device_for(device_kind: str) -> str:
    return "cpu" if device_kind == "cpu" else "cuda"


def gpu_arch_for(device_kind: str) -> str:
    return os.environ.get("KJ_GPU_ARCH") or GPU_ARCH.get(device_kind, "sm_90")


def build_job_json(submission: Submission) -> str:
    """The self-contained JobSpec for one attempt, with a fresh secret seed (never stored)."""
    from runner.contract import JobSpec, ProblemSpec  # pure dataclasses; no torch import

    job = JobSpec(
        problem=ProblemSpec.from_dict(decode_floats(submission.problem.spec)),
        source=submission.source,
        language=submission.language,
        mode=submission.mode,
        device=runner_device_for(submission.device_kind),
        seed=secrets.randbits(62),
        limits=None,  # the problem's own limits
        arch=gpu_arch_for(submission.device_kind),
        job_id=f"submission-{submission.pk}-attempt-{submission.attempt}",
        output_dir=profile_output_dir() if submission.mode == Mode.PROFILE else "",
    )
    return job.to_json()
