"""A contest's scoreboard, read from judge's submissions (judge.submissions.selectors).

A submission counts for an entry when one of its members made it, as a timed submit, on one
of the contest's problems, on an allowed device in an allowed language, inside the entry's
window, within the entry's GPU quota, and no organiser disqualified it. While the board is
frozen, what was submitted from the freeze on shows as pending to all but the organisers; a
participant still sees the entry's own row live (`entry_row`). Disqualified entries stay on
record and off the board.

A process computes a contest's boards (the participants' and the organisers') in one pass and
keeps them while what they read is unchanged (`_boards`): its stamp is the contest's revision
(bumped by every organiser's change), whether the board is frozen, and the SubmitsVersion of
each of its problems (bumped by judge with every write to a timed submit: created, judged,
rejudged, cancelled, hidden, deleted). Every poll in between is served the kept board, whose
JSON is encoded once (Board.json_head)."""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.conf import settings
from django.utils import timezone

from contests import scoring
from contests.models import (
    Contest,
    ContestProblem,
    Participation,
    ParticipationMember,
    SubmissionDisqualification,
)
from contests.selectors.access import contest_problems
from contests.windows import board_frozen, entry_window, freeze_at
from judge.submissions.selectors import (
    reference_ms_of,
    submissions_for_contest,
    submits_versions,
)


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


def _counted(
    contest: Contest, entries: list[Participation], members: dict, problem_ids: list[int]
) -> dict:
    """entry id -> the submissions (dicts) that count for it, oldest first."""
    windows = {e.pk: entry_window(contest, e) for e in entries}
    started = [w for w in windows.values() if w is not None]
    # user id -> (entry id, window start, window end) of each of the user's started entries
    by_user: dict[int, list[tuple[int, datetime, datetime]]] = defaultdict(list)
    for e in entries:
        window = windows[e.pk]
        for user_id, _ in members.get(e.pk, []):
            by_user[user_id].append((e.pk, *window) if window else (e.pk, None, None))
    counted: dict[int, list[dict]] = defaultdict(list)
    if not started or not problem_ids:
        return counted
    rows = submissions_for_contest(
        user_ids=list(by_user),
        problem_ids=problem_ids,
        start=min(w[0] for w in started),
        end=max(w[1] for w in started),
    )
    dropped = set(
        SubmissionDisqualification.objects.filter(contest=contest).values_list(
            "submission_id", flat=True
        )
    )
    devices, languages = set(contest.devices), set(contest.languages)
    quota = contest.gpu_quota
    gpu_used: dict[int, int] = defaultdict(int)
    for row in rows.iterator(chunk_size=2000):
        if row["id"] in dropped or row["device_kind"] not in devices:
            continue
        if languages and row["language"] not in languages:
            continue
        made = row["created_at"]
        for entry_id, start, end in by_user[row["user_id"]]:
            if start is None or not start <= made < end:
                continue
            if quota is not None and row["device_kind"] != "cpu":
                gpu_used[entry_id] += 1
                if gpu_used[entry_id] > quota:
                    break
            counted[entry_id].append(row)
            break
    return counted


