"""Claiming a queued submission for one judging attempt: a conditional UPDATE, so a
redelivered task or a second worker finds it taken; with fair scheduling, the least recently
served user's submission goes first."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import Case, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value, When
from django.utils import timezone

from judge.models import RUNNING_STATUSES, Status, Submission

log = logging.getLogger("judge.judging")

FAIR_CLAIM_CANDIDATES = 5


def submissions_queued_fair_order(device_kind: str) -> QuerySet[Submission]:
    """Queued submissions of a device kind in fair order: new and crash-requeued work before
    rejudges (claimed before, never requeued since); then round robin over users, the user
    served least recently (latest judging start on this kind; never served first) first;
    then oldest first. One user's burst therefore waits behind every other user's next one."""
    last_served = (
        Submission.objects.filter(
            user=OuterRef("user"), device_kind=device_kind, started_at__isnull=False
        )
        .order_by("-started_at")
        .values("started_at")[:1]
    )
    rejudge = Case(
        When(attempt__gt=0, requeue_count=0, then=Value(1)),
        default=Value(0),
        output_field=IntegerField(),
    )
    return (
        Submission.objects.filter(status=Status.QUEUED, device_kind=device_kind)
        .annotate(is_rejudge=rejudge, last_served=Subquery(last_served))
        .order_by("is_rejudge", F("last_served").asc(nulls_first=True), "pk")
    )


def judging_claim(submission_id: int, *, worker_name: str) -> Submission | None:
    """Take a queued submission (or one whose judging deadline passed). None if not claimable."""
    now = timezone.now()
    claimable = Q(status=Status.QUEUED) | Q(status__in=RUNNING_STATUSES, deadline__lt=now)
    updated = (
        Submission.objects.filter(pk=submission_id)
        .filter(claimable)
        .update(
            status=Status.COMPILING,
            attempt=F("attempt") + 1,
            worker_name=worker_name[:200],
            started_at=now,
            progress=[],
            deadline=now + timedelta(seconds=settings.KJ_RUNNING_STALE_S),
        )
    )
    if not updated:
        return None
    submission = Submission.objects.select_related("problem").get(pk=submission_id)
    log.info(
        "claimed submission %s (attempt %s)", submission_id, submission.attempt,
        extra={"submission_id": submission_id, "attempt": submission.attempt,
               "worker": worker_name, "device_kind": submission.device_kind,
               "user_id": submission.user_id, "phase": "claimed"},
    )  # fmt: skip
    return submission


def judging_claim_next(submission_id: int, *, worker_name: str) -> Submission | None:
    """What a judging task claims. Fair scheduling on: the queued submission of the least
    recently served user on the same device kind as `submission_id` (every queued row has a
    task in the broker, so whichever row a task takes, each row is taken by some task); then
    `submission_id` itself if it is claimable (e.g. its judging deadline passed). Off: just
    `submission_id`. None if there is nothing to judge."""
    if settings.KJ_FAIR_SCHEDULING:
        kind = (
            Submission.objects.filter(pk=submission_id)
            .values_list("device_kind", flat=True)
            .first()
        )
        if kind is not None:
            for _ in range(3):  # other workers may win the race for the first candidates
                candidates = submissions_queued_fair_order(kind)[:FAIR_CLAIM_CANDIDATES]
                ids = list(candidates.values_list("pk", flat=True))
                if not ids:
                    break
                for pk in ids:
                    claimed = judging_claim(pk, worker_name=worker_name)
                    if claimed is not None:
                        return claimed
    return judging_claim(submission_id, worker_name=worker_name)
