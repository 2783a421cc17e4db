"""Writes about workers: registration when a worker starts and its heartbeats."""

from __future__ import annotations

from django.utils import timezone

from judge.models import Worker


def worker_register(name: str, *, device_kind: str, gpu_model: str, queues: list[str]) -> Worker:
    now = timezone.now()
    worker, _ = Worker.objects.update_or_create(
        name=name,
        defaults={
            "device_kind": device_kind,
            "gpu_model": gpu_model,
            "queues": queues,
            "last_heartbeat": now,
            "started_at": now,
        },
    )
    return worker


def workers_heartbeat(names: list[str]) -> int:
    return Worker.objects.filter(name__in=names).update(last_heartbeat=timezone.now())
