"""Celery tasks: thin wrappers that load ids and call services."""

from __future__ import annotations

import os
import socket

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from judge.dbretry import db_retry
from judge.judging import judging_execute
from judge.services import internal_error_result, judging_claim_next, judging_result_record


@shared_task(bind=True, name="judge.judge_submission", acks_late=True, ignore_result=True)
def judge_submission(self, submission_id: int) -> None:
    worker = os.environ.get("KJ_WORKER_NAME") or self.request.hostname or socket.gethostname()
    # With fair scheduling the task may judge another queued submission of the same device
    # kind than the one it was sent for (judging_claim_next says which and why).
    submission = db_retry(judging_claim_next, submission_id, worker)
    if submission is None:  # already judged, or being judged by someone else
        return
    try:
        judging_execute(submission)
    except SoftTimeLimitExceeded:
        db_retry(
            judging_result_record,
            submission.pk,
            submission.attempt,
            internal_error_result("Judging exceeded the worker's time limit."),
        )
