"""Reads of the judging domain: leaderboards, a user's submissions, problem stats."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection
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
    problem: Problem, device_kind: str, language: str | None = None, *, fresh: bool = False
) -> list[LeaderboardEntry]:
    """Each user's best (lowest geomean ms) accepted submit; ties share a rank and the
    earlier submission is listed first. Cached for KJ_LEADERBOARD_CACHE_S seconds,
    stale-while-refresh (at 10,000 ranked users building the list takes ~0.4 s of CPU;
    docs/performance.md); `fresh` bypasses the cache."""
    problem_id = problem.pk

    def compute() -> list[LeaderboardEntry]:
        return _leaderboard_compute(problem_id, device_kind, language)

    if fresh:
        return compute()
    key = f"kj:leaderboard:v1:{problem_id}:{device_kind}:{language or ''}"
    return list(cached_stale_while_refresh(key, settings.KJ_LEADERBOARD_CACHE_S, compute))


def _leaderboard_compute(
    problem_id: int, device_kind: str, language: str | None
) -> list[LeaderboardEntry]:
    rows = Submission.objects.filter(
        problem_id=problem_id,
        device_kind=device_kind,
        mode=Mode.SUBMIT,
        verdict=Verdict.ACCEPTED,
        score__isnull=False,
        hidden_from_leaderboard=False,
        validation=False,
    )
    if language:
        rows = rows.filter(language=language)
    fields = ("user_id", "user__username", "pk", "score", "language", "created_at")
    best: list[tuple] = []
    if connection.vendor == "postgresql":
        # DISTINCT ON (user) over the partial index submission_best_per_user: one row per
        # user leaves the database instead of every accepted submit (docs/performance.md).
        rows = rows.order_by("user_id", "score", "created_at", "pk").distinct("user_id")
        best = sorted(rows.values_list(*fields), key=lambda r: (r[3], r[5], r[2]))
    else:
        seen: set[int] = set()
        for row in rows.order_by("score", "created_at", "pk").values_list(*fields):
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


PROBLEM_STATS_CACHE_KEY = "kj:problem_submission_stats:v2"
_refresh_lock = threading.Lock()
_refreshing: set[str] = set()


# Process-local: values are used as they are, without the pickling a Django cache does (that
# alone cost 100 ms for a leaderboard of 10,000 users). Every web process keeps its own copy.
_local_cache: dict[str, tuple[float, Any]] = {}
LOCAL_CACHE_MAX_KEYS = 1000


def _refresh_in_background(key: str, compute: Any) -> None:
    """Recompute a cached value in a background thread of this process (one per key at a
    time); requests meanwhile get the stale value."""
    with _refresh_lock:
        if key in _refreshing:
            return
        _refreshing.add(key)

    def work() -> None:
        try:
            _local_cache[key] = (time.monotonic(), compute())
        except Exception:  # noqa: BLE001 - the stale value stays; a later request retries
            logging.getLogger("judge.selectors").exception("refreshing %s failed", key)
        finally:
            connection.close()
            with _refresh_lock:
                _refreshing.discard(key)

    threading.Thread(target=work, name="kj-cache-refresh", daemon=True).start()


def cached_stale_while_refresh(key: str, ttl: int, compute: Any) -> Any:
    """compute() cached in this process for `ttl` seconds; past that the old value is still
    served while one background thread recomputes it, so no request waits for a slow query
    once a first value exists. ttl <= 0: compute() every time (the tests)."""
    if ttl <= 0:
        return compute()
    entry = _local_cache.get(key)
    if entry is None:
        value = compute()
        if len(_local_cache) >= LOCAL_CACHE_MAX_KEYS:
            _local_cache.clear()
        _local_cache[key] = (time.monotonic(), value)
        return value
    computed_at, value = entry
    if time.monotonic() - computed_at > ttl:
        _refresh_in_background(key, compute)
    return value


def _problem_submission_stats_query() -> dict[int, dict[str, int]]:
    accepted = Q(mode=Mode.SUBMIT, verdict=Verdict.ACCEPTED)
    rows = (
        Submission.objects.order_by()
        .values("problem_id")
        .annotate(
            submission_count=Count("pk"),
            solved_by=Count("user_id", filter=accepted, distinct=True),
            judged_count=Count("pk", filter=Q(mode=Mode.SUBMIT, status=Status.DONE)),
            accepted_count=Count("pk", filter=accepted),
        )
    )
    return {row.pop("problem_id"): row for row in rows}


def problem_submission_stats() -> dict[int, dict[str, int]]:
    """Per problem id: submission_count, solved_by (users with an accepted submit),
    judged_count (finished submits) and accepted_count (accepted submits), from one grouped
    scan of the submissions table. At a million rows the scan takes seconds, so it is cached
    for KJ_STATS_CACHE_S seconds, stale-while-refresh (docs/performance.md)."""
    return cached_stale_while_refresh(
        PROBLEM_STATS_CACHE_KEY, settings.KJ_STATS_CACHE_S, _problem_submission_stats_query
    )


def problem_list_with_stats() -> list[Problem]:
    """Published problems (by slug) with `submission_count`, `solved_by`, `judged_count` and
    `accepted_count` set from problem_submission_stats()."""
    stats = problem_submission_stats()
    zero = {"submission_count": 0, "solved_by": 0, "judged_count": 0, "accepted_count": 0}
    # The spec (reference source, explicit test values), statement and starters are large
    # JSON/text that no list shows; loading them for every problem cost ~70 ms a request.
    rows = Problem.objects.filter(published=True).defer("spec", "statement", "starters")
    problems = list(rows.order_by("slug"))
    for problem in problems:
        for key, value in stats.get(problem.pk, zero).items():
            setattr(problem, key, value)
    return problems


def device_kinds_live() -> list[str]:
    since = timezone.now() - timedelta(seconds=settings.KJ_WORKER_LIVE_S)
    kinds = Worker.objects.filter(last_heartbeat__gte=since).values_list("device_kind", flat=True)
    return sorted(set(kinds) | {"cpu"})


def submissions_pending_count() -> int:
    return Submission.objects.exclude(status__in=(Status.DONE, Status.CANCELLED)).count()


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


# --- API reads (docs/api.md) ----------------------------------------------------------------


def problems_solved_by(user: Any) -> set[int]:
    """Ids of problems the user has an accepted submit on."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Submission.objects.filter(user=user, verdict=Verdict.ACCEPTED, mode=Mode.SUBMIT)
        .values_list("problem_id", flat=True)
        .distinct()
    )


