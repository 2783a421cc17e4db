"""The boards kept per process (contests.selectors.board.contest_boards) with the cache on,
as a site runs them: they change exactly when what they read changes. Submissions go through
judge's real path (contest_submit -> judging_claim -> judging_result_record), which moves the problem's
SubmitsVersion; a row written around the services is not seen until something else moves."""

from __future__ import annotations

from datetime import timedelta

import pytest

from contests import board_cache
from contests.models import BoardSnapshot
from contests.selectors import board as board_module
from contests.selectors.board import contest_board, contest_boards, entry_row
from contests.services.contests import contest_unfreeze
from contests.services.moderation import entry_disqualify
from contests.services.participation import contest_join, contest_submit
from judge.judging.claim import judging_claim
from judge.judging.record import judging_result_record
from judge.models import Submission
from judge.submissions.services import submission_cancel
from runner.contract import JudgeResult
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.contests.conftest import END, START, make_contest
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cache_on(settings, enqueued):
    """The cache as a site has it, taking in every change of the submissions at once; empty
    at the start and end of each test."""
    settings.KJ_CONTEST_BOARD_CACHE = True
    settings.KJ_CONTEST_BOARD_REFRESH_S = 0
    board_module._kept.clear()
    yield
    board_module._kept.clear()


def submit(clock, user, contest, label, minute):
    clock.at(START + timedelta(minutes=minute))
    return contest_submit(user, contest=contest, label=label, language="pytorch",
                          device_kind="cpu", source=PYTORCH_VECTOR_ADD)  # fmt: skip


def judge(submission, verdict="accepted", score_ms=1.0):
    """What a worker does: claim, then record the runner's result."""
    assert judging_claim(submission.pk, worker_name="w1") is not None
    result = JudgeResult(verdict=verdict, message="", benchmark={"cases": [], "score_ms": score_ms})
    assert judging_result_record(submission.pk, attempt=1, result=result)


def cells(board, name):
    row = next(r for r in board.rows if r["name"] == name)
    return row["solved"], {label: (c["solved"], c["pending"]) for label, c in row["cells"].items()}


def test_a_new_submission_and_its_verdict_show_on_the_next_poll(clock, organiser):
    contest = make_contest(organiser)
    ann = UserFactory(username="ann")
    contest_join(ann, contest=contest)
    first = contest_board(contest)
    assert cells(first, "ann") == (0, {"A": (False, 0), "B": (False, 0)})
    assert contest_board(contest) is first  # nothing changed: the kept board, not a new one

    pending = submit(clock, ann, contest, "A", 5)
    assert cells(contest_board(contest), "ann") == (0, {"A": (False, 1), "B": (False, 0)})
    judge(pending)
    assert cells(contest_board(contest), "ann") == (1, {"A": (True, 0), "B": (False, 0)})

    rejected = submit(clock, ann, contest, "B", 9)
    judge(rejected, verdict="wrong_answer")
    row = next(r for r in contest_board(contest).rows if r["name"] == "ann")
    assert (row["solved"], row["cells"]["B"]["rejected"], row["penalty"]) == (1, 1, 5)

    cancelled = submit(clock, ann, contest, "B", 10)
    assert contest_board(contest).rows[0]["cells"]["B"]["pending"] == 1
    submission_cancel(ann, submission_id=cancelled.pk)
    assert contest_board(contest).rows[0]["cells"]["B"]["pending"] == 0


