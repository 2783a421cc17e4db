"""The three scoring rules, as plain functions of an entry's attempts (no database here; the
board selector feeds them). docs/contests.md states each rule with a worked example.

- icpc:  solved count (more is better), then penalty (less is better): for each solved
         problem, the whole minutes from the entry's start to its first accepted submission
         plus `penalty_minutes` for each judged rejection before it (compile errors and
         internal errors are not rejections).
- speed: on each problem with P points, each allowed device gives
         P * (1 + clamp(log(s) / log(cap), -1, 1)) / 2 where s = reference_ms / best_ms (the
         speedup over the reference timed in the same run); the problem scores its best device.
         At the reference's speed: P/2; `cap` times faster or more: P; `cap` times slower or
         more: 0. Ties: the sum of the minutes at which the counted submissions were made.
- ranks: on each problem and device the entries with an accepted submission are ranked by
         their best time (equal times share a rank: 1, 2, 2, 4); an entry's rank on a problem
         is its best over the devices, N + 1 where it solved nothing (N = official entries).
         Lowest sum wins; ties: more solved.

Virtual entries are ranked beside the official ones without moving them: every figure that
compares entries (a problem rank, the board rank) is computed from official entries only,
and a virtual entry gets the value it would have had among them."""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

NOT_REJECTIONS = ("accepted", "compile_error", "internal_error", "")


class Attempt(NamedTuple):
    """One judged (or pending) contest submission, as the board reads it (a tuple: a board
    makes one per counted submission)."""

    submission_id: int
    entry_id: int
    problem_id: int
    device: str
    created_at: datetime
    done: bool  # judged (status done); else pending
    verdict: str
    score_ms: float | None  # geomean of the benchmark medians; accepted submits only
    reference_ms: float | None  # geomean of the reference's medians in the same run


@dataclass(frozen=True)
class Entry:
    id: int
    name: str
    virtual: bool
    start: datetime  # its window's start: minutes are counted from here


@dataclass
class Cell:
    """One entry on one problem."""

    solved: bool = False
    rejected: int = 0  # judged rejections before the first acceptance (all, if unsolved)
    pending: int = 0  # submissions not judged yet (or hidden by the freeze)
    minute: int | None = None  # first acceptance, whole minutes from the entry's start
    best_ms: dict[str, float] = field(default_factory=dict)  # device -> best time
    best_minute: dict[str, int] = field(default_factory=dict)  # device -> when it was made
    reference_ms: dict[str, float] = field(default_factory=dict)  # device -> reference time
    best_id: dict[str, int] = field(default_factory=dict)  # device -> the best's submission
    points: float = 0.0
    rank: int | None = None  # ranks rule


@dataclass
class Row:
    entry: Entry
    cells: dict[int, Cell]
    solved: int = 0
    penalty: int = 0  # icpc: penalty minutes; speed: tie-break minutes
    points: float = 0.0
    rank_sum: int = 0
    rank: int = 0

    def key(self, rule: str) -> tuple:
        if rule == "icpc":
            return (-self.solved, self.penalty)
        if rule == "speed":
            return (-round(self.points, 6), self.penalty)
        return (self.rank_sum, -self.solved)


