"""What /healthz and /metrics report, read from the database and the broker at request time.

Everything is derived from shared state (the database, Redis) when asked, never from
process-local counters, so any web process (gunicorn worker, container replica) answers the
same and nothing needs Prometheus' multiprocess mode.
"""

from __future__ import annotations

from collections import defaultdict

from django.conf import settings
from django.db import connection
from django.db.models import Count, FloatField, Q, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone

from judge.models import Status, Submission, Worker
from judge.queue import broker_is_redis, redis_client
from judge.worker.selectors import live_workers

PHASES = ("compile_s", "start_s", "tests_s", "benchmark_s", "total_s")
PHASE_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0)


def database_check() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return True, ""
    except Exception as exc:  # noqa: BLE001 - report, never raise
        return False, f"{type(exc).__name__}: {exc}"


def broker_check() -> tuple[bool, str]:
    try:
        if broker_is_redis():
            client = redis_client()
            try:
                client.ping()
            finally:
                client.close()
            return True, ""
        if settings.CELERY_BROKER_URL.startswith("filesystem"):
            folder = settings.BROKER_DIR
            return (folder.is_dir(), "" if folder.is_dir() else f"{folder} is missing")
        return True, "not checked (unknown transport)"
    except Exception as exc:  # noqa: BLE001
        return False, f"{type(exc).__name__}: {exc}"


def health() -> tuple[bool, dict]:
    db_ok, db_error = database_check()
    broker_ok, broker_error = broker_check()
    body: dict = {
        "status": "ok" if db_ok and broker_ok else "fail",
        "database": {"ok": db_ok, **({"error": db_error} if db_error else {})},
        "broker": {"ok": broker_ok, **({"error": broker_error} if broker_error else {})},
    }
    if db_ok:
        try:
            workers = live_workers()
            body["workers"] = {"live": sum(workers.values()), "by_device_kind": workers}
        except Exception as exc:  # noqa: BLE001
            body["workers"] = {"error": f"{type(exc).__name__}: {exc}"}
    return db_ok and broker_ok, body


# --- numbers for /metrics -------------------------------------------------------------------


def submissions_by_status() -> dict[tuple[str, str], int]:
    """(device_kind, status) -> count of unfinished submissions."""
    rows = (
        Submission.objects.exclude(status__in=(Status.DONE, Status.CANCELLED))
        .values("device_kind", "status")
        .annotate(n=Count("pk"))
    )
    return {(row["device_kind"], row["status"]): row["n"] for row in rows}


def queue_depths() -> dict[str, int]:
    depths: dict[str, int] = defaultdict(int)
    for (kind, status), n in submissions_by_status().items():
        if status == Status.QUEUED:
            depths[kind] += n
    return dict(depths)


def verdict_counts() -> dict[tuple[str, str], int]:
    rows = (
        Submission.objects.filter(status=Status.DONE)
        .values("device_kind", "verdict")
        .annotate(n=Count("pk"))
    )
    return {(row["device_kind"], row["verdict"]): row["n"] for row in rows}


def phase_histograms() -> dict[str, dict]:
    """Per phase of the runner's result (`phases`): bucket counts, sum and count over all
    judged submissions, in one aggregate query."""
    aggregates = {}
    for phase in PHASES:
        value = Cast(KT(f"result__phases__{phase}"), FloatField())
        present = Q(**{f"result__phases__{phase}__isnull": False})
        aggregates[f"{phase}__count"] = Count("pk", filter=present)
        aggregates[f"{phase}__sum"] = Sum(value, filter=present)
        for index, bound in enumerate(PHASE_BUCKETS):
            aggregates[f"{phase}__le{index}"] = Count(
                "pk", filter=present & Q(**{f"result__phases__{phase}__lte": bound})
            )
    row = Submission.objects.filter(status=Status.DONE, result__isnull=False).aggregate(
        **aggregates
    )
    out = {}
    for phase in PHASES:
        out[phase] = {
            "buckets": [(b, row[f"{phase}__le{i}"] or 0) for i, b in enumerate(PHASE_BUCKETS)],
            "count": row[f"{phase}__count"] or 0,
            "sum": float(row[f"{phase}__sum"] or 0.0),
        }
    return out


def worker_heartbeat_ages() -> list[tuple[str, str, float]]:
    now = timezone.now()
    return [
        (name, kind, max(0.0, (now - beat).total_seconds()))
        for name, kind, beat in Worker.objects.values_list(
            "name", "device_kind", "last_heartbeat"
        ).order_by("name")
    ]
