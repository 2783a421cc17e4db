"""Bringing a due board up to date off the request (contests.selectors.board.contest_boards)
and what one computation of the boards costs the database (board_compute.boards_compute)."""

from __future__ import annotations

import gc
import sys
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from contests.models import BoardSnapshot
from contests.selectors import board as board_module
from contests.selectors import board_compute as board_compute_module
from contests.selectors.board import contest_board
from contests.selectors.board_compute import boards_compute
from contests.services.participation import contest_join, contest_join_virtual
from tests.contests.conftest import END, START, judged, make_contest
from tests.contests.test_board_cache import judge, submit
from tests.factories import SubmissionFactory, UserFactory

REFRESH_S = 60


@pytest.fixture(autouse=True)
def cache_on(settings, enqueued):
    """The cache as a site has it: submissions taken in once the boards are a minute old."""
    settings.KJ_CONTEST_BOARD_CACHE = True
    settings.KJ_CONTEST_BOARD_REFRESH_S = REFRESH_S
    board_module._kept.clear()
    yield
    board_module._kept.clear()


@pytest.fixture
def background(monkeypatch):
    """The work contest_boards hands to a thread, held here to be run when the test says."""
    started: list = []
    monkeypatch.setattr(board_module, "_in_background", started.append)
    return started


def solved(board, name="ann"):
    return next(r["solved"] for r in board.rows if r["name"] == name)


def contest_with_ann(organiser):
    """A contest of the organiser's with one participant, ann."""
    contest = make_contest(organiser)
    ann = UserFactory(username="ann")
    contest_join(ann, contest=contest)
    return contest, ann


def no_computing(monkeypatch):
    computed = board_module._compute_boards
    monkeypatch.setattr(board_module, "_compute_boards", lambda contest: pytest.fail("computed"))
    return computed


@pytest.mark.django_db
def test_a_due_board_is_served_at_once_and_brought_up_to_date_in_the_background(
    clock, organiser, background, monkeypatch
):
    contest, ann = contest_with_ann(organiser)
    clock.at(START + timedelta(minutes=1))
    first = contest_board(contest)
    judge(submit(clock, ann, contest, "A", 2))
    clock.at(START + timedelta(minutes=1, seconds=REFRESH_S + 30))  # due, under twice the age

    computed = no_computing(monkeypatch)
    assert contest_board(contest) is first  # answered with the boards in hand
    assert len(background) == 1
    assert contest_board(contest) is first
    assert len(background) == 1  # one thread of the process brings them up to date

    monkeypatch.setattr(board_module, "_compute_boards", computed)
    background.pop()()
    fresh = contest_board(contest)
    assert fresh is not first and solved(fresh) == 1
    assert not background
    assert BoardSnapshot.objects.get(pk=contest.pk).claimed_until is None


@pytest.mark.django_db
def test_a_board_twice_the_interval_old_is_brought_up_to_date_before_the_answer(
    clock, organiser, background
):
    contest, ann = contest_with_ann(organiser)
    clock.at(START + timedelta(minutes=1))
    assert solved(contest_board(contest)) == 0
    judge(submit(clock, ann, contest, "A", 2))
    clock.at(START + timedelta(minutes=1, seconds=2 * REFRESH_S))
    assert solved(contest_board(contest)) == 1
    assert not background


@pytest.mark.django_db
def test_the_background_takes_the_stored_boards_another_process_computed(
    clock, organiser, background, monkeypatch
):
    contest, ann = contest_with_ann(organiser)
    clock.at(START + timedelta(minutes=1))
    first = contest_board(contest)
    judge(submit(clock, ann, contest, "A", 2))
    clock.at(START + timedelta(minutes=2, seconds=10))
    kept = board_module._kept.pop(contest.pk)  # another process brings them up to date ...
    stored = contest_board(contest)
    assert solved(stored) == 1
    board_module._kept[contest.pk] = kept  # ... while this one holds the first boards

    clock.at(START + timedelta(minutes=1, seconds=REFRESH_S + 30))
    no_computing(monkeypatch)
    assert contest_board(contest) is first
    background.pop()()  # loads what the other process stored: the stamp is the same
    assert contest_board(contest).json_head == stored.json_head


