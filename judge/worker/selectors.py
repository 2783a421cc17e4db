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


def languages_advertised(device_kind: str) -> dict[str, str] | None:
    """Language -> version of every language some live worker of ``device_kind`` passed the
    self-test of; None when no live worker of that kind has reported self-tests (none is
    live, or it started before it could run them)."""
    found: dict[str, str] = {}
    reported = False
    for worker in workers_live().filter(
        device_kind=device_kind, languages_checked_at__isnull=False
    ):
        reported = True
        for language, version in (worker.languages or {}).items():
            found.setdefault(language, str(version))
    return found if reported else None


def kinds_advertising(language: str) -> list[str]:
    """The device kinds with a live worker whose self-test of ``language`` passed."""
    return sorted(
        {w.device_kind for w in workers_live().exclude(languages_checked_at__isnull=True)
         if language in (w.languages or {})}
    )  # fmt: skip


@dataclass(frozen=True)
class DeviceInfo:
    kind: str
    live_workers: int
    gpu_models: list[str]
    queue_depth: int
    # language -> version that a live worker of this kind advertises (its self-test passed);
    # None: no live worker of the kind has reported self-tests
    languages: dict[str, str] | None = None


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
            languages=languages_advertised(kind),
        )
        for kind in kinds
    ]
