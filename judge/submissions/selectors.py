"""Reads of submissions: a user's own, one as its viewer may see it, what is pending, which
problems a user solved and a user's counts."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import connection
from django.db.models import Min, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from judge.models import Mode, Status, Submission, SubmitsVersion, Verdict
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


# What a contest reads of a submission (its quotas: contests.services.participation).
CONTEST_FIELDS = (
    "id",
    "user_id",
    "problem_id",
    "device_kind",
    "language",
    "status",
    "verdict",
    "score",
    "created_at",
)


def submissions_for_contest(
    *, user_ids: list[int], problem_ids: list[int], start: Any, end: Any
) -> QuerySet:
    """The timed submits (mode submit) of these users on these problems made in [start, end),
    oldest first, as dicts of CONTEST_FIELDS: what a contest counts. Cancelled ones, the
    admin's validation jobs and submissions a moderator hid are left out."""
    return (
        Submission.objects.filter(
            user_id__in=user_ids,
            problem_id__in=problem_ids,
            created_at__gte=start,
            created_at__lt=end,
            mode=Mode.SUBMIT,
            validation=False,
            hidden_from_leaderboard=False,
        )
        .exclude(status=Status.CANCELLED)
        .order_by("created_at", "id")
        .values(*CONTEST_FIELDS)
    )


# What a contest's board reads of a submission (contests.selectors.board_compute), in this
# order: contest_submission_rows.
CONTEST_ROW = (
    "id",
    "user_id",
    "problem_id",
    "device_kind",
    "status",
    "verdict",
    "score",
    "created_at",
)


def contest_submission_rows(
    *,
    user_ids: Iterable[int] | QuerySet,
    problem_ids: Iterable[int] | QuerySet,
    start: datetime,
    end: datetime,
    devices: Iterable[str],
    languages: Iterable[str] = (),
    excluded: Iterable[int] | QuerySet | None = None,
) -> list[tuple]:
    """What submissions_for_contest gives, on these devices and (if any are named) in these
    languages, less the `excluded` ids, as tuples of CONTEST_ROW, oldest first: the board's
    read, a row per submission, so it is made cheap. The time is read as text and parsed
    here: the ORM's conversion of each row's time was most of the read's cost."""
    rows = submissions_for_contest(user_ids=user_ids, problem_ids=problem_ids, start=start, end=end)
    rows = rows.filter(device_kind__in=list(devices))
    if languages:
        rows = rows.filter(language__in=list(languages))
    if excluded is not None:
        rows = rows.exclude(pk__in=excluded)
    moment = _moment_parser()
    return [
        (*row[:-1], moment(row[-1]))
        for row in rows.annotate(made=Cast("created_at", TextField())).values_list(
            *CONTEST_ROW[:-1], "made"
        )
    ]


def _moment_parser() -> Callable[[str], datetime]:
    """Parses a stored time read as text: with its offset where the database keeps zones,
    else in the zone it stores times in (UTC unless DATABASES sets another)."""
    if connection.features.supports_timezones:
        return datetime.fromisoformat
    zone = connection.timezone
    if zone.utcoffset(None) == timedelta(0):
        return lambda text: datetime.fromisoformat(text + "+00:00")
    return lambda text: timezone.make_aware(datetime.fromisoformat(text), zone)


def submits_versions(problem_ids: Iterable[int] | QuerySet) -> tuple[tuple[int, int], ...]:
    """(problem id, its SubmitsVersion) for each of these problems (ids, or a query of
    them) whose timed submits ever changed, in id order: it moves with every write that
    changes one of them (judge.submissions.services.submits_version_bump)."""
    rows = SubmitsVersion.objects.filter(problem_id__in=problem_ids).order_by("problem_id")
    return tuple(rows.values_list("problem_id", "version"))


def reference_ms_of(submission_ids: list[int]) -> dict[int, float]:
    """Each submission's reference time in its own run: the geometric mean of its benchmark
    cases' reference medians (the same cases its score is the geometric mean of); left out
    where a case has no reference time."""
    found: dict[int, float] = {}
    rows = Submission.objects.filter(pk__in=submission_ids).values_list("id", "result")
    for pk, result in rows.iterator(chunk_size=500):
        cases = ((result or {}).get("benchmark") or {}).get("cases") or []
        times = [c.get("reference_median_ms") for c in cases if isinstance(c, dict)]
        if times and all(isinstance(t, (int, float)) and t > 0 for t in times):
            found[pk] = math.exp(sum(math.log(t) for t in times) / len(times))
    return found


def submission_sources(submission_ids: list[int]) -> dict[int, str]:
    return dict(Submission.objects.filter(pk__in=submission_ids).values_list("id", "source"))


def solved_counts(*, user_ids: list[int], problem_ids: list[int]) -> dict[int, tuple[int, Any]]:
    """user id -> (how many of these problems the user has an accepted submit on, when the
    last of those first acceptances was made)."""
    firsts = (
        Submission.objects.filter(
            user_id__in=user_ids,
            problem_id__in=problem_ids,
            verdict=Verdict.ACCEPTED,
            mode=Mode.SUBMIT,
            validation=False,
        )
        .values("user_id", "problem_id")
        .annotate(first=Min("created_at"))
    )
    found: dict[int, tuple[int, Any]] = {}
    for row in firsts:
        count, last = found.get(row["user_id"], (0, None))
        found[row["user_id"]] = (count + 1, max(filter(None, (last, row["first"]))))
    return found
