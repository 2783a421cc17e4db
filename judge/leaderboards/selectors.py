"""Reads of the leaderboards: a problem's board (pages, one user's entry, a summary with a
score histogram), the default device of a problem's board, a submission's rank and the global
ranking. Every board is an ordered scan of LeaderboardBest (docs/performance.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import Count, Max, Min, Q, QuerySet, Sum

from judge.cache import cached_stale_while_refresh, cached_while
from judge.leaderboards.histogram import (
    ScoreHistogram,
    histogram_bounds,
    histogram_edges,
    histogram_from_cumulative,
)
from judge.models import LeaderboardBest, Mode, Submission, Verdict
from problems.models import Problem
from problems.selectors import problems_published


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int
    percentile: float  # share of ranked users this entry is at least as fast as, in percent
    total: int  # how many users rank on the board
    user_id: int
    username: str
    submission_id: int
    score_ms: float
    language: str
    created_at: datetime


BOARD_ORDER = ("score", "submitted_at", "submission_id")


def _board(problem_id: int, device_kind: str, language: str | None) -> QuerySet[LeaderboardBest]:
    return LeaderboardBest.objects.filter(
        problem_id=problem_id, device_kind=device_kind, language=language or ""
    )


def leaderboard_size(problem: Problem, device_kind: str, language: str | None = None) -> int:
    """How many users rank on the board."""
    return _board(problem.pk, device_kind, language).count()


def _entry(row: tuple, rank: int, total: int) -> LeaderboardEntry:
    user_id, username, submission_id, score, language, created_at = row
    return LeaderboardEntry(
        rank=rank,
        percentile=round(100.0 * (total - rank + 1) / total, 2),
        total=total,
        user_id=user_id,
        username=username,
        submission_id=submission_id,
        score_ms=score,
        language=language,
        created_at=created_at,
    )


ENTRY_FIELDS = (
    "user_id",
    "user__username",
    "submission_id",
    "score",
    "solution_language",
    "submitted_at",
)


def leaderboard_page(
    problem: Problem,
    device_kind: str,
    language: str | None = None,
    offset: int = 0,
    limit: int | None = None,
    *,
    total: int | None = None,
) -> list[LeaderboardEntry]:
    """Entries offset..offset+limit of the board: each user's best (lowest geomean ms)
    rankable submit; equal scores share a rank (1, 2, 2, 4) and the earlier submission is
    listed first. An ordered scan of LeaderboardBest (`total`: the board's size if known)."""
    board = _board(problem.pk, device_kind, language)
    if total is None:
        total = board.count()
    if not total or offset >= total:
        return []
    rows = list(
        board.order_by(*BOARD_ORDER).values_list(*ENTRY_FIELDS)[
            offset : None if limit is None else offset + limit
        ]
    )
    if not rows:
        return []
    # The first row's rank counts the faster users before it; the others follow from it.
    rank = 1 + (board.filter(score__lt=rows[0][3]).count() if offset else 0)
    entries = [_entry(rows[0], rank, total)]
    for index in range(1, len(rows)):
        if rows[index][3] != rows[index - 1][3]:
            rank = offset + index + 1
        entries.append(_entry(rows[index], rank, total))
    return entries


def leaderboard_entry_of(
    problem: Problem,
    device_kind: str,
    language: str | None,
    user_id: int | None,
    *,
    total: int | None = None,
) -> LeaderboardEntry | None:
    """The user's entry on the board, if they rank there."""
    if user_id is None:
        return None
    board = _board(problem.pk, device_kind, language)
    row = board.filter(user_id=user_id).values_list(*ENTRY_FIELDS).first()
    if row is None:
        return None
    if total is None:
        total = board.count()
    return _entry(row, 1 + board.filter(score__lt=row[3]).count(), total)


def leaderboard_for_problem(
    problem: Problem, device_kind: str, language: str | None = None
) -> list[LeaderboardEntry]:
    """The whole board (see leaderboard_page)."""
    return leaderboard_page(problem, device_kind, language)


class LeaderboardRows(Sequence):
    """A board as a lazy sequence for a paginator: count() and slices are queries."""

    def __init__(self, problem: Problem, device_kind: str, language: str | None) -> None:
        self.problem, self.device_kind, self.language = problem, device_kind, language
        self._total: int | None = None

    def count(self) -> int:
        if self._total is None:
            self._total = leaderboard_size(self.problem, self.device_kind, self.language)
        return self._total

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index):  # type: ignore[override]
        if not isinstance(index, slice):
            page = self[index : index + 1]
            if not page:
                raise IndexError(index)
            return page[0]
        start, stop, step = index.indices(self.count())
        if step != 1:
            raise ValueError("a leaderboard slice has step 1")
        return leaderboard_page(
            self.problem, self.device_kind, self.language, start, max(0, stop - start),
            total=self.count(),
        )  # fmt: skip


