"""A contest's scoreboard, read from judge's submissions (judge.submissions.selectors).

A submission counts for an entry when one of its members made it, as a timed submit, on one
of the contest's problems, on an allowed device in an allowed language, inside the entry's
window, within the entry's GPU quota, and no organiser disqualified it. While the board is
frozen, what was submitted from the freeze on shows as pending to all but the organisers; a
participant still sees the entry's own row live (`entry_row`). Disqualified entries stay on
record and off the board.

A contest's boards (the participants' and the organisers') are computed in one pass, once per
change of what they read for the whole site, and kept by every web process
(`contest_boards`; contests.board_cache shares them between processes). Their stamp is the
contest's revision (bumped by every organiser's change), whether the board is frozen, and the
SubmitsVersion of each of its problems (bumped by judge with every write to a timed submit:
created, judged, rejudged, cancelled, hidden, deleted). Every poll in between is served the
kept board, whose JSON is encoded once (Board.json_head)."""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.conf import settings
from django.utils import timezone

from contests import board_cache, scoring
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
    at: float  # when they were computed (by this process or another), a POSIX timestamp
    problem_ids: list[int]  # the contest's problems at that revision


_kept: dict[int, _Kept] = {}  # contest id -> its boards, in this process
_locks_guard = threading.Lock()
_locks: dict[int, threading.Lock] = {}


def _lock(contest_id: int) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(contest_id, threading.Lock())


def contest_boards(contest: Contest) -> tuple[Board, Board]:
    """The contest's (participants', organisers') boards as of its latest change, computed
    once per change for the whole site.

    An organiser's change (the revision) and the freeze's start show on the next request. A
    change of the submissions shows on the next request made KJ_CONTEST_BOARD_REFRESH_S or
    more after the boards in hand were computed (0: on the next request). That request takes
    the site's stored boards (board_cache) if they are current, else computes and stores them;
    meanwhile the other requests of its process, and other processes holding boards, get the
    boards they hold instead of waiting (only a process's first boards are waited for)."""
    if not settings.KJ_CONTEST_BOARD_CACHE:
        return _compute_boards(contest)
    frozen = board_frozen(contest, timezone.now())
    kept = _kept.get(contest.pk)
    if kept is not None and kept.stamp[0] == contest.revision:
        problem_ids = kept.problem_ids  # a change of the problem set moves the revision
    else:
        problem_ids = list(
            ContestProblem.objects.filter(contest=contest).values_list("problem_id", flat=True)
        )
    stamp = (contest.revision, frozen, submits_versions(problem_ids))
    if kept is not None and _current(kept.stamp, kept.at, stamp):
        return kept.boards
    only_submissions = kept is not None and kept.stamp[:2] == stamp[:2]
    lock = _lock(contest.pk)
    if not lock.acquire(blocking=not only_submissions):
        return kept.boards  # another thread of this process is bringing them up to date
    try:
        kept = _kept.get(contest.pk)
        if kept is not None and _current(kept.stamp, kept.at, stamp):
            return kept.boards
        stored = board_cache.snapshot_stamp(contest.pk)
        if stored is not None and stored.computed_at is not None:
            had, at = _stamp_load(stored.stamp), stored.computed_at.timestamp()
            texts = board_cache.snapshot_boards(contest.pk) if _current(had, at, stamp) else None
            if texts is not None and texts[0]:
                return _keep(contest.pk, _Kept(had, _boards_load(*texts), at, problem_ids)).boards
        if only_submissions and (
            (stored is not None and stored.claimed())
            or not board_cache.snapshot_claim(contest.pk, exists=stored is not None)
        ):
            return kept.boards  # another process is computing them
        computed_at = timezone.now()
        try:
            boards = _compute_boards(contest)
        except BaseException:
            board_cache.snapshot_release(contest.pk)
            raise
        board_cache.snapshot_store(
            contest.pk,
            stamp=json.dumps(stamp),
            computed_at=computed_at,
            public_json=boards[0].json_head + "}",
            live_json="" if boards[1] is boards[0] else boards[1].json_head + "}",
        )
        return _keep(contest.pk, _Kept(stamp, boards, computed_at.timestamp(), problem_ids)).boards
    finally:
        lock.release()


def _keep(contest_id: int, kept: _Kept) -> _Kept:
    if len(_kept) >= 1000:
        _kept.clear()
    _kept[contest_id] = kept
    return kept


def _current(had: tuple, at: float, stamp: tuple) -> bool:
    """May boards computed at stamp `had`, at time `at`, answer a request that read `stamp`?
    Yes at the same stamp, or at a later revision than the request read, or if only
    submissions changed since and they are younger than KJ_CONTEST_BOARD_REFRESH_S."""
    if had == stamp or had[0] > stamp[0]:
        return True
    age = timezone.now().timestamp() - at
    return had[:2] == stamp[:2] and age < settings.KJ_CONTEST_BOARD_REFRESH_S


def _stamp_load(text: str) -> tuple:
    revision, frozen, versions = json.loads(text)
    return (revision, frozen, tuple(tuple(pair) for pair in versions))


def _board_load(text: str) -> Board:
    data = json.loads(text)
    freeze = data["freeze_at"]
    data["freeze_at"] = datetime.fromisoformat(freeze) if freeze else None
    board = Board(**data)
    board.__dict__["json_head"] = text[:-1]  # the cached_property, as stored
    return board


def _boards_load(public_json: str, live_json: str) -> tuple[Board, Board]:
    public = _board_load(public_json)
    return public, _board_load(live_json) if live_json else public


def contest_board(contest: Contest, *, live: bool = False) -> Board:
    """The board; `live`: the organisers' view, never frozen (kept as contest_boards says)."""
    return contest_boards(contest)[1 if live else 0]


def entry_row(contest: Contest, entry: Participation, live: Board | None = None) -> dict | None:
    """The entry's own row, live: what its members see of themselves while the board is
    frozen (without its live rank then, which would tell how the others did). `live`: the
    organisers' board where the caller holds it already."""
    if entry.disqualified_at is not None:
        return None
    live = live or contest_board(contest, live=True)
    row = live.row_of.get(entry.pk)
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
