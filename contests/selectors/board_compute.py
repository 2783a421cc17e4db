"""A contest's boards computed from judge's submissions (judge.submissions.selectors);
contests.selectors.board keeps them.

A submission counts for an entry when one of its members made it, as a timed submit, on one
of the contest's problems, on an allowed device in an allowed language, inside the entry's
window, within the entry's GPU quota, and no organiser disqualified it. While the board is
frozen, what was submitted from the freeze on shows as pending to all but the organisers.
Disqualified entries stay on record and off the board.

Both boards (the participants' and the organisers') come from one read of the submissions,
made in the database's order (created_at, then id) with a fixed number of queries whatever
the number of entries; the scoring rules (contests.scoring) then take each entry's attempts
in one pass."""

from __future__ import annotations

import gc
import json
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from django.utils import timezone

from contests import scoring
from contests.models import Contest, Participation, ParticipationMember, SubmissionDisqualification
from contests.selectors.access import contest_problems
from contests.windows import board_frozen, entry_window, freeze_at
from judge.submissions.selectors import contest_submission_rows, reference_ms_of

_paused_guard = threading.Lock()
_paused = {"under_way": 0, "was_on": True}  # computations under way, the collector before


@dataclass
class Board:
    contest: str
    scoring: str
    frozen: bool  # this view hides what was submitted from `freeze_at` on
    freeze_at: datetime | None
    devices: list[str]
    problems: list[dict]  # label, slug, title, points
    rows: list[dict] = field(default_factory=list)

    @cached_property
    def row_of(self) -> dict[int, dict]:
        """entry id -> its row."""
        return {row["entry"]: row for row in self.rows}

    @cached_property
    def json_head(self) -> str:
        """as_dict() as JSON without its closing brace, encoded once per cached board: the
        API appends the caller's own row (the encoding was most of a poll's cost)."""
        return json.dumps(self.as_dict(), separators=(",", ":"))[:-1]

    def as_dict(self) -> dict:
        return {
            "contest": self.contest,
            "scoring": self.scoring,
            "frozen": self.frozen,
            "freeze_at": self.freeze_at.isoformat() if self.freeze_at else None,
            "devices": self.devices,
            "problems": self.problems,
            "rows": self.rows,
        }


def _entries(contest: Contest) -> list[Participation]:
    rows = Participation.objects.filter(contest=contest, disqualified_at__isnull=True)
    return list(rows.order_by("pk"))


def _members(contest: Contest) -> dict[int, list[tuple[int, str]]]:
    """entry id -> its members' (user id, username), in one query."""
    found: dict[int, list[tuple[int, str]]] = defaultdict(list)
    rows = ParticipationMember.objects.filter(contest=contest).values_list(
        "participation_id", "user_id", "user__username"
    )
    for entry_id, user_id, username in rows:
        found[entry_id].append((user_id, username))
    return found


def _attempts(
    contest: Contest, entries: list[Participation], members: dict, problem_ids: list[int]
) -> dict[int, list[scoring.Attempt]]:
    """entry id -> the attempts that count for it, oldest first (created_at, then id): one
    read of the submissions (devices, languages and disqualified submissions left out by the
    database), then one pass that gives each to its entry (window, GPU quota)."""
    windows = {e.pk: entry_window(contest, e) for e in entries}
    started = [w for w in windows.values() if w is not None]
    # user id -> (entry id, window start, window end) of each of the user's started entries
    by_user: dict[int, list[tuple[int, datetime, datetime]]] = defaultdict(list)
    for e in entries:
        window = windows[e.pk]
        for user_id, _ in members.get(e.pk, []) if window is not None else ():
            by_user[user_id].append((e.pk, *window))
    counted: dict[int, list[scoring.Attempt]] = defaultdict(list)
    if not started or not problem_ids:
        return counted
    rows = contest_submission_rows(
        user_ids=list(by_user),
        problem_ids=problem_ids,
        start=min(w[0] for w in started),
        end=max(w[1] for w in started),
        devices=contest.devices,
        languages=contest.languages,
        excluded=SubmissionDisqualification.objects.filter(contest=contest).values("submission_id"),
    )
    quota = contest.gpu_quota
    gpu_used: dict[int, int] = defaultdict(int)
    for pk, user_id, problem_id, device, status, verdict, score, made in rows:
        for entry_id, start, end in by_user.get(user_id, ()):
            if not start <= made < end:
                continue
            if quota is not None and device != "cpu":
                gpu_used[entry_id] += 1
                if gpu_used[entry_id] > quota:
                    break
            counted[entry_id].append(scoring.Attempt(
                pk, entry_id, problem_id, device, made, status == "done", verdict, score, None
            ))  # fmt: skip
            break
    return counted


