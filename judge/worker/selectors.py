"""Reads about workers: the device kinds with a live worker (one that heartbeated within
KJ_WORKER_LIVE_S), their GPU models and queued work."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db.models import Count, QuerySet
from django.utils import timezone

from judge.models import Status, Submission, Worker


def workers_live() -> QuerySet[Worker]:
    since = timezone.now() - timedelta(seconds=settings.KJ_WORKER_LIVE_S)
    return Worker.objects.filter(last_heartbeat__gte=since)


def live_workers() -> dict[str, int]:
    """Device kind -> how many live workers serve it."""
    rows = workers_live().values("device_kind").annotate(n=Count("pk"))
    return {row["device_kind"]: row["n"] for row in rows}


def device_kinds_live() -> list[str]:
    kinds = workers_live().values_list("device_kind", flat=True)
    return sorted(set(kinds) | {"cpu"})


@dataclass(frozen=True)
class DeviceInfo:
    kind: str
    live_workers: int
    gpu_models: list[str]
    queue_depth: int


def devices_live() -> list[DeviceInfo]:
    """Device kinds with a live worker (the CPU always listed), workers and queued work."""
    workers: dict[str, list[Worker]] = {}
    for worker in workers_live():
        workers.setdefault(worker.device_kind, []).append(worker)
    queued = dict(
        Submission.objects.filter(status=Status.QUEUED)
        .values_list("device_kind")
        .annotate(n=Count("pk"))
    )
    kinds = sorted(set(workers) | {"cpu"})
    return [
        DeviceInfo(
            kind=kind,
            live_workers=len(workers.get(kind, [])),
            gpu_models=sorted({w.gpu_model for w in workers.get(kind, []) if w.gpu_model}),
            queue_depth=queued.get(kind, 0),
        )
        for kind in kinds
    ]
