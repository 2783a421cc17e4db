"""Recording what the runner said: progress events while it judges, then its JudgeResult (the
runner's own type, runner.contract) once. A result or event of a superseded attempt, or a
second delivery of one, changes nothing (conditional UPDATEs on the attempt)."""

from __future__ import annotations

import logging
import math
from typing import Any

from django.db import transaction
from django.utils import timezone

from judge.leaderboards.services import leaderboard_best_refresh
from judge.models import RUNNING_STATUSES, Mode, Status, Submission, Verdict
from judge.submissions.services import submits_version_bump
from runner.contract import JudgeResult

log = logging.getLogger("judge.judging")

PHASE_STATUS = {
    "compiling": Status.COMPILING,
    "testing": Status.TESTING,
    "benchmarking": Status.BENCHMARKING,
}
MAX_PROGRESS_EVENTS = 200


def judging_progress_record(submission_id: int, *, attempt: int, event: dict) -> bool:
    """Append a runner progress event and move the status along. False if superseded."""
    status = PHASE_STATUS.get(str(event.get("phase")))
    with transaction.atomic():
        row = (
            Submission.objects.select_for_update()
            .filter(pk=submission_id, attempt=attempt, status__in=RUNNING_STATUSES)
            .values("progress")
            .first()
        )
        if row is None:
            return False
        fields: dict[str, Any] = {
            "progress": (list(row["progress"]) + [event])[-MAX_PROGRESS_EVENTS:]
        }
        if status is not None:
            fields["status"] = status
        Submission.objects.filter(pk=submission_id).update(**fields)
    return True


def result_score(result: JudgeResult, mode: str) -> float | None:
    """What ranks: the result's own score (geomean ms) of an accepted submit, if it is a
    finite positive number."""
    if not result.accepted or mode != Mode.SUBMIT:
        return None
    score = result.score_ms
    if isinstance(score, int | float) and math.isfinite(score) and score > 0:
        return float(score)
    return None


def judging_result_record(submission_id: int, *, attempt: int, result: JudgeResult) -> bool:
    """Store the JudgeResult of one attempt. Only the first delivery counts; later ones are
    no-ops (returns False)."""
    row = (
        Submission.objects.filter(pk=submission_id)
        .values_list("mode", "user_id", "problem_id", "device_kind", "validation")
        .first()
    )
    if row is None:
        return False
    mode, user_id, problem_id, device_kind, validation = row
    rejected = result.verdict == Verdict.REJECTED
    message = str(result.message)
    score = result_score(result, mode)
    with transaction.atomic():
        updated = Submission.objects.filter(
            pk=submission_id, attempt=attempt, status__in=RUNNING_STATUSES
        ).update(
            status=Status.DONE,
            verdict=result.verdict,
            message=message[:10_000],
            result=result.to_dict(),
            score=score,
            hidden_from_leaderboard=rejected,
            cheat_reason=message if rejected else "",
            finished_at=timezone.now(),
            deadline=None,
        )
        if updated and score is not None and not rejected and not validation:
            leaderboard_best_refresh(user_id, problem_id=problem_id, device_kind=device_kind)
        if updated and mode == Mode.SUBMIT:
            submits_version_bump(problem_id)  # a contest's board shows the verdict
    phases = result.phases if isinstance(result.phases, dict) else {}
    log.info(
        "submission %s attempt %s: %s%s", submission_id, attempt, result.verdict,
        "" if updated else " (superseded; not recorded)",
        extra={"submission_id": submission_id, "attempt": attempt, "verdict": result.verdict,
               "phase": "done" if updated else "superseded",
               "duration_s": phases.get("total_s")},
    )  # fmt: skip
    return bool(updated)
