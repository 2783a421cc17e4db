"""The reconciler: submissions stuck queued or running past their deadline are enqueued
again, or given up on (internal error) after KJ_MAX_ATTEMPTS requeues."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Q, QuerySet
from django.utils import timezone

from judge import queue
from judge.models import RUNNING_STATUSES, Mode, Status, Submission, Verdict
from judge.submissions.services import submits_version_bump
from runner.contract import JudgeResult

log = logging.getLogger("judge.judging")


def _tasks_missing(device_kinds: set[str]) -> dict[str, int | None]:
    """Per device kind, how many queued rows have no task in the broker, or None when that
    cannot be known. With fair scheduling any task of a kind serves any queued row of that
    kind, so tasks are missing only where the broker holds fewer than there are queued rows
    (a long backlog is then left alone instead of being enqueued twice)."""
    unknown: dict[str, int | None] = {kind: None for kind in device_kinds}
    if not device_kinds or not settings.KJ_FAIR_SCHEDULING or not queue.broker_is_redis():
        return unknown
    try:
        lengths = queue.broker_queue_lengths(device_kinds)
    except Exception:  # noqa: BLE001 - broker unreachable: enqueue as if everything is lost
        return unknown
    queued = dict(
        Submission.objects.filter(status=Status.QUEUED, device_kind__in=device_kinds)
        .values_list("device_kind")
        .annotate(n=Count("pk"))
    )
    return {
        kind: queued.get(kind, 0) - lengths.get(queue.queue_for(kind), 0) for kind in device_kinds
    }


def submissions_requeue_stale() -> int:
    """Requeue submissions stuck queued or running past their deadline; give up (internal
    error) after KJ_MAX_ATTEMPTS requeues. A queued row whose task is evidently still in the
    broker only gets a later deadline. Returns how many rows were requeued or failed."""
    now = timezone.now()
    stale = list(
        Submission.objects.filter(
            Q(status=Status.QUEUED) | Q(status__in=RUNNING_STATUSES), deadline__lt=now
        )
        .order_by("pk")
        .values("pk", "status", "deadline", "device_kind", "requeue_count", "mode", "problem_id")
    )
    missing = _tasks_missing({r["device_kind"] for r in stale if r["status"] == Status.QUEUED})
    touched = 0
    for row in stale:
        same = Submission.objects.filter(
            pk=row["pk"], status=row["status"], deadline=row["deadline"]
        )
        gap = missing.get(row["device_kind"])
        if row["status"] == Status.QUEUED and gap is not None:
            if gap <= 0:  # its task (or an equivalent one) is waiting in the broker
                same.update(deadline=now + timedelta(seconds=settings.KJ_QUEUED_STALE_S))
                continue
            missing[row["device_kind"]] = gap - 1
        if row["requeue_count"] >= settings.KJ_MAX_ATTEMPTS:
            with transaction.atomic():
                gave_up = _give_up(same, row["requeue_count"], now)
                if gave_up and row["mode"] == Mode.SUBMIT:
                    submits_version_bump(row["problem_id"])
            touched += gave_up
            continue
        with transaction.atomic():
            updated = same.update(
                status=Status.QUEUED,
                requeue_count=F("requeue_count") + 1,
                deadline=now + timedelta(seconds=settings.KJ_QUEUED_STALE_S),
            )
            if updated:
                pk, kind = row["pk"], row["device_kind"]
                transaction.on_commit(lambda pk=pk, kind=kind: queue.enqueue_judging(pk, kind))
                log.warning(
                    "requeued submission %s (was %s past its deadline)", pk, row["status"],
                    extra={"submission_id": pk, "device_kind": kind, "phase": row["status"],
                           "requeued": row["requeue_count"] + 1},
                )  # fmt: skip
        touched += updated
    return touched


def _give_up(same: QuerySet[Submission], requeues: int, now: datetime) -> int:
    """The row, if still as read, becomes an internal error (no worker finished it)."""
    return same.update(
        status=Status.DONE,
        verdict=Verdict.INTERNAL_ERROR,
        message=(
            f"No worker finished judging this submission after {requeues + 1} tries. "
            "Please submit again later."
        ),
        result=JudgeResult.internal_error("Judging did not finish in time.").to_dict(),
        finished_at=now,
        deadline=None,
    )