def boards_compute(contest: Contest) -> tuple[Board, Board]:
    """(the board as participants see it, the organisers' live board), from one read of the
    submissions: one board for both while it is not frozen."""
    with _collector_paused():
        return _boards_compute(contest)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The interpreter's cycle collector off while boards are computed: they make a few
    objects per submission, which set off full collections of the web process's whole heap
    (a third of the computation's time on 20,000 submissions). Nothing they make forms a
    cycle; the collector is back on after the last computation under way."""
    with _paused_guard:
        if not _paused["under_way"]:
            _paused["was_on"] = gc.isenabled()
            gc.disable()
        _paused["under_way"] += 1
    try:
        yield
    finally:
        with _paused_guard:
            _paused["under_way"] -= 1
            if not _paused["under_way"] and _paused["was_on"]:
                gc.enable()


def _boards_compute(contest: Contest) -> tuple[Board, Board]:
    now = timezone.now()
    problems = contest_problems(contest)
    entries = _entries(contest)
    team = _members(contest)
    counted = _attempts(contest, entries, team, [p.problem_id for p in problems])
    members = {pk: sorted(name for _, name in rows) for pk, rows in team.items()}
    labels = {p.problem_id: p.label for p in problems}
    board_entries = [
        scoring.Entry(e.pk, e.name, e.virtual, (entry_window(contest, e) or (now, now))[0])
        for e in entries
    ]
    problem_list = [
        {"label": p.label, "slug": p.problem.slug, "title": p.problem.title, "points": p.points}
        for p in problems
    ]

    def board(cut: datetime | None) -> Board:
        """The board where what official entries submitted from `cut` on shows as pending."""
        rows = scoring.ranked_rows(
            contest.scoring,
            [(p.problem_id, p.points) for p in problems],
            board_entries,
            counted,
            cut=cut,
            penalty_minutes=contest.penalty_minutes,
            speed_cap=contest.speed_cap,
            references=reference_ms_of if contest.scoring == "speed" else None,
        )
        made = Board(
            contest=contest.slug,
            scoring=contest.scoring,
            frozen=cut is not None,
            freeze_at=freeze_at(contest),
            devices=list(contest.devices),
            problems=problem_list,
        )
        made.rows = [_row_dict(row, members.get(row.entry.id, []), labels) for row in rows]
        return made

    live = board(None)
    if not board_frozen(contest, now):
        return live, live
    return board(freeze_at(contest)), live


def _row_dict(row: scoring.Row, members: list[str], labels: dict[int, str]) -> dict:
    return {
        "rank": row.rank,
        "entry": row.entry.id,
        "name": row.entry.name,
        "members": members,
        "virtual": row.entry.virtual,
        "solved": row.solved,
        "penalty": row.penalty,
        "points": round(row.points, 2),
        "rank_sum": row.rank_sum,
        "cells": {
            labels[pid]: {
                "solved": c.solved,
                "rejected": c.rejected,
                "pending": c.pending,
                "minute": c.minute,
                "points": round(c.points, 2),
                "rank": c.rank,
                "best_ms": c.best_ms,
            }
            for pid, c in row.cells.items()
        },
    }


def accepted_last_by_entry(contest: Contest) -> dict[int, list[tuple[int, int]]]:
    """problem id -> (entry id, its last accepted submission id) for each entry on the board."""
    entries = _entries(contest)
    problem_ids = [p.problem_id for p in contest_problems(contest)]
    found: dict[int, dict[int, int]] = defaultdict(dict)
    for entry_id, attempts in _attempts(contest, entries, _members(contest), problem_ids).items():
        for a in attempts:
            if a.verdict == "accepted":
                found[a.problem_id][entry_id] = a.submission_id
    return {pid: sorted(chosen.items()) for pid, chosen in found.items()}
