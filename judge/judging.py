"""Judging one claimed submission: JobSpec -> runner child -> recorded result."""

from __future__ import annotations

import logging

from django.conf import settings

from judge.dbretry import db_retry
from judge.jobspec import build_job_json
from judge.models import Mode, Submission, Verdict
from judge.profiling import profile_report_keep
from judge.services import internal_error_result, judging_progress_record, judging_result_record
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
        return db_retry(
            judging_result_record,
            pk,
            attempt,
            internal_error_result(f"The problem's stored spec is invalid: {exc}"),
        )
    outcome = run_job(
        job_json,
        python=settings.KJ_RUNNER_PYTHON,
        cwd=settings.KJ_RUNNER_CWD,
        timeout_s=settings.KJ_JOB_TIMEOUT_S,
        socket_path=settings.KJ_RUNNER_SOCKET if settings.KJ_RUNNER_SERVICE else "",
        on_event=lambda event: _progress(pk, attempt, event),
    )
    if outcome.result is not None:
        recorded = db_retry(judging_result_record, pk, attempt, outcome.result)
        if submission.mode == Mode.PROFILE:
            profile_report_keep(pk, outcome.result, recorded=recorded)
        return recorded
    log.error("submission %s attempt %s: %s", pk, attempt, outcome.error)
    result = internal_error_result(outcome.error)
    if outcome.timed_out:
        result["verdict"] = Verdict.TIME_LIMIT_EXCEEDED
    return db_retry(judging_result_record, pk, attempt, result)


def _progress(pk: int, attempt: int, event: dict) -> None:
    """Progress is best effort: a database that stays away past the retries loses an event,
    never the job (the result is what counts)."""
    try:
        db_retry(judging_progress_record, pk, attempt, event)
    except Exception:  # noqa: BLE001
        log.warning("lost a progress event of submission %s", pk, exc_info=True,
                    extra={"submission_id": pk, "attempt": attempt,
                           "phase": str(event.get("phase"))})  # fmt: skip
