"""The three scoring rules on worked examples (the numbers are the ones in docs/contests.md)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from contests.scoring import Attempt, Entry, board_rows, speed_points

START = datetime(2026, 11, 1, 10, 0, tzinfo=UTC)
A, B = 1, 2
_ids = iter(range(1, 10_000))


def at(entry: int, problem: int, minute: float, verdict: str = "accepted", ms: float | None = None,
       *, ref: float | None = None, device: str = "gpu-h200", done: bool = True) -> Attempt:  # fmt: skip
    return Attempt(
        submission_id=next(_ids),
        entry_id=entry,
        problem_id=problem,
        device=device,
        created_at=START + timedelta(minutes=minute),
        done=done,
        verdict=verdict if done else "",
        score_ms=(ms if ms is not None else 1.0) if verdict == "accepted" and done else None,
        reference_ms=ref,
    )


ENTRIES = [Entry(1, "alice", False, START), Entry(2, "bob", False, START),
           Entry(3, "carol", False, START)]  # fmt: skip


def by_name(rows):
    return {r.entry.name: r for r in rows}


def test_icpc_ranks_by_solved_then_penalty_minutes_with_20_per_rejection() -> None:
    attempts = [
        # alice: A wrong at 5, a compile error at 7 (not a rejection), accepted at 12.5 -> 12 + 20
        at(1, A, 5, "wrong_answer"), at(1, A, 7, "compile_error"), at(1, A, 12.5),
        at(1, B, 40),  # alice: B at 40 -> 2 solved, 32 + 40 = 72
        at(2, A, 3),  # bob: A at 3; B wrong twice, then accepted at 30 -> 30 + 40
        at(2, B, 10, "wrong_answer"), at(2, B, 20, "time_limit_exceeded"), at(2, B, 30),
        at(3, A, 1), at(3, B, 50, "wrong_answer"),  # carol: 1 solved, 1 minute
        at(3, B, 55, "accepted", done=False),  # pending: not solved yet
    ]  # fmt: skip
    rows = board_rows("icpc", [(A, 100), (B, 100)], ENTRIES, attempts, penalty_minutes=20)
    got = [(r.entry.name, r.rank, r.solved, r.penalty) for r in rows]
    assert got == [("alice", 1, 2, 72), ("bob", 2, 2, 73), ("carol", 3, 1, 1)]
    carol = by_name(rows)["carol"].cells[B]
    assert (carol.solved, carol.rejected, carol.pending) == (False, 1, 1)
    alice = by_name(rows)["alice"].cells[A]
    assert (alice.minute, alice.rejected) == (12, 1)


def test_icpc_equal_solved_and_penalty_share_a_rank() -> None:
    rows = board_rows("icpc", [(A, 100)], ENTRIES, [at(1, A, 10), at(2, A, 10), at(3, A, 11)])
    assert [(r.entry.name, r.rank) for r in rows] == [("alice", 1), ("bob", 1), ("carol", 3)]


def test_speed_points_on_the_capped_log_scale() -> None:
    # cap 10: at the reference's speed half the points, 10x faster all, 10x slower none
    assert speed_points(100, 2.0, 2.0, 10) == pytest.approx(50)
    assert speed_points(100, 1.0, 2.0, 10) == pytest.approx(65.051, abs=1e-3)  # s = 2
    assert speed_points(100, 4.0, 2.0, 10) == pytest.approx(34.949, abs=1e-3)  # s = 0.5
    assert speed_points(200, 0.5, 10.0, 10) == pytest.approx(200)  # s = 20, capped
    assert speed_points(200, 40.0, 10.0, 10) == pytest.approx(39.794, abs=1e-3)  # s = 0.25
    assert speed_points(200, 1000.0, 10.0, 10) == 0  # s = 0.01, capped
    assert speed_points(100, 3.0, None, 10) == 50  # no reference time: taken as s = 1


def test_speed_rule_sums_points_and_takes_each_problems_best_device() -> None:
    attempts = [
        at(1, A, 5, ms=1.5, ref=2.0), at(1, A, 9, ms=1.0, ref=2.0),  # best counts: 65.05
        at(1, B, 20, ms=0.5, ref=10.0),  # 200
        at(2, A, 4, ms=4.0, ref=2.0), at(2, B, 8, ms=40.0, ref=10.0),  # 34.95 + 39.79
        at(3, A, 2, ms=100.0, ref=100.0, device="cpu"),  # 50 on the CPU ...
        at(3, A, 3, ms=0.1, ref=1.0),  # ... 100 on the GPU: the problem scores 100
    ]  # fmt: skip
    rows = board_rows("speed", [(A, 100), (B, 200)], ENTRIES, attempts, speed_cap=10)
    got = {r.entry.name: (r.rank, round(r.points, 2)) for r in rows}
    assert got == {"alice": (1, 265.05), "carol": (2, 100.0), "bob": (3, 74.74)}
    assert by_name(rows)["alice"].penalty == 9 + 20  # tie-break: minutes of the counted bests
    assert by_name(rows)["carol"].cells[A].best_ms == {"cpu": 100.0, "gpu-h200": 0.1}


def test_ranks_rule_sums_per_problem_ranks_unsolved_is_n_plus_one() -> None:
    attempts = [
        at(1, A, 1, ms=1.0), at(2, A, 1, ms=4.0), at(3, A, 1, ms=2.0),  # A: 1, 3, 2
        at(1, B, 1, ms=0.5), at(2, B, 1, ms=40.0), at(3, B, 1, "wrong_answer"),  # B: 1, 2, 4
    ]  # fmt: skip
    rows = board_rows("ranks", [(A, 100), (B, 100)], ENTRIES, attempts)
    got = [(r.entry.name, r.rank, r.rank_sum, r.cells[A].rank, r.cells[B].rank) for r in rows]
    assert got == [("alice", 1, 2, 1, 1), ("bob", 2, 5, 3, 2), ("carol", 3, 6, 2, 4)]


def test_ranks_rule_equal_times_share_a_rank() -> None:
    entries = [*ENTRIES, Entry(4, "dave", False, START)]
    attempts = [at(1, A, 1, ms=1.0), at(2, A, 1, ms=4.0), at(3, A, 1, ms=2.0),
                at(4, A, 1, ms=1.0)]  # fmt: skip
    rows = board_rows("ranks", [(A, 100)], entries, attempts)
    assert {r.entry.name: r.cells[A].rank for r in rows} == {
        "alice": 1, "dave": 1, "carol": 3, "bob": 4,
    }  # fmt: skip


def test_a_virtual_entry_is_ranked_beside_the_official_ones_without_moving_them() -> None:
    eve_start = START + timedelta(days=3)
    entries = [*ENTRIES, Entry(9, "eve", True, eve_start)]
    attempts = [
        at(1, A, 1, ms=1.0), at(2, A, 1, ms=4.0), at(3, A, 1, ms=2.0),
        Attempt(99, 9, A, "gpu-h200", eve_start + timedelta(minutes=2), True, "accepted", 0.8, None),
    ]  # fmt: skip
    rows = board_rows("ranks", [(A, 100)], entries, attempts)
    got = [(r.entry.name, r.rank, r.cells[A].rank, r.entry.virtual) for r in rows]
    # eve is faster than everyone: rank 1 beside alice, whose rank stays 1; bob's stays 3
    assert got == [
        ("alice", 1, 1, False), ("eve", 1, 1, True), ("carol", 2, 2, False), ("bob", 3, 3, False),
    ]  # fmt: skip
    icpc = by_name(board_rows("icpc", [(A, 100)], entries, attempts))
    assert icpc["eve"].cells[A].minute == 2  # minutes from her own window's start