def test_the_kept_board_is_served_until_what_it_reads_changes(clock, organiser, settings):
    contest = make_contest(organiser)
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    contest_join(ann, contest=contest)
    contest_join(ben, contest=contest)
    judge(submit(clock, ann, contest, "A", 5))
    kept = contest_board(contest)
    # a row changed around judge's services moves no SubmitsVersion: the board is kept
    Submission.objects.update(verdict="wrong_answer", score=None)
    assert contest_board(contest) is kept
    # an organiser's change (the revision) shows at once, with what the board reads now
    contest.refresh_from_db()
    entry_disqualify(contest, entry=contest.entries.get(name="ben"), reason="test")
    contest.refresh_from_db()
    fresh = contest_board(contest)
    assert [(r["name"], r["solved"]) for r in fresh.rows] == [("ann", 0)]

    # within KJ_CONTEST_BOARD_REFRESH_S a new verdict waits; past it, the next poll has it
    settings.KJ_CONTEST_BOARD_REFRESH_S = 3600
    judge(submit(clock, ann, contest, "B", 20))
    assert contest_board(contest) is fresh
    settings.KJ_CONTEST_BOARD_REFRESH_S = 0
    assert cells(contest_board(contest), "ann") == (1, {"A": (False, 0), "B": (True, 0)})


def test_the_frozen_board_hides_later_results_from_participants_not_organisers(clock, organiser):
    contest = make_contest(organiser, freeze_minutes=30)
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    ann_entry = contest_join(ann, contest=contest)
    contest_join(ben, contest=contest)
    judge(submit(clock, ann, contest, "A", 10))
    before = contest_board(contest)
    assert not before.frozen and cells(before, "ann")[0] == 1

    # the freeze starts: the next poll is frozen though no submission changed
    clock.at(END - timedelta(minutes=30))
    assert contest_board(contest).frozen
    late = submit(clock, ben, contest, "A", 100)  # 20 minutes before the end: frozen
    judge(late)
    judge(submit(clock, ann, contest, "B", 105))
    clock.at(END - timedelta(minutes=1))

    public = contest_board(contest)
    assert public.frozen
    assert cells(public, "ben") == (0, {"A": (False, 1), "B": (False, 0)})
    assert cells(public, "ann") == (1, {"A": (True, 0), "B": (False, 1)})
    live = contest_board(contest, live=True)  # the organisers see everything
    assert not live.frozen
    assert cells(live, "ben") == (1, {"A": (True, 0), "B": (False, 0)})
    assert cells(live, "ann") == (2, {"A": (True, 0), "B": (True, 0)})
    mine = entry_row(contest, ann_entry)  # ann's own row is live, without its rank
    assert (mine["solved"], mine["rank"]) == (2, None)
    assert contest_board(contest) is public  # both views kept from one computation

    contest_unfreeze(contest)
    contest.refresh_from_db()
    after = contest_board(contest)
    assert not after.frozen and cells(after, "ben")[0] == 1 and cells(after, "ann")[0] == 2


def test_another_process_takes_the_stored_boards_instead_of_computing_them(
    clock, organiser, monkeypatch
):
    contest = make_contest(organiser, freeze_minutes=30)
    ann = UserFactory(username="ann")
    entry = contest_join(ann, contest=contest)
    contest.refresh_from_db()
    judge(submit(clock, ann, contest, "A", 100))  # after the freeze
    clock.at(END - timedelta(minutes=1))
    public, live = contest_boards(contest)
    assert public.frozen and not live.frozen

    board_module._kept.clear()  # a second web process: nothing in hand, the boards stored
    computed = board_module._compute_boards
    monkeypatch.setattr(board_module, "_compute_boards", lambda contest: pytest.fail("computed"))
    loaded, loaded_live = contest_boards(contest)
    assert (loaded.json_head, loaded_live.json_head) == (public.json_head, live.json_head)
    assert loaded.rows == public.rows and loaded.freeze_at == public.freeze_at
    assert entry_row(contest, entry)["solved"] == 1

    # while one process computes newer boards (its claim), another one serves those it holds
    judge(submit(clock, ann, contest, "B", 119))
    assert board_cache.snapshot_claim(contest.pk)
    assert contest_boards(contest)[1] is loaded_live
    monkeypatch.setattr(board_module, "_compute_boards", computed)
    BoardSnapshot.objects.filter(pk=contest.pk).update(claimed_until=None)  # it died
    assert cells(contest_boards(contest)[1], "ann")[0] == 2
