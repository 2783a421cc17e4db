"""Seeing inside a submission: its compiled kernels (runner.tools.inspect, reached through the
runner's client; computed on demand and kept in SubmissionInspection) and its place on the
device's roofline."""

from __future__ import annotations

import math

from judge.judging.jobspec import gpu_arch_for
from judge.models import LeaderboardBest, Submission, SubmissionInspection
from judge.rules import judged_emulated
from problems.jsonsafe import decode_floats
from runner.contract import ProblemSpec
from runner.service.client import device_peaks, inspect_source

INSPECT_ARCHES = ("sm_80", "sm_86", "sm_89", "sm_90", "sm_100")
DEFAULT_COMPILE_TIMEOUT_S = 60.0


class InspectRefused(ValueError):
    """The request cannot be served as asked (an unknown architecture)."""


def inspection_arch(submission: Submission, arch: str | None = None) -> str:
    """The architecture to inspect for: the one asked for, else the one the submission's
    device compiles for (judge.judging.jobspec), sm_90 for the CPU device."""
    if arch:
        if arch not in INSPECT_ARCHES:
            raise InspectRefused(f"arch must be one of {', '.join(INSPECT_ARCHES)}")
        return arch
    chosen = gpu_arch_for(submission.device_kind)
    return chosen if chosen in INSPECT_ARCHES else "sm_90"


def _compile_timeout_s(submission: Submission) -> float:
    try:
        spec = ProblemSpec.from_dict(decode_floats(submission.problem.spec))
        return float(spec.limits.compile_timeout_s)
    except Exception:  # noqa: BLE001 - an old or odd spec: the default limit
        return DEFAULT_COMPILE_TIMEOUT_S


def inspection_get(submission: Submission, arch: str) -> dict | None:
    row = SubmissionInspection.objects.filter(submission=submission, arch=arch).first()
    return row.report if row is not None else None


def submission_inspect(
    submission: Submission, arch: str | None = None, compute: bool = True
) -> tuple[dict | None, bool]:
    """(report, cached) for the submission on ``arch``. A stored report is returned as it is;
    otherwise, when ``compute``, the source is compiled and taken apart now in the runner's
    sandbox (seconds; up to the problem's compile limit) and the report kept, unless the
    toolkit is missing on this host. Other languages get the runner's explanation, not kept.
    (None, False) when nothing is stored and ``compute`` is false."""
    arch = inspection_arch(submission, arch)
    if submission.language != "cuda":
        return inspect_source(submission.source, submission.language, arch), False
    stored = inspection_get(submission, arch)
    if stored is not None:
        return stored, True
    if not compute:
        return None, False
    report = inspect_source(
        submission.source, "cuda", arch, compile_timeout_s=_compile_timeout_s(submission)
    )
    # the site shows which tools ran, not where this host keeps them
    report["tools"] = {
        k: v.rsplit("/", 1)[-1] if isinstance(v, str) and k != "nvcc" else v
        for k, v in (report.get("tools") or {}).items()
    }
    if not report.get("unavailable"):
        SubmissionInspection.objects.update_or_create(
            submission=submission, arch=arch, defaults={"report": report}
        )
    return report, False


# -- the roofline -------------------------------------------------------------------------------


def _main_case(cases: list[dict]) -> dict | None:
    """The benchmark case that moves the most bytes (the largest), among those timed."""
    timed = [c for c in cases if (c.get("gbps") or 0) > 0 and (c.get("median_ms") or 0) > 0]
    if not timed:
        return None
    return max(timed, key=lambda c: c["gbps"] * c["median_ms"])


def _point(case: dict, label: str, submission_id: int, mine: bool) -> dict | None:
    gflops, gbps = case.get("gflops") or 0.0, case.get("gbps") or 0.0
    if gflops <= 0 or gbps <= 0:
        return None
    return {
        "label": label,
        "submission": submission_id,
        "mine": mine,
        "case": case.get("name", ""),
        "intensity": gflops / gbps,  # flop/byte, from the problem's flops and bytes formulas
        "gflops": gflops,
        "gbps": gbps,
        "median_ms": case.get("median_ms"),
    }


def leaderboard_best(submission: Submission) -> LeaderboardBest | None:
    """The first place of the submission's problem x device over all languages."""
    return (
        LeaderboardBest.objects.filter(
            problem_id=submission.problem_id, device_kind=submission.device_kind, language=""
        )
        .select_related("submission", "user")
        .order_by("score", "submitted_at", "submission_id")
        .first()
    )


def submission_roofline(submission: Submission) -> dict | None:
    """The data of a roofline chart: the device's peak bandwidth and FLOP/s
    (runner.devices), this submission's largest benchmark case and the leaderboard's first
    place on the same case. None without a timed benchmark; {"unavailable": why} when the
    problem counts no arithmetic."""
    result = submission.result or {}
    case = _main_case((result.get("benchmark") or {}).get("cases") or [])
    if case is None:
        return None
    if judged_emulated(language=submission.language, device_kind=submission.device_kind):
        return {
            "unavailable": "Times of CUDA on the CPU are the emulation's, not a device's: "
            "they have no place on a roofline (docs/languages/cuda.md)."
        }
    mine = _point(case, f"#{submission.pk} (this submission)", submission.pk, True)
    if mine is None:
        return {"unavailable": "This problem counts no floating-point work (flops = 0)."}
    device = result.get("device") or {}
    kind = device.get("kind") or ("cpu" if submission.device_kind == "cpu" else "cuda")
    name = device.get("name") or submission.device_kind.removeprefix("gpu-")
    peaks = device_peaks(name, kind)
    points = [mine]
    best = leaderboard_best(submission)
    if best is not None and best.submission_id != submission.pk:
        cases = ((best.submission.result or {}).get("benchmark") or {}).get("cases") or []
        same = next((c for c in cases if c.get("name") == case["name"]), None)
        point = _point(same, f"#{best.submission_id} (first place, {best.user.username})",
                       best.submission_id, False) if same else None  # fmt: skip
        if point is not None:
            points.append(point)
    elif best is not None:
        mine["label"] = f"#{submission.pk} (this submission, first place)"
    return {
        "device": peaks.name,
        "known_device": peaks.known,
        "peak_gbps": peaks.peak_bw / 1e9,
        "peak_gflops": peaks.peak_flops / 1e9,
        "ridge": peaks.peak_flops / peaks.peak_bw,
        "case": case.get("name", ""),
        "points": points,
    }


def roofline_bounds(data: dict) -> tuple[float, float, float, float]:
    """Log-scale axis ranges (x0, x1, y0, y1) that hold the roofs' corner and every point."""
    xs = [p["intensity"] for p in data["points"]] + [data["ridge"]]
    ys = [p["gflops"] for p in data["points"]] + [data["peak_gflops"]]
    x0 = 10 ** math.floor(math.log10(min(xs)) - 0.5)
    x1 = 10 ** math.ceil(math.log10(max(xs)) + 0.5)
    y0 = 10 ** math.floor(math.log10(min(min(ys), data["peak_gbps"] * x0)))
    y1 = 10 ** math.ceil(math.log10(max(ys) * 1.5))
    return x0, x1, y0, y1