def problem_list_for_api(
    difficulty: str | None = None, tag: str | None = None, search: str | None = None
) -> list[Problem]:
    """Published problems (filtered) with `submission_count`, `solved_by`, `accepted_count`
    and `judged_count` (submits with a verdict) annotated; `acceptance_rate` is
    accepted/judged submits, None before the first."""
    problems = problem_list_with_stats()
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


def submission_rank(submission: Submission) -> LeaderboardEntry | None:
    """The leaderboard entry (problem x device, all languages) this submission holds, if it
    is its user's best accepted submit."""
    if submission.verdict != Verdict.ACCEPTED or submission.mode != Mode.SUBMIT:
        return None
    for entry in leaderboard_for_problem(submission.problem, submission.device_kind, fresh=True):
        if entry.submission_id == submission.pk:
            return entry
    return None


def leaderboard_default_device(problem: Problem) -> str:
    """The device kind with the most ranked users on this problem; 'cpu' when none. Cached
    like the leaderboards (a count over every accepted submit of the problem)."""
    problem_id = problem.pk
    return cached_stale_while_refresh(
        f"kj:leaderboard_default_device:{problem_id}",
        settings.KJ_LEADERBOARD_CACHE_S,
        lambda: _leaderboard_default_device_query(problem_id),
    )


def _leaderboard_default_device_query(problem_id: int) -> str:
    row = (
        Submission.objects.filter(
            problem_id=problem_id,
            mode=Mode.SUBMIT,
            verdict=Verdict.ACCEPTED,
            score__isnull=False,
            hidden_from_leaderboard=False,
            validation=False,
        )
        .values("device_kind")
        .annotate(n=Count("user", distinct=True))
        .order_by("-n", "device_kind")
        .first()
    )
    return row["device_kind"] if row else "cpu"


@dataclass(frozen=True)
class GlobalLeaderboardEntry:
    rank: int
    user_id: int
    username: str
    solved: int
    rank_sum: int


def leaderboard_global() -> list[GlobalLeaderboardEntry]:
    """Users ranked by problems solved (an accepted submit), then by the sum over solved
    problems of their best rank on any device's leaderboard of that problem (lower first)."""
    pairs = (
        Submission.objects.filter(
            mode=Mode.SUBMIT,
            verdict=Verdict.ACCEPTED,
            score__isnull=False,
            hidden_from_leaderboard=False,
            validation=False,
            problem__published=True,
        )
        .values_list("problem_id", "device_kind")
        .distinct()
    )
    problems = {p.pk: p for p in Problem.objects.filter(published=True)}
    best: dict[int, dict[int, int]] = {}  # user -> problem -> best rank
    names: dict[int, str] = {}
    for problem_id, kind in set(pairs):
        for entry in leaderboard_for_problem(problems[problem_id], kind):
            names[entry.user_id] = entry.username
            ranks = best.setdefault(entry.user_id, {})
            ranks[problem_id] = min(ranks.get(problem_id, entry.rank), entry.rank)
    rows = sorted(
        ((len(r), sum(r.values()), names[u], u) for u, r in best.items()),
        key=lambda t: (-t[0], t[1], t[2]),
    )
    entries: list[GlobalLeaderboardEntry] = []
    for index, (solved, rank_sum, username, user_id) in enumerate(rows):
        prev = rows[index - 1] if index else None
        rank = entries[-1].rank if prev and prev[:2] == (solved, rank_sum) else index + 1
        entries.append(GlobalLeaderboardEntry(rank, user_id, username, solved, rank_sum))
    return entries


@dataclass(frozen=True)
class DeviceInfo:
    kind: str
    live_workers: int
    gpu_models: list[str]
    queue_depth: int


def devices_live() -> list[DeviceInfo]:
    """Device kinds with a live worker (the CPU always listed), workers and queued work."""
    since = timezone.now() - timedelta(seconds=settings.KJ_WORKER_LIVE_S)
    workers: dict[str, list[Worker]] = {}
    for worker in Worker.objects.filter(last_heartbeat__gte=since):
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
        )
        for kind in kinds
    ]


@dataclass(frozen=True)
class UserStats:
    submissions: int
    accepted: int
    solved: int


def user_stats(user: Any) -> UserStats:
    rows = Submission.objects.filter(user=user)
    accepted = rows.filter(verdict=Verdict.ACCEPTED)
    return UserStats(
        submissions=rows.count(),
        accepted=accepted.count(),
        solved=accepted.filter(mode=Mode.SUBMIT).values("problem_id").distinct().count(),
    )
