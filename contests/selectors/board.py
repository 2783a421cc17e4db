"""A contest's scoreboard, read from judge's submissions (judge.submissions.selectors).

A submission counts for an entry when one of its members made it, as a timed submit, on one
of the contest's problems, on an allowed device in an allowed language, inside the entry's
window, within the entry's GPU quota, and no organiser disqualified it. While the board is
frozen, what was submitted from the freeze on shows as pending to all but the organisers; a
participant still sees the entry's own row live (`entry_row`). Disqualified entries stay on
record and off the board. The board is cached a few seconds (contest_board)."""

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

from contests import scoring
from contests.models import (
    Contest,
    Participation,
    ParticipationMember,
    SubmissionDisqualification,
)
from contests.selectors.access import contest_problems
from contests.windows import board_frozen, entry_window, freeze_at
from judge.cache import cached_stale_while_refresh
from judge.submissions.selectors import reference_ms_of, submissions_for_contest


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
    by_user: dict[int, list[Participation]] = defaultdict(list)
    for e in entries:
        for user_id, _ in members.get(e.pk, []):
            by_user[user_id].append(e)
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
    gpu_used: dict[int, int] = defaultdict(int)
    for row in rows.iterator(chunk_size=2000):
        if row["id"] in dropped or row["device_kind"] not in contest.devices:
            continue
        if contest.languages and row["language"] not in contest.languages:
            continue
        for e in by_user[row["user_id"]]:
            w = windows[e.pk]
            if w is None or not w[0] <= row["created_at"] < w[1]:
                continue
            if row["device_kind"] != "cpu" and contest.gpu_quota is not None:
                gpu_used[e.pk] += 1
                if gpu_used[e.pk] > contest.gpu_quota:
                    break
            counted[e.pk].append(row)
            break
    return counted


def _compute(contest: Contest, *, live: bool) -> Board:
    now = timezone.now()
    problems = contest_problems(contest)
    frozen = not live and board_frozen(contest, now)
    cut = freeze_at(contest) if frozen else None
    entries = _entries(contest)
    team = _members(contest)
    counted = _counted(contest, entries, team, [p.problem_id for p in problems])
    accepted = [r["id"] for rows in counted.values() for r in rows if r["verdict"] == "accepted"]
    reference = reference_ms_of(accepted) if contest.scoring == "speed" else {}
    attempts = [
        scoring.Attempt(
            submission_id=r["id"],
            entry_id=entry_id,
            problem_id=r["problem_id"],
            device=r["device_kind"],
            created_at=r["created_at"],
            done=r["status"] == "done" and not (cut and r["created_at"] >= cut and not virtual),
            verdict=r["verdict"],
            score_ms=r["score"],
            reference_ms=reference.get(r["id"]),
        )
        for entry_id, virtual in ((e.pk, e.virtual) for e in entries)
        for r in counted.get(entry_id, [])
    ]
    board_entries = [
        scoring.Entry(e.pk, e.name, e.virtual, (entry_window(contest, e) or (now, now))[0])
        for e in entries
    ]
    rows = scoring.board_rows(
        contest.scoring,
        [(p.problem_id, p.points) for p in problems],
        board_entries,
        attempts,
        penalty_minutes=contest.penalty_minutes,
        speed_cap=contest.speed_cap,
    )
    members = {pk: sorted(name for _, name in rows) for pk, rows in team.items()}
    labels = {p.problem_id: p.label for p in problems}
    board = Board(
        contest=contest.slug,
        scoring=contest.scoring,
        frozen=frozen,
        freeze_at=freeze_at(contest),
        devices=list(contest.devices),
        problems=[
            {"label": p.label, "slug": p.problem.slug, "title": p.problem.title, "points": p.points}
            for p in problems
        ],  # fmt: skip
    )
    board.rows = [_row_dict(row, members.get(row.entry.id, []), labels) for row in rows]
    return board


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


def contest_board(contest: Contest, *, live: bool = False) -> Board:
    """The board; `live`: the organisers' view, never frozen. Cached per process for
    KJ_CONTEST_BOARD_CACHE_S seconds, past which it is served while one background thread
    recomputes it (new verdicts show within that time); the key holds the contest's revision
    and the freeze, so an organiser's change (entries, disqualification, unfreeze, times) and
    the freeze's start show at once."""
    frozen = not live and board_frozen(contest, timezone.now())
    key = f"contest-board:{contest.pk}:{contest.revision}:{int(live)}:{int(frozen)}"
    with _key_lock(key):  # one request computes a board nobody has yet; the others wait
        return cached_stale_while_refresh(
            key, settings.KJ_CONTEST_BOARD_CACHE_S, lambda: _compute(contest, live=live)
        )


_locks_guard = threading.Lock()
_locks: dict[str, threading.Lock] = {}


def _key_lock(key: str) -> threading.Lock:
    with _locks_guard:
        if len(_locks) > 1000:
            _locks.clear()
        return _locks.setdefault(key, threading.Lock())


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