def _compute_boards(contest: Contest) -> tuple[Board, Board]:
    """(the board as participants see it, the organisers' live board), from one read of the
    submissions: one board for both while it is not frozen."""
    now = timezone.now()
    problems = contest_problems(contest)
    entries = _entries(contest)
    team = _members(contest)
    counted = _counted(contest, entries, team, [p.problem_id for p in problems])
    accepted = [r["id"] for rows in counted.values() for r in rows if r["verdict"] == "accepted"]
    reference = reference_ms_of(accepted) if contest.scoring == "speed" else {}
    members = {pk: sorted(name for _, name in rows) for pk, rows in team.items()}
    labels = {p.problem_id: p.label for p in problems}
    board_entries = [
        scoring.Entry(e.pk, e.name, e.virtual, (entry_window(contest, e) or (now, now))[0])
        for e in entries
    ]

    def board(cut: datetime | None) -> Board:
        """The board where what official entries submitted from `cut` on shows as pending."""
        attempts = [
            scoring.Attempt(
                submission_id=r["id"],
                entry_id=entry.id,
                problem_id=r["problem_id"],
                device=r["device_kind"],
                created_at=r["created_at"],
                done=r["status"] == "done"
                and (cut is None or entry.virtual or r["created_at"] < cut),
                verdict=r["verdict"],
                score_ms=r["score"],
                reference_ms=reference.get(r["id"]),
            )
            for entry in board_entries
            for r in counted.get(entry.id, ())
        ]
        rows = scoring.board_rows(
            contest.scoring,
            [(p.problem_id, p.points) for p in problems],
            board_entries,
            attempts,
            penalty_minutes=contest.penalty_minutes,
            speed_cap=contest.speed_cap,
        )
        made = Board(
            contest=contest.slug,
            scoring=contest.scoring,
            frozen=cut is not None,
            freeze_at=freeze_at(contest),
            devices=list(contest.devices),
            problems=[
                {
                    "label": p.label,
                    "slug": p.problem.slug,
                    "title": p.problem.title,
                    "points": p.points,
                }
                for p in problems
            ],  # fmt: skip
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


@dataclass
class _Kept:
    stamp: tuple  # (revision, frozen, the problems' SubmitsVersions) it was computed at
    boards: tuple[Board, Board]  # (participants', organisers')
    at: float  # time.monotonic() when it was computed


_kept: dict[int, _Kept] = {}  # contest id -> its boards, in this process
_locks_guard = threading.Lock()
_locks: dict[int, threading.Lock] = {}


def _lock(contest_id: int) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(contest_id, threading.Lock())


def _boards(contest: Contest) -> tuple[Board, Board]:
    """The contest's (participants', organisers') boards as of its latest change, computed
    once per change in this process.

    An organiser's change (the revision) and the freeze's start show on the next request. A
    change of the submissions shows on the next request made KJ_CONTEST_BOARD_REFRESH_S or
    more after the kept boards were computed (0: on the next request): that request computes
    them. A request that finds another thread of the process computing gets the boards kept
    until then instead of waiting (only the very first computation is waited for)."""
    if not settings.KJ_CONTEST_BOARD_CACHE:
        return _compute_boards(contest)
    frozen = board_frozen(contest, timezone.now())
    problem_ids = ContestProblem.objects.filter(contest=contest).values("problem_id")
    stamp = (contest.revision, frozen, submits_versions(problem_ids))
    kept = _kept.get(contest.pk)
    if kept is not None and _current(kept, stamp):
        return kept.boards
    lock = _lock(contest.pk)
    if not lock.acquire(blocking=kept is None or kept.stamp[:2] != stamp[:2]):
        return kept.boards  # only submissions changed, and another thread computes them
    try:
        kept = _kept.get(contest.pk)
        if kept is not None and _current(kept, stamp):
            return kept.boards
        boards = _compute_boards(contest)
        if len(_kept) >= 1000:
            _kept.clear()
        _kept[contest.pk] = _Kept(stamp, boards, time.monotonic())
        return boards
    finally:
        lock.release()


def _current(kept: _Kept, stamp: tuple) -> bool:
    """May the kept boards answer a request that read `stamp`? Yes if computed at that stamp,
    or at a later revision than the request read, or if only submissions changed since and
    they are younger than KJ_CONTEST_BOARD_REFRESH_S."""
    if kept.stamp == stamp or kept.stamp[0] > stamp[0]:
        return True
    return (
        kept.stamp[:2] == stamp[:2]
        and time.monotonic() - kept.at < settings.KJ_CONTEST_BOARD_REFRESH_S
    )


def contest_board(contest: Contest, *, live: bool = False) -> Board:
    """The board; `live`: the organisers' view, never frozen (kept as _boards says)."""
    return _boards(contest)[1 if live else 0]


def entry_row(contest: Contest, entry: Participation) -> dict | None:
    """The entry's own row, live: what its members see of themselves while the board is
    frozen (without its live rank then, which would tell how the others did)."""
    if entry.disqualified_at is not None:
        return None
    row = next((r for r in contest_board(contest, live=True).rows if r["entry"] == entry.pk), None)
    if row is not None and board_frozen(contest, timezone.now()):
        row = {**row, "rank": None}
    return row


def accepted_last_by_entry(contest: Contest) -> dict[int, list[tuple[int, int]]]:
    """problem id -> (entry id, its last accepted submission id) for each entry on the board."""
    entries = _entries(contest)
    problem_ids = [p.problem_id for p in contest_problems(contest)]
    found: dict[int, dict[int, int]] = defaultdict(dict)
    for entry_id, rows in _counted(contest, entries, _members(contest), problem_ids).items():
        for r in rows:
            if r["verdict"] == "accepted":
                found[r["problem_id"]][entry_id] = r["id"]
    return {pid: sorted(chosen.items()) for pid, chosen in found.items()}


def board_csv_rows(board: Board) -> list[list[Any]]:
    """The board as CSV rows: a header, then one row per entry (a cell per problem and per
    problem x device)."""
    labels = [p["label"] for p in board.problems]
    header = ["rank", "name", "members", "virtual", "solved", "penalty", "points", "rank_sum"]
    for label in labels:
        header += [f"{label} solved", f"{label} points", f"{label} rank"]
        header += [f"{label} {device} ms" for device in board.devices]
    out: list[list[Any]] = [header]
    for row in board.rows:
        line = [row["rank"], row["name"], " ".join(row["members"]), int(row["virtual"]),
                row["solved"], row["penalty"], row["points"], row["rank_sum"]]  # fmt: skip
        for label in labels:
            cell = row["cells"][label]
            line += [int(cell["solved"]), cell["points"], cell["rank"] or ""]
            line += [cell["best_ms"].get(device, "") for device in board.devices]
        out.append(line)
    return out
