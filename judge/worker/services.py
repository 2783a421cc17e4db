"""Writes about workers: registration when a worker starts, the languages its self-tests
passed, and its heartbeats."""

from __future__ import annotations

from django.utils import timezone

from judge.models import Worker


def worker_register(
    name: str,
    *,
    device_kind: str,
    gpu_model: str,
    queues: list[str],
    languages: dict[str, str] | None = None,
) -> Worker:
    """A worker starts: its row, with the languages its self-tests passed (None: not run)."""
    now = timezone.now()
    defaults = {
        "device_kind": device_kind,
        "gpu_model": gpu_model,
        "queues": queues,
        "last_heartbeat": now,
        "started_at": now,
        "languages": languages or {},
        "languages_checked_at": now if languages is not None else None,
    }
    worker, _ = Worker.objects.update_or_create(name=name, defaults=defaults)
    return worker


def worker_languages_record(name: str, *, languages: dict[str, str]) -> int:
    """The languages a worker's latest self-tests passed (language -> version)."""
    return Worker.objects.filter(name=name).update(
        languages=languages, languages_checked_at=timezone.now()
    )


def workers_heartbeat(names: list[str]) -> int:
    return Worker.objects.filter(name__in=names).update(last_heartbeat=timezone.now())
