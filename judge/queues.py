"""Queue names and enqueueing of judging tasks."""

from __future__ import annotations

import logging

from django.conf import settings

log = logging.getLogger("judge.queues")

NORMAL_PRIORITY = 0  # Redis transport: 0 is served first
REJUDGE_PRIORITY = 9


def queue_for(device_kind: str) -> str:
    return f"{settings.KJ_QUEUE_PREFIX}{device_kind}"


def enqueue_judging(submission_id: int, device_kind: str, *, rejudge: bool = False) -> None:
    """Send the task. The row is already committed and the database is the source of truth,
    so a broker that is down loses nothing: the reconciler enqueues the row again once its
    deadline passes. Hence a failed send is logged, not raised."""
    from judge.tasks import judge_submission

    try:
        judge_submission.apply_async(
            args=[submission_id],
            queue=queue_for(device_kind),
            priority=REJUDGE_PRIORITY if rejudge else NORMAL_PRIORITY,
        )
    except Exception as exc:  # noqa: BLE001 - kombu raises several types for a lost broker
        log.warning(
            "could not enqueue submission %s (the reconciler will): %s", submission_id, exc,
            extra={"submission_id": submission_id, "device_kind": device_kind,
                   "phase": "enqueue_failed"},
        )  # fmt: skip
