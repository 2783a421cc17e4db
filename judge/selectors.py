"""Reads of the judging domain: leaderboards, a user's submissions, problem stats."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.utils import timezone

from judge.models import Mode, Status, Submission, Verdict, Worker
from problems.models import Problem


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int
    percentile: float  # share of ranked users this entry is at least as fast as, in percent
    user_id: int
    username: str
    submission_id: int
    score_ms: float
    language: str
    created_at: datetime


def leaderboard_for_problem(
    problem: Problem, device_kind: str, language: str | None = None
) -> list[LeaderboardEntry]:
    """Each user's best (lowest geomean ms) accepted submit; ties share a rank and the
    earlier submission is listed first."""
    rows = Submission.objects.filter(
        problem=problem,
        device_kind=device_kind,
        mode=Mode.SUBMIT,
        verdict=Verdict.ACCEPTED,
        score__isnull=False,
        hidden_from_leaderboard=False,
    )
    if language:
        rows = rows.filter(language=language)
    rows = rows.order_by("score", "created_at", "pk").values_list(
        "user_id", "user__username", "pk", "score", "language", "created_at"
    )
    best: list[tuple] = []
    seen: set[int] = set()
    for row in rows:
        if row[0] not in seen:
            seen.add(row[0])
            best.append(row)
    total = len(best)
    entries: list[LeaderboardEntry] = []
    rank = 0
    for index, (user_id, username, pk, score, lang, created_at) in enumerate(best):
        if index == 0 or score != best[index - 1][3]:
            rank = index + 1
        slower_or_equal = total - rank + 1
        entries.append(
            LeaderboardEntry(
                rank=rank,
                percentile=round(100.0 * slower_or_equal / total, 2),
                user_id=user_id,
                username=username,
                submission_id=pk,
                score_ms=score,
                language=lang,
                created_at=created_at,
            )
        )
    return entries


def submissions_for_user(user: Any, problem: Problem | None = None) -> QuerySet[Submission]:
    rows = Submission.objects.filter(user=user).select_related("problem")
    if problem is not None:
        rows = rows.filter(problem=problem)
    return rows.order_by("-created_at", "-pk")


def submission_visible_to(user: Any, submission_id: int) -> Submission | None:
    rows = Submission.objects.select_related("problem", "user").filter(pk=submission_id)
    if not getattr(user, "is_staff", False):
        rows = rows.filter(user_id=getattr(user, "pk", None))
    return rows.first()


def problem_list_with_stats() -> QuerySet[Problem]:
    """Published problems with submission counts and how many users solved each."""
    solved = Q(submission__verdict=Verdict.ACCEPTED, submission__mode=Mode.SUBMIT)
    return (
        Problem.objects.filter(published=True)
        .annotate(
            submission_count=Count("submission", distinct=True),
            solved_by=Count("submission__user", filter=solved, distinct=True),
        )
        .order_by("slug")
    )


def device_kinds_live() -> list[str]:
    since = timezone.now() - timedelta(seconds=settings.KJ_WORKER_LIVE_S)
    kinds = Worker.objects.filter(last_heartbeat__gte=since).values_list("device_kind", flat=True)
    return sorted(set(kinds) | {"cpu"})


def submissions_pending_count() -> int:
    return Submission.objects.exclude(status=Status.DONE).count()


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