def leaderboard_summary(
    problem: Problem, device_kind: str, language: str | None = None, bins: int = 11
) -> tuple[int, ScoreHistogram | None]:
    """The board's size and score_histogram over all its entries, counted in the database:
    the fastest and slowest from the ends of the board's index, then one scan counting the
    entries below each bin edge (instead of shipping every score to Python)."""
    board = _board(problem.pk, device_kind, language)
    positive = board.filter(score__gt=0)
    span = positive.aggregate(fastest=Min("score"), slowest=Max("score"))
    if span["fastest"] is None:
        return board.count(), None
    lo, hi = histogram_bounds(span["fastest"], span["slowest"])
    edges = histogram_edges(lo, hi, bins)
    # Counting `score` (never null), not the id: the scan then needs only the board's index.
    below = {f"below{i}": Count("score", filter=Q(score__lt=e)) for i, e in enumerate(edges)}
    found = board.aggregate(size=Count("*"), total=Count("score", filter=Q(score__gt=0)), **below)
    cumulative = [found[f"below{i}"] for i in range(len(edges))] + [found["total"]]
    histogram = histogram_from_cumulative(
        cumulative, below_all=found["size"] - found["total"], bounds=(lo, hi),
        fastest=span["fastest"], slowest=span["slowest"],
    )  # fmt: skip
    return found["size"], histogram


def submission_rank(submission: Submission) -> LeaderboardEntry | None:
    """The leaderboard entry (problem x device, all languages) this submission holds, if it
    is its user's best rankable submit."""
    if submission.verdict != Verdict.ACCEPTED or submission.mode != Mode.SUBMIT:
        return None
    held = LeaderboardBest.objects.filter(
        submission_id=submission.pk, language="", device_kind=submission.device_kind
    ).exists()
    if not held:
        return None
    return leaderboard_entry_of(
        submission.problem, submission.device_kind, None, submission.user_id
    )


def leaderboard_default_device(problem: Problem) -> str:
    """The device kind with the most ranked users on this problem; 'cpu' when none. Cached
    for KJ_LEADERBOARD_CACHE_S seconds, stale-while-refresh (5 ms at 20,000 entries, and a
    default that is seconds old is harmless)."""
    problem_id = problem.pk
    return cached_stale_while_refresh(
        f"kj:leaderboard_default_device:{problem_id}",
        settings.KJ_LEADERBOARD_CACHE_S,
        lambda: _leaderboard_default_device_query(problem_id),
    )


def _leaderboard_default_device_query(problem_id: int) -> str:
    row = (
        LeaderboardBest.objects.filter(problem_id=problem_id, language="")
        .values("device_kind")
        .annotate(n=Count("pk"))
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


# Per user: problems with a ranked entry, and the sum over them of the best rank the user
# holds on any device's board of that problem (window functions: PostgreSQL, SQLite 3.25+).
GLOBAL_RANKS_SQL = """
SELECT r.user_id, u.username, COUNT(*) AS solved, SUM(r.best) AS rank_sum FROM (
    SELECT b.user_id, b.problem_id, MIN(b.board_rank) AS best FROM (
        SELECT user_id, problem_id,
               RANK() OVER (PARTITION BY problem_id, device_kind ORDER BY score) AS board_rank
        FROM judge_leaderboardbest
        WHERE language = '' AND problem_id IN (SELECT id FROM problems_problem WHERE published)
    ) AS b
    GROUP BY b.user_id, b.problem_id
) AS r JOIN auth_user u ON u.id = r.user_id
GROUP BY r.user_id, u.username
ORDER BY solved DESC, rank_sum, u.username
"""


GLOBAL_CACHE_KEY = "kj:leaderboard_global:v3"


def leaderboard_global() -> list[GlobalLeaderboardEntry]:
    """Users ranked by problems solved (a ranked entry), then by the sum over solved problems
    of their best rank on any device's leaderboard of that problem (lower first). It ranks
    every board, so it is cached in this process, but only while the boards are unchanged:
    a cheap stamp of them (entries, score sum, newest entry, published problems) is read on
    every call, and a new solve, a better time or a hidden entry shows at once (with
    KJ_LEADERBOARD_CACHE_S 0: recomputed every time)."""
    if settings.KJ_LEADERBOARD_CACHE_S <= 0:
        return _leaderboard_global_query()
    return cached_while(GLOBAL_CACHE_KEY, _leaderboard_global_stamp(), _leaderboard_global_query)


def _leaderboard_global_stamp() -> tuple:
    boards = LeaderboardBest.objects.filter(language="").aggregate(
        n=Count("score"), score_sum=Sum("score"), newest=Max("pk"), changed=Max("submission_id")
    )
    published = problems_published().aggregate(n=Count("pk"), newest=Max("pk"))
    return (*boards.values(), *published.values())


def _leaderboard_global_query() -> list[GlobalLeaderboardEntry]:
    with connection.cursor() as cursor:
        cursor.execute(GLOBAL_RANKS_SQL)
        rows = cursor.fetchall()
    entries: list[GlobalLeaderboardEntry] = []
    for index, (user_id, username, solved, rank_sum) in enumerate(rows):
        prev = rows[index - 1] if index else None
        same = prev is not None and (prev[2], prev[3]) == (solved, rank_sum)
        rank = entries[-1].rank if same else index + 1
        entries.append(GlobalLeaderboardEntry(rank, user_id, username, solved, int(rank_sum)))
    return entries
