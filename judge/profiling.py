"""Mode ``profile`` on the site: who may profile and how often, where the Nsight Compute
reports are kept and for how long, and what the pages and the API show of a profile.

A profile is a submission of mode ``profile``: the runner runs the public tests, times the
problem's main benchmark case and profiles one call of it under Nsight Compute
(runner/supervisor/profile.py, docs/profiling.md). It never ranks (judge.models.RANKABLE and
the score both need mode ``submit``). The summary lives in the submission's result
(``result["profile"]``); the ``.ncu-rep`` file is written by the runner into
``KJ_PROFILE_DIR`` and recorded as a :class:`SubmissionProfile`. The reports together stay
within ``KJ_PROFILE_BUDGET_BYTES``: the oldest files are deleted first and their rows marked
expired (the summary stays).

Settings (read here with these defaults, so that they need no entry in the settings
module): ``KJ_PROFILE_DIR`` (default ``VAR_DIR/profiles``; on a multi-host deployment a
folder the workers write and the web hosts read), ``KJ_PROFILE_BUDGET_BYTES`` (1 GiB),
``KJ_PROFILE_RATE_LIMIT_COUNT`` (5) per ``KJ_PROFILE_RATE_LIMIT_WINDOW_S`` (3600).
"""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from judge.errors import SubmissionRefused
from judge.models import Mode, Submission, SubmissionProfile

log = logging.getLogger(__name__)


def _int_setting(name: str) -> int:
    return int(getattr(settings, name))


def profile_dir() -> Path:
    return Path(settings.KJ_PROFILE_DIR)


def profile_output_dir() -> str:
    """The folder a profile job's report goes to (JobSpec.output_dir), created if needed."""
    path = profile_dir()
    path.mkdir(parents=True, exist_ok=True)
    return str(path.resolve())


# --- submitting -------------------------------------------------------------------------------


def profile_submission_check(user: Any, device_kind: str) -> None:
    """The rules a profile submission adds: a GPU device, and its own rate limit
    (KJ_PROFILE_RATE_LIMIT_COUNT per KJ_PROFILE_RATE_LIMIT_WINDOW_S; staff are exempt)."""
    if device_kind == "cpu":
        raise SubmissionRefused(
            "Profiling needs a GPU device: Nsight Compute reads the GPU's own counters.",
            "invalid",
            "device",
        )
    if getattr(user, "is_staff", False):
        return
    window = _int_setting("KJ_PROFILE_RATE_LIMIT_WINDOW_S")
    limit = _int_setting("KJ_PROFILE_RATE_LIMIT_COUNT")
    since = timezone.now() - timedelta(seconds=window)
    recent = Submission.objects.filter(user=user, mode=Mode.PROFILE, created_at__gte=since)
    count = recent.count()
    if count >= limit:
        raise SubmissionRefused(
            f"Too many profiles: {count} in the last {window} seconds (the limit is {limit}). "
            f"A profile holds a GPU much longer than a submission; please wait.",
            "rate_limited",
            retry_after_s=window,
        )


# --- the worker: recording the report and keeping the budget ---------------------------------


def profile_report_keep(submission_id: int, result: dict, *, recorded: bool) -> None:
    """After a profile job: record its report, or delete it when the result was not
    recorded (a superseded attempt). Never raises: the result is what counts."""
    try:
        if recorded:
            profile_report_record(submission_id, result)
        else:
            path = _report_in_dir(result)
            if path is not None:
                path.unlink(missing_ok=True)
    except Exception:  # noqa: BLE001
        log.warning("could not keep the profile report of %s", submission_id, exc_info=True)


def _report_in_dir(result: dict) -> Path | None:
    """The report file a result names, when it is a file directly in KJ_PROFILE_DIR."""
    report = ((result or {}).get("profile") or {}).get("report")
    if not isinstance(report, dict) or not report.get("path"):
        return None
    try:
        path = Path(str(report["path"])).resolve(strict=True)
    except OSError:
        return None
    if path.parent != profile_dir().resolve() or not path.is_file():
        return None
    return path


def profile_report_record(submission_id: int, result: dict) -> SubmissionProfile | None:
    """Record the report a profile job wrote (``result["profile"]["report"]``) when it lies
    in KJ_PROFILE_DIR, then expire the oldest reports beyond the budget."""
    path = _report_in_dir(result)
    if path is None:
        log.warning("no report of submission %s in %s", submission_id, profile_dir())
        return None
    root = path.parent
    old = SubmissionProfile.objects.filter(submission_id=submission_id).first()
    if old is not None and old.report_name != path.name and old.expired_at is None:
        (root / old.report_name).unlink(missing_ok=True)  # a rejudge's new report replaces it
    row, _ = SubmissionProfile.objects.update_or_create(
        submission_id=submission_id,
        defaults={
            "report_name": path.name,
            "report_bytes": path.stat().st_size,
            "expired_at": None,
        },
    )
    profile_reports_expire()
    row.refresh_from_db()
    return row


