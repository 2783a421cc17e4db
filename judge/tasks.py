"""Celery tasks: thin wrappers that load ids and call services."""

from __future__ import annotations

import os
import socket

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from judge.judging import judging_execute
from judge.services import internal_error_result, judging_claim, judging_result_record


@shared_task(bind=True, name="judge.judge_submission", acks_late=True, ignore_result=True)
def judge_submission(self, submission_id: int) -> None:
    worker = os.environ.get("KJ_WORKER_NAME") or self.request.hostname or socket.gethostname()
    submission = judging_claim(submission_id, worker)
    if submission is None:  # already judged, or being judged by someone else
        return
    try:
        judging_execute(submission)
    except SoftTimeLimitExceeded:
        judging_result_record(
            submission.pk,
            submission.attempt,
            internal_error_result("Judging exceeded the worker's time limit."),
        )
