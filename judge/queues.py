"""Queue names and enqueueing of judging tasks."""

from __future__ import annotations

from django.conf import settings

NORMAL_PRIORITY = 0  # Redis transport: 0 is served first
REJUDGE_PRIORITY = 9


def queue_for(device_kind: str) -> str:
    return f"{settings.KJ_QUEUE_PREFIX}{device_kind}"


def enqueue_judging(submission_id: int, device_kind: str, *, rejudge: bool = False) -> None:
    from judge.tasks import judge_submission

    judge_submission.apply_async(
        args=[submission_id],
        queue=queue_for(device_kind),
        priority=REJUDGE_PRIORITY if rejudge else NORMAL_PRIORITY,
    )
