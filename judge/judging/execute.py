"""Judging one claimed submission: JobSpec -> runner (service or child) -> recorded result."""

from __future__ import annotations

import logging

from django.conf import settings

from judge.judging.dbretry import db_retry
from judge.judging.jobspec import build_job_json
from judge.judging.record import judging_progress_record, judging_result_record
from judge.models import RUNNING_STATUSES, Mode, Submission, Verdict
from judge.profiling import profile_report_keep
from runner.contract import JudgeResult
from runner.service.client import run_job

log = logging.getLogger(__name__)


def judging_execute(submission: Submission) -> bool:
    """Run the runner for a claimed submission and record what it says. Returns whether this
    attempt's result was recorded (False if it was superseded meanwhile)."""
    pk, attempt = submission.pk, submission.attempt
    try:
        job_json = build_job_json(submission)
    except Exception as exc:  # noqa: BLE001 - a bad stored spec is the site's fault
        log.exception("could not build the job for submission %s", pk)
        result = JudgeResult.internal_error(f"The problem's stored spec is invalid: {exc}")
        return db_retry(judging_result_record, pk, attempt=attempt, result=result)
    outcome = run_job(
        job_json,
        python=settings.KJ_RUNNER_PYTHON,
        cwd=settings.KJ_RUNNER_CWD,
        timeout_s=settings.KJ_JOB_TIMEOUT_S,
        socket_path=settings.KJ_RUNNER_SOCKET if settings.KJ_RUNNER_SERVICE else "",
        on_event=lambda event: _progress(pk, attempt, event),
        should_stop=lambda: _cancelled(pk, attempt),
    )
    if outcome.stopped:  # cancelled while judging: the row says so already; nothing to record
        log.info("submission %s attempt %s: cancelled while judging; job stopped", pk, attempt)
        return False
    result = outcome.judge_result
    if result is None:
        log.error("submission %s attempt %s: %s", pk, attempt, outcome.error)
        if outcome.timed_out:
            result = JudgeResult(verdict=Verdict.TIME_LIMIT_EXCEEDED, message=outcome.error)
        else:
            result = JudgeResult.internal_error(outcome.error)
    recorded = db_retry(judging_result_record, pk, attempt=attempt, result=result)
    if submission.mode == Mode.PROFILE:
        profile_report_keep(pk, result.to_dict(), recorded=recorded)
    return recorded


def _cancelled(pk: int, attempt: int) -> bool:
    """Whether this attempt's submission was cancelled (or taken over) meanwhile: the job is
    then abandoned. A database error counts as not cancelled (the result is recorded, or not,
    by the conditional UPDATE as always)."""
    try:
        return not Submission.objects.filter(
            pk=pk, attempt=attempt, status__in=RUNNING_STATUSES
        ).exists()
    except Exception:  # noqa: BLE001
        return False


def _progress(pk: int, attempt: int, event: dict) -> None:
    """Progress is best effort: a database that stays away past the retries loses an event,
    never the job (the result is what counts)."""
    try:
        db_retry(judging_progress_record, pk, attempt=attempt, event=event)
    except Exception:  # noqa: BLE001
        log.warning("lost a progress event of submission %s", pk, exc_info=True,
                    extra={"submission_id": pk, "attempt": attempt,
                           "phase": str(event.get("phase"))})  # fmt: skip
