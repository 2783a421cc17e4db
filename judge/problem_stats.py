"""The problem list's judging numbers: per problem, submissions, users who solved it, judged
and accepted submits (one grouped scan, cached), filters and sorts of the list."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db.models import Count, Q
from django.utils import timezone

from judge.cache import cached_stale_while_refresh
from judge.models import Mode, Status, Submission, Verdict
from problems.models import Problem
from problems.selectors import CONTENT_FIELDS, problems_published

PROBLEM_STATS_CACHE_KEY = "kj:problem_submission_stats:v3"


def _problem_submission_stats_query() -> tuple[datetime, dict[int, dict[str, int]]]:
    """(when the scan began, the counts): a submission finished before that time is counted."""
    began = timezone.now()
    accepted = Q(mode=Mode.SUBMIT, verdict=Verdict.ACCEPTED)
    # Counting user_id (never null), not the id, lets PostgreSQL answer from the index
    # submission_stats_judged alone (0.35 s at a million rows here, instead of a parallel scan of
    # the whole table: 0.85 s on three processes); the index is partial, over the rows that
    # are not validation jobs (the admin's Validate runs are no solves and no attempts).
    rows = (
        Submission.objects.filter(validation=False)
        .order_by()
        .values("problem_id")
        .annotate(
            submission_count=Count("user_id"),
            solved_by=Count("user_id", filter=accepted, distinct=True),
            judged_count=Count("user_id", filter=Q(mode=Mode.SUBMIT, status=Status.DONE)),
            accepted_count=Count("user_id", filter=accepted),
        )
    )
    return began, {row.pop("problem_id"): row for row in rows}


def _problem_submission_stats_dated() -> tuple[datetime, dict[int, dict[str, int]]]:
    return cached_stale_while_refresh(
        PROBLEM_STATS_CACHE_KEY, settings.KJ_STATS_CACHE_S, _problem_submission_stats_query
    )


def problem_submission_stats() -> dict[int, dict[str, int]]:
    """Per problem id: submission_count, solved_by (users with an accepted submit),
    judged_count (finished submits) and accepted_count (accepted submits), from one grouped
    scan of the submissions table. At a million rows the scan takes seconds, so it is cached
    for KJ_STATS_CACHE_S seconds, stale-while-refresh (docs/performance.md)."""
    return _problem_submission_stats_dated()[1]


def problem_list_with_stats(
    viewer_solves: dict[int, datetime | None] | None = None,
) -> list[Problem]:
    """Published problems (by slug) with `submission_count`, `solved_by`, `judged_count` and
    `accepted_count` set from problem_submission_stats(). `viewer_solves` (problem id -> when
    the viewer's first accepted submit finished, live) counts the viewer's own solve where the
    cached counts predate it: a ✓ never stands beside "Solved by 0"."""
    counted_at, stats = _problem_submission_stats_dated()
    zero = {"submission_count": 0, "solved_by": 0, "judged_count": 0, "accepted_count": 0}
    # The spec (reference source, explicit test values), statement and starters are large
    # JSON/text that no list shows; loading them for every problem cost ~70 ms a request.
    problems = list(problems_published().defer(*CONTENT_FIELDS))
    for problem in problems:
        for key, value in stats.get(problem.pk, zero).items():
            setattr(problem, key, value)
        solved_at = (viewer_solves or {}).get(problem.pk)
        if solved_at is not None and solved_at >= counted_at:
            problem.solved_by += 1
    return problems


def problem_list_for_api(
    difficulty: str | None = None,
    tag: str | None = None,
    search: str | None = None,
    *,
    viewer_solves: dict[int, datetime | None] | None = None,
) -> list[Problem]:
    """Published problems (filtered) with `submission_count`, `solved_by`, `accepted_count`
    and `judged_count` (submits with a verdict) annotated; `acceptance_rate` is
    accepted/judged submits, None before the first. `viewer_solves`: as for
    problem_list_with_stats."""
    problems = problem_list_with_stats(viewer_solves)
    if difficulty:
        problems = [p for p in problems if p.difficulty == difficulty]
    if search:
        needle = search.casefold()
        problems = [
            p for p in problems if needle in p.title.casefold() or needle in p.slug.casefold()
        ]
    if tag:  # tags is a JSON list; filtered here so SQLite and PostgreSQL agree
        problems = [p for p in problems if tag in (p.tags or [])]
    for p in problems:
        p.acceptance_rate = round(p.accepted_count / p.judged_count, 4) if p.judged_count else None
    return problems


DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2}
PROBLEM_SORTS = {
    # key: (label, sort key, reversed); ties by title. Title is the default: the list shows
    # titles, so sorting by the hidden slug looked random ("Matrix Copy" before "GEMM").
    "title": ("Title", lambda p: p.title.casefold(), False),
    "difficulty": ("Difficulty", lambda p: DIFFICULTY_ORDER.get(p.difficulty, 9), False),
    "acceptance": ("Acceptance", lambda p: -1 if p.acceptance_rate is None else p.acceptance_rate, True),
    "solved_by": ("Solved by", lambda p: p.solved_by, True),
}  # fmt: skip


def problem_list_sorted(
    problems: list[Problem],
    *,
    sort: str = "title",
    descending: bool = False,
    solved_ids: set[int] | None = None,
    solved: str = "",
) -> list[Problem]:
    """The problem list (as problem_list_for_api gives it) sorted by one of PROBLEM_SORTS
    (`descending` flips that sort's natural order) and, for a signed-in user, filtered by
    `solved` ("yes": only solved, "no": only unsolved)."""
    if solved_ids is not None and solved in ("yes", "no"):
        problems = [p for p in problems if (p.pk in solved_ids) == (solved == "yes")]
    _, key, natural_reverse = PROBLEM_SORTS.get(sort, PROBLEM_SORTS["title"])
    problems = sorted(problems, key=lambda p: p.title.casefold())
    return sorted(problems, key=key, reverse=natural_reverse != descending)