def profile_reports_expire(budget_bytes: int | None = None) -> int:
    """Delete the oldest report files until the kept ones fit the budget; returns how many
    expired."""
    budget = _int_setting("KJ_PROFILE_BUDGET_BYTES") if budget_bytes is None else budget_bytes
    root = profile_dir()
    kept = 0
    expired = 0
    rows = SubmissionProfile.objects.filter(expired_at__isnull=True).order_by("-created_at", "-id")
    for row in rows.only("id", "report_name", "report_bytes"):
        if kept + row.report_bytes <= budget:
            kept += row.report_bytes
            continue
        with transaction.atomic():
            updated = SubmissionProfile.objects.filter(pk=row.pk, expired_at__isnull=True).update(
                expired_at=timezone.now()
            )
        if updated:
            (root / row.report_name).unlink(missing_ok=True)
            expired += 1
    return expired


# --- reading ----------------------------------------------------------------------------------


def profile_report_get(submission: Submission) -> SubmissionProfile | None:
    return SubmissionProfile.objects.filter(submission=submission).first()


def profile_report_path(submission: Submission) -> Path | None:
    """The report file of a submission while it is kept, else None."""
    row = profile_report_get(submission)
    if row is None or row.expired_at is not None:
        return None
    path = profile_dir() / row.report_name
    return path if path.is_file() and not path.is_symlink() else None


def _pct(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def profile_summary(submission: Submission) -> dict | None:
    """What a page or the API shows of a profile: per kernel the summary's figures, the
    comparison with the judge's time and the report's state; None for other submissions."""
    if submission.mode != Mode.PROFILE:
        return None
    result = submission.result or {}
    profile = result.get("profile")
    row = profile_report_get(submission)
    others = list(
        Submission.objects.filter(
            user_id=submission.user_id, problem_id=submission.problem_id, mode=Mode.PROFILE
        )
        .exclude(pk=submission.pk)
        .order_by("-created_at")
        .values_list("pk", flat=True)[:10]
    )
    report = {
        "profiled": bool(profile and profile.get("ok")),
        "bytes": row.report_bytes if row else None,
        "expired": bool(row and row.expired_at),
        "available": profile_report_path(submission) is not None,
    }
    if not isinstance(profile, dict):
        return {"ok": False, "error": "", "report": report, "kernels": []}
    if not profile.get("ok"):
        return {
            "ok": False,
            "error": str(profile.get("error", "")),
            "report": report,
            "kernels": [],
        }
    kernels = []
    for k in profile.get("kernels") or []:
        reasons = (k.get("stalls") or {}).get("reasons") or []
        duration = k.get("duration_ns")
        kernels.append(
            {
                "kernel": str(k.get("kernel", "")),
                "launches": k.get("launches"),
                "duration_us": duration / 1e3 if isinstance(duration, int | float) else None,
                "dram_pct": _pct(k.get("dram_pct_of_peak")),
                "dram_gbps": _pct(k.get("dram_gbps")),
                "l2_pct": _pct(k.get("l2_pct_of_peak")),
                "sm_pct": _pct(k.get("sm_pct_of_peak")),
                "tensor_pct": _pct(k.get("tensor_pipe_pct")),
                "occupancy_pct": _pct(k.get("achieved_occupancy_pct")),
                "stalls": [
                    {"reason": str(s.get("reason", "")).replace("_", " "), "pct": 100 * s["share"]}
                    for s in reasons[:3]
                    if isinstance(s.get("share"), int | float)
                ],
            }
        )
    case = profile.get("case") or {}
    return {
        "ok": True,
        "error": "",
        "case": case.get("name", ""),
        "sizes": ", ".join(f"{k}={v}" for k, v in (case.get("sizes") or {}).items()),
        "kernels": kernels,
        "launches": profile.get("launches"),
        "launch_limit_reached": bool(profile.get("launch_limit_reached")),
        "judge": profile.get("judge_time") or {},
        "comparison": profile.get("comparison") or {},
        "buffers": profile.get("buffers", ""),
        "report": report,
        "others": others,
    }


COMPARED = (
    ("ncu_duration_ms", "Time in kernels under ncu (ms)"),
    ("judge_median_ms", "Judge's median (ms)"),
    ("ncu_dram_gbps", "DRAM GB/s (ncu)"),
    ("judge_gbps", "GB/s by the bytes formula (judge)"),
    ("gbps_ratio", "ncu GB/s ÷ judge GB/s"),
    ("ncu_dram_bytes", "DRAM bytes (ncu)"),
    ("formula_bytes", "Bytes by the formula"),
)


def profile_compare(a: Submission, b: Submission) -> dict:
    """Two submissions' profiles side by side: the overall figures row by row (with b ÷ a),
    and each one's kernels."""
    pa, pb = profile_summary(a), profile_summary(b)
    rows = []
    for key, label in COMPARED:
        va = ((pa or {}).get("comparison") or {}).get(key)
        vb = ((pb or {}).get("comparison") or {}).get(key)
        ratio = (
            vb / va if isinstance(va, int | float) and isinstance(vb, int | float) and va else None
        )
        rows.append({"label": label, "a": va, "b": vb, "ratio": ratio})
    return {
        "a": pa,
        "b": pb,
        "rows": rows,
        "same_problem": a.problem_id == b.problem_id,
        "same_device": a.device_kind == b.device_kind,
    }