@pytest.mark.django_db
def test_a_failed_background_computation_gives_its_claim_and_lock_up(
    clock, organiser, background, monkeypatch, caplog
):
    contest, ann = contest_with_ann(organiser)
    clock.at(START + timedelta(minutes=1))
    first = contest_board(contest)
    judge(submit(clock, ann, contest, "A", 2))
    clock.at(START + timedelta(minutes=1, seconds=REFRESH_S + 1))

    def broken(contest):
        raise RuntimeError("broken")

    computed = board_module._compute_boards
    monkeypatch.setattr(board_module, "_compute_boards", broken)
    assert contest_board(contest) is first
    background.pop()()
    assert "up to date failed" in caplog.text and "broken" in caplog.text
    assert BoardSnapshot.objects.get(pk=contest.pk).claimed_until is None
    monkeypatch.setattr(board_module, "_compute_boards", computed)
    assert contest_board(contest) is first  # the next request tries again
    background.pop()()
    assert solved(contest_board(contest)) == 1


@pytest.mark.django_db(transaction=True)
def test_the_background_thread_brings_the_boards_up_to_date(clock, organiser):
    contest, ann = contest_with_ann(organiser)
    clock.at(START + timedelta(minutes=1))
    first = contest_board(contest)
    judge(submit(clock, ann, contest, "A", 2))
    clock.at(START + timedelta(minutes=1, seconds=REFRESH_S + 1))
    assert contest_board(contest) is first
    deadline = time.monotonic() + 30
    while board_module._kept[contest.pk].boards[0] is first and time.monotonic() < deadline:
        time.sleep(0.02)
    assert solved(contest_board(contest)) == 1
    assert board_module._lock(contest.pk).acquire(blocking=False)  # released by the thread
    board_module._lock(contest.pk).release()


def computation_queries(contest) -> int:
    with CaptureQueriesContext(connection) as queries:
        boards_compute(contest)
    return len(queries)


@pytest.mark.django_db
@pytest.mark.parametrize("rule", ["icpc", "speed", "ranks"])
def test_computing_the_boards_takes_as_many_queries_for_many_entries_as_for_few(
    clock, organiser, rule
):
    """Both boards (frozen: two), any rule: a fixed number of queries, not one per entry."""
    contest = make_contest(organiser, scoring=rule, freeze_minutes=30, gpu_quota=5)
    problems = [cp.problem for cp in contest.problems.order_by("label")]
    reference = {"benchmark": {"cases": [{"reference_median_ms": 2.0}]}}

    def entrants(first: int, count: int) -> None:
        for i in range(first, first + count):
            user = UserFactory(username=f"u{i}")
            contest_join(user, contest=contest)
            for minute, problem in ((5 + i, problems[0]), (100 + i % 10, problems[1])):
                clock.at(START + timedelta(minutes=minute))
                judged(SubmissionFactory(user=user, problem=problem), result=reference)

    entrants(0, 2)
    clock.at(END - timedelta(minutes=1))
    few = computation_queries(contest)
    entrants(2, 10)
    virtual = UserFactory(username="late")
    clock.at(END + timedelta(hours=1))
    contest_join_virtual(virtual, contest=contest)
    clock.at(END - timedelta(minutes=1))
    public, live = boards_compute(contest)
    assert public.frozen and len(live.rows) == 13
    assert computation_queries(contest) == few


@pytest.mark.django_db
def test_threads_switch_often_while_the_boards_are_computed_and_as_before_after(
    clock, organiser, monkeypatch
):
    contest = make_contest(organiser)
    before = sys.getswitchinterval()
    seen = []
    computed = board_module._compute_boards

    def compute(contest):
        seen.append(sys.getswitchinterval())
        return computed(contest)

    monkeypatch.setattr(board_module, "_compute_boards", compute)
    contest_board(contest)
    assert seen == [pytest.approx(board_module.SWITCH_S)]
    assert sys.getswitchinterval() == before


@pytest.mark.django_db
def test_the_cycle_collector_is_off_during_a_computation_and_back_after(clock, organiser):
    contest = make_contest(organiser)
    assert gc.isenabled()
    seen = []
    real = board_compute_module._boards_compute
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            board_compute_module,
            "_boards_compute",
            lambda contest: (seen.append(gc.isenabled()), real(contest))[1],
        )
        boards_compute(contest)
    assert seen == [False] and gc.isenabled()