def _minute(entry: Entry, moment: datetime) -> int:
    return max(0, int((moment - entry.start).total_seconds() // 60))


def cells_of(
    entry: Entry, attempts: list[Attempt], problem_ids: list[int], *, cut: datetime | None = None
) -> dict[int, Cell]:
    """Each problem's cell from the entry's attempts (any order). `cut`: what an official
    entry submitted from then on shows as pending (the frozen board)."""
    ordered = sorted(attempts, key=lambda a: (a.created_at, a.submission_id))
    return _cells(entry, ordered, problem_ids, cut)


def _cells(
    entry: Entry, attempts: list[Attempt], problem_ids: list[int], cut: datetime | None
) -> dict[int, Cell]:
    """cells_of, the attempts in order (created_at, then submission id)."""
    cells = {pid: Cell() for pid in problem_ids}
    hide = cut is not None and not entry.virtual
    for a in attempts:
        cell = cells.get(a.problem_id)
        if cell is None:
            continue
        if not a.done or (hide and a.created_at >= cut):
            cell.pending += 1
            continue
        if a.verdict == "accepted" and a.score_ms is not None:
            if not cell.solved:
                cell.solved, cell.minute = True, _minute(entry, a.created_at)
            if a.score_ms < cell.best_ms.get(a.device, math.inf):
                cell.best_ms[a.device] = a.score_ms
                cell.best_minute[a.device] = _minute(entry, a.created_at)
                cell.best_id[a.device] = a.submission_id
                if a.reference_ms:
                    cell.reference_ms[a.device] = a.reference_ms
                else:
                    cell.reference_ms.pop(a.device, None)
        elif not cell.solved and a.verdict not in NOT_REJECTIONS:
            cell.rejected += 1
    return cells


def speed_points(points: int, best_ms: float, reference_ms: float | None, cap: float) -> float:
    """P * (1 + clamp(log(s)/log(cap), -1, 1)) / 2, s = reference/best; P/2 without a
    reference time (the speedup is then taken as 1)."""
    if not reference_ms or best_ms <= 0 or cap <= 1:
        return points / 2
    scaled = math.log(reference_ms / best_ms) / math.log(cap)
    return points * (1 + max(-1.0, min(1.0, scaled))) / 2


def competition_ranks(ordered: list, value: Any) -> int:
    """1 + how many of `ordered` (sorted, smallest first) are strictly better (smaller) than
    `value`."""
    return 1 + bisect_left(ordered, value)


def board_rows(
    rule: str,
    problems: list[tuple[int, int]],
    entries: list[Entry],
    attempts: list[Attempt],
    *,
    penalty_minutes: int = 20,
    speed_cap: float = 10.0,
    cut: datetime | None = None,
) -> list[Row]:
    """The board's rows in order, each with its rank. `problems`: (problem id, points);
    `cut`: as in cells_of."""
    by_entry: dict[int, list[Attempt]] = defaultdict(list)
    for a in sorted(attempts, key=lambda a: (a.created_at, a.submission_id)):
        by_entry[a.entry_id].append(a)
    return ranked_rows(rule, problems, entries, by_entry, cut=cut,
                       penalty_minutes=penalty_minutes, speed_cap=speed_cap)  # fmt: skip


def ranked_rows(
    rule: str,
    problems: list[tuple[int, int]],
    entries: list[Entry],
    attempts: dict[int, list[Attempt]],
    *,
    cut: datetime | None = None,
    penalty_minutes: int = 20,
    speed_cap: float = 10.0,
    references: Callable[[list[int]], dict[int, float]] | None = None,
) -> list[Row]:
    """board_rows from each entry's attempts (entry id -> its attempts, each list in order:
    created_at, then submission id). `references`: submission ids -> their reference times,
    asked for the best submissions only (else each attempt carries its own)."""
    problem_ids = [pid for pid, _ in problems]
    rows = [Row(e, _cells(e, attempts.get(e.id, ()), problem_ids, cut)) for e in entries]
    if references is not None:
        _references_set(rows, references)
    official = [r for r in rows if not r.entry.virtual]
    for row in rows:
        row.solved = sum(c.solved for c in row.cells.values())
    if rule == "icpc":
        for row in rows:
            solved = [c for c in row.cells.values() if c.solved]
            row.penalty = sum(c.minute + penalty_minutes * c.rejected for c in solved)
    elif rule == "speed":
        for row in rows:
            for pid, points in problems:
                cell = row.cells[pid]
                if not cell.solved:
                    continue
                gains = {
                    device: speed_points(points, ms, cell.reference_ms.get(device), speed_cap)
                    for device, ms in cell.best_ms.items()
                }
                device = max(gains, key=lambda d: (gains[d], -cell.best_minute[d]))
                cell.points = gains[device]
                row.points += cell.points
                row.penalty += cell.best_minute[device]
    else:
        for pid, _ in problems:
            devices = {d for r in official for d in r.cells[pid].best_ms}
            times = {d: sorted(r.cells[pid].best_ms[d] for r in official
                               if d in r.cells[pid].best_ms)
                     for d in devices}  # fmt: skip
            for row in rows:
                cell = row.cells[pid]
                ranks = [competition_ranks(times.get(d, []), ms) for d, ms in cell.best_ms.items()]
                cell.rank = min(ranks) if ranks else len(official) + 1
                row.rank_sum += cell.rank
    keys = sorted(r.key(rule) for r in official)
    for row in rows:
        row.rank = competition_ranks(keys, row.key(rule))
    rows.sort(key=lambda r: (r.key(rule), r.entry.virtual, r.entry.name.lower(), r.entry.id))
    return rows


def _references_set(rows: list[Row], references: Callable[[list[int]], dict[int, float]]) -> None:
    """Each best time's reference time, as the best submission's own run timed it."""
    cells = [c for row in rows for c in row.cells.values() if c.best_id]
    found = references([pk for c in cells for pk in c.best_id.values()])
    for cell in cells:
        cell.reference_ms = {d: found[pk] for d, pk in cell.best_id.items() if found.get(pk)}
