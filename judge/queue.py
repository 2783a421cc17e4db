"""The judging queue: one broker queue per device kind. Services enqueue a submission by the
task's registered name once its row is committed (so nothing here imports the task), and the
reconciler and /metrics read the broker's queue lengths."""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings

log = logging.getLogger("judge.queues")

JUDGE_TASK = "judge.judge_submission"  # registered by judge.tasks; a contract with workers
NORMAL_PRIORITY = 0  # Redis transport: 0 is served first
REJUDGE_PRIORITY = 9
REDIS_PRIORITY_STEPS = range(10)  # matches CELERY_BROKER_TRANSPORT_OPTIONS


def queue_for(device_kind: str) -> str:
    return f"{settings.KJ_QUEUE_PREFIX}{device_kind}"


def enqueue_judging(submission_id: int, device_kind: str, *, rejudge: bool = False) -> None:
    """Send the task. The row is already committed and the database is the source of truth,
    so a broker that is down loses nothing: the reconciler enqueues the row again once its
    deadline passes. Hence a failed send is logged, not raised."""
    try:
        current_app.send_task(
            JUDGE_TASK,
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


def broker_is_redis() -> bool:
    return settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://", "unix://"))


def redis_client():
    import redis  # noqa: PLC0415 - only with a Redis broker

    return redis.Redis.from_url(
        settings.CELERY_BROKER_URL, socket_timeout=2, socket_connect_timeout=2
    )


def broker_queue_lengths(device_kinds: set[str]) -> dict[str, int]:
    """Messages waiting in Redis per queue (all priority sub-queues). Empty when not Redis."""
    if not broker_is_redis():
        return {}
    sep = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("sep", ":")
    client = redis_client()
    try:
        lengths = {}
        for kind in sorted(device_kinds):
            queue = queue_for(kind)
            names = [queue] + [f"{queue}{sep}{p}" for p in REDIS_PRIORITY_STEPS if p]
            pipe = client.pipeline()
            for name in names:
                pipe.llen(name)
            lengths[queue] = int(sum(pipe.execute()))
        return lengths
    finally:
        client.close()
