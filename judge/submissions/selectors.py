"""Reads of submissions: a user's own, one as its viewer may see it, what is pending, which
problems a user solved and a user's counts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Min, QuerySet

from judge.models import Mode, Status, Submission, Verdict
from problems.models import Problem


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


def submissions_pending_count() -> int:
    return Submission.objects.exclude(status__in=(Status.DONE, Status.CANCELLED)).count()


def problems_solved_by(user: Any) -> set[int]:
    """Ids of problems the user has an accepted submit on."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Submission.objects.filter(
            user=user, verdict=Verdict.ACCEPTED, mode=Mode.SUBMIT, validation=False
        )
        .values_list("problem_id", flat=True)
        .distinct()
    )


def problems_first_solved_at(user: Any) -> dict[int, datetime | None]:
    """Problem id -> when the user's first accepted submit on it finished (live, not cached)."""
    if not getattr(user, "is_authenticated", False):
        return {}
    rows = (
        Submission.objects.filter(
            user=user, verdict=Verdict.ACCEPTED, mode=Mode.SUBMIT, validation=False
        )
        .order_by()
        .values("problem_id")
        .annotate(first=Min("finished_at"))
    )
    return {row["problem_id"]: row["first"] for row in rows}


@dataclass(frozen=True)
class UserStats:
    submissions: int
    accepted: int
    solved: int


def user_stats(user: Any) -> UserStats:
    rows = Submission.objects.filter(user=user, validation=False)
    accepted = rows.filter(verdict=Verdict.ACCEPTED)
    return UserStats(
        submissions=rows.count(),
        accepted=accepted.count(),
        solved=accepted.filter(mode=Mode.SUBMIT).values("problem_id").distinct().count(),
    )
