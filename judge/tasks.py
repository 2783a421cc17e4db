"""Celery tasks: thin wrappers that load ids and call services. The registered names are a
contract with running workers (judge.queue sends by name)."""

from __future__ import annotations

import os
import socket

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from judge.judging.claim import judging_claim_next
from judge.judging.dbretry import db_retry
from judge.judging.execute import judging_execute
from judge.judging.record import judging_result_record
from judge.queue import JUDGE_TASK
from runner.contract import JudgeResult


@shared_task(bind=True, name=JUDGE_TASK, acks_late=True, ignore_result=True)
def judge_submission(self, submission_id: int) -> None:
    worker = os.environ.get("KJ_WORKER_NAME") or self.request.hostname or socket.gethostname()
    # With fair scheduling the task may judge another queued submission of the same device
    # kind than the one it was sent for (judging_claim_next says which and why).
    submission = db_retry(judging_claim_next, submission_id, worker_name=worker)
    if submission is None:  # already judged, or being judged by someone else
        return
    try:
        judging_execute(submission)
    except SoftTimeLimitExceeded:
        db_retry(
            judging_result_record,
            submission.pk,
            attempt=submission.attempt,
            result=JudgeResult.internal_error("Judging exceeded the worker's time limit."),
        )
