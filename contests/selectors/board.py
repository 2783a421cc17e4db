"""A contest's scoreboard as the site serves it. What counts and how the boards are computed:
contests.selectors.board_compute. While the board is frozen, a participant still sees the
entry's own row live (`entry_row`).

A contest's boards (the participants' and the organisers') are computed in one pass, once per
change of what they read for the whole site, and kept by every web process
(`contest_boards`; contests.board_cache shares them between processes). Their stamp is the
contest's revision (bumped by every organiser's change), whether the board is frozen, and the
SubmitsVersion of each of its problems (bumped by judge with every write to a timed submit:
created, judged, rejudged, cancelled, hidden, deleted). Every poll in between is served the
kept board, whose JSON is encoded once (Board.json_head)."""

from __future__ import annotations

import json
import logging
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connections
from django.utils import timezone

from contests import board_cache
from contests.models import Contest, ContestProblem, Participation
from contests.selectors.board_compute import Board
from contests.selectors.board_compute import boards_compute as _compute_boards
from contests.windows import board_frozen
from judge.submissions.selectors import submits_versions


@dataclass
class _Kept:
    stamp: tuple  # (revision, frozen, the problems' SubmitsVersions) it was computed at
    boards: tuple[Board, Board]  # (participants', organisers')
    at: float  # when they were computed (by this process or another), a POSIX timestamp
    problem_ids: list[int]  # the contest's problems at that revision


logger = logging.getLogger(__name__)

SWITCH_S = 0.0005  # the interpreter's switch interval while boards are brought up to date
_switching_guard = threading.Lock()
_switching = {"under_way": 0, "before": 0.0}  # refreshes under way, the interval before them

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
    change of the submissions shows once the boards in hand are KJ_CONTEST_BOARD_REFRESH_S
    old (0: on the next request): bringing them up to date takes the site's stored boards
    (board_cache) if they are current, else computes and stores them, in one process at a
    time (the claim). While the boards in hand are less than twice the interval old, the
    request that finds them due is answered with them at once and they are brought up to date
    in the background (one thread per process); older ones (a board nobody asked for in a
    while) are brought up to date before the answer. Either way the other requests of the
    process, and other processes holding boards, get the boards they hold meanwhile (only a
    process's first boards, and those of a new revision, are waited for)."""
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
    if only_submissions and _age(kept.at) < 2 * settings.KJ_CONTEST_BOARD_REFRESH_S:
        if lock.acquire(blocking=False):
            try:
                _in_background(lambda: _refresh_released(contest, stamp, problem_ids, lock))
            except BaseException:
                lock.release()
                raise
        return kept.boards
    if not lock.acquire(blocking=not only_submissions):
        return kept.boards  # another thread of this process is bringing them up to date
    try:
        with _switching_often():
            return _refresh(contest, stamp, problem_ids)
    finally:
        lock.release()


def _refresh(contest: Contest, stamp: tuple, problem_ids: list[int]) -> tuple[Board, Board]:
    """Boards that may answer `stamp`: those in hand if another thread brought them up to
    date, else the stored ones if current, else new ones computed and stored; those in hand
    while another process holds the claim. The caller holds the process's lock."""
    kept = _kept.get(contest.pk)
    if kept is not None and _current(kept.stamp, kept.at, stamp):
        return kept.boards
    only_submissions = kept is not None and kept.stamp[:2] == stamp[:2]
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


def _refresh_released(
    contest: Contest, stamp: tuple, problem_ids: list[int], lock: threading.Lock
) -> None:
    """_refresh, then the process's lock released (the background's work)."""
    try:
        with _switching_often():
            _refresh(contest, stamp, problem_ids)
    except Exception:
        logger.exception("bringing the boards of contest %s up to date failed", contest.pk)
    finally:
        lock.release()


def _in_background(work: Callable[[], None]) -> None:
    """Run `work` in a thread of its own, which closes its database connections after."""

    def run() -> None:
        try:
            work()
        finally:
            connections.close_all()

    threading.Thread(target=run, name="board-refresh", daemon=True).start()


@contextmanager
def _switching_often() -> Iterator[None]:
    """While boards are brought up to date, the interpreter passes its lock between the
    process's threads every SWITCH_S seconds instead of every 5 ms (sys.setswitchinterval):
    a request served by another thread meanwhile waits that long, not 5 ms, each time it
    comes back from the database, and does not queue behind the whole computation."""
    with _switching_guard:
        if not _switching["under_way"]:
            _switching["before"] = sys.getswitchinterval()
            sys.setswitchinterval(min(_switching["before"], SWITCH_S))
        _switching["under_way"] += 1
    try:
        yield
    finally:
        with _switching_guard:
            _switching["under_way"] -= 1
            if not _switching["under_way"]:
                sys.setswitchinterval(_switching["before"])


def _age(at: float) -> float:
    return timezone.now().timestamp() - at


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
    return had[:2] == stamp[:2] and _age(at) < settings.KJ_CONTEST_BOARD_REFRESH_S


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
