"""The board as it reads judge's submissions: windows at the boundary, teams, the freeze
before and after the unfreeze, virtual entries, disqualification, quotas, the export."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest

from contests.selectors.board import board_csv_rows, contest_board, entry_row
from contests.services.contests import contest_unfreeze
from contests.services.moderation import entry_disqualify, entry_requalify, submission_disqualify
from contests.services.participation import contest_join, contest_join_team, contest_join_virtual
from judge.models import Mode
from tests.contests.conftest import END, START, judged, make_contest
from tests.factories import SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def made(clock, user, problem, moment, verdict="accepted", score=1.0, **kw):
    """A submission by `user` made at `moment`, judged with `verdict` (None: still queued)."""
    clock.at(moment)
    submission = SubmissionFactory(user=user, problem=problem, **kw)
    return submission if verdict is None else judged(submission, verdict, score)


def problems(contest):
    return [cp.problem for cp in contest.problems.order_by("label")]


def rows_by_name(board):
    return {r["name"]: r for r in board.rows}


def test_a_submission_counts_from_the_windows_start_to_just_before_its_end(clock, organiser):
    contest = make_contest(organiser, problems=1)
    (a,) = problems(contest)
    users = [UserFactory(username=n) for n in ("before", "first", "last", "at_end")]
    for user in users:
        contest_join(user, contest=contest)
    made(clock, users[0], a, START - timedelta(microseconds=1))
    made(clock, users[1], a, START)
    made(clock, users[2], a, END - timedelta(microseconds=1))
    made(clock, users[3], a, END)
    got = {r["name"]: r["solved"] for r in contest_board(contest).rows}
    assert got == {"before": 0, "first": 1, "last": 1, "at_end": 0}


def test_only_timed_submits_on_allowed_devices_and_languages_count(clock, organiser):
    contest = make_contest(organiser, problems=1, devices=["cpu"], languages=["pytorch"])
    (a,) = problems(contest)
    user = UserFactory(username="u")
    contest_join(user, contest=contest)
    made(clock, user, a, START + timedelta(minutes=1), mode=Mode.RUN)
    made(clock, user, a, START + timedelta(minutes=2), device_kind="gpu-h200")
    made(clock, user, a, START + timedelta(minutes=3), language="triton")
    assert rows_by_name(contest_board(contest))["u"]["solved"] == 0
    made(clock, user, a, START + timedelta(minutes=4))
    assert rows_by_name(contest_board(contest))["u"]["cells"]["A"]["minute"] == 4


def test_a_teams_members_submissions_count_for_its_one_entry(clock, organiser):
    contest = make_contest(organiser, team_size_max=3)
    a, b = problems(contest)
    lead, mate = UserFactory(username="lead"), UserFactory(username="mate")
    entry = contest_join(lead, contest=contest, team_name="Blocks")
    contest_join_team(mate, contest=contest, team_code=entry.team_code)
    made(clock, lead, a, START + timedelta(minutes=5), "wrong_answer")
    made(clock, mate, a, START + timedelta(minutes=9))
    made(clock, mate, b, START + timedelta(minutes=15))
    (row,) = contest_board(contest).rows
    assert (row["name"], row["members"], row["solved"]) == ("Blocks", ["lead", "mate"], 2)
    assert row["penalty"] == (9 + 20) + 15


def test_the_frozen_board_hides_late_results_until_the_unfreeze(clock, organiser):
    contest = make_contest(organiser, freeze_minutes=30)
    a, b = problems(contest)
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    entry = contest_join(ann, contest=contest)
    contest_join(ben, contest=contest)
    made(clock, ann, a, START + timedelta(minutes=10))
    made(clock, ben, a, START + timedelta(minutes=20))
    made(clock, ben, b, END - timedelta(minutes=30, microseconds=1))  # just before the freeze
    made(clock, ann, b, END - timedelta(minutes=30))  # at the freeze: hidden
    clock.at(END - timedelta(minutes=5))
    board = contest_board(contest)
    assert board.frozen
    got = {r["name"]: (r["rank"], r["solved"], r["cells"]["B"]["pending"]) for r in board.rows}
    assert got == {"ben": (1, 2, 0), "ann": (2, 1, 1)}
    live = contest_board(contest, live=True)  # the organisers' view
    assert not live.frozen and rows_by_name(live)["ann"]["solved"] == 2
    mine = entry_row(contest, entry)  # ann sees her own result, without the live rank
    assert (mine["solved"], mine["rank"]) == (2, None)
    clock.at(END + timedelta(hours=1))
    assert contest_board(contest).frozen  # still frozen after the end
    contest_unfreeze(contest)
    board = contest_board(contest)
    assert not board.frozen
    assert {r["name"]: (r["rank"], r["solved"]) for r in board.rows} == {
        "ann": (1, 2), "ben": (2, 2),
    }  # fmt: skip


def test_virtual_entries_are_on_the_board_marked(clock, organiser):
    contest = make_contest(organiser, problems=1)
    (a,) = problems(contest)
    real, late = UserFactory(username="real"), UserFactory(username="late")
    contest_join(real, contest=contest)
    made(clock, real, a, START + timedelta(minutes=30))
    made(clock, late, a, START + timedelta(minutes=1))  # not an entry yet: counts nowhere
    clock.at(END + timedelta(days=1))
    virtual = contest_join_virtual(late, contest=contest)
    made(clock, late, a, virtual.started_at + timedelta(minutes=7))
    board = contest_board(contest)
    got = [(r["name"], r["rank"], r["virtual"], r["penalty"]) for r in board.rows]
    assert got == [("late", 1, True, 7), ("real", 1, False, 30)]


def test_a_disqualified_entry_is_hidden_and_kept(clock, organiser):
    contest = make_contest(organiser, problems=1)
    (a,) = problems(contest)
    cheat, fair = UserFactory(username="cheat"), UserFactory(username="fair")
    entry = contest_join(cheat, contest=contest)
    contest_join(fair, contest=contest)
    made(clock, cheat, a, START + timedelta(minutes=1))
    made(clock, fair, a, START + timedelta(minutes=2))
    entry_disqualify(contest, entry=entry, reason="shared code")
    contest.refresh_from_db()
    assert [r["name"] for r in contest_board(contest).rows] == ["fair"]
    entry.refresh_from_db()
    assert entry.disqualified_reason == "shared code" and entry.members.count() == 1
    entry_requalify(contest, entry=entry)
    contest.refresh_from_db()
    assert [r["name"] for r in contest_board(contest).rows] == ["cheat", "fair"]


def test_a_disqualified_submission_no_longer_counts(clock, organiser):
    contest = make_contest(organiser, problems=1)
    (a,) = problems(contest)
    user = UserFactory(username="u")
    contest_join(user, contest=contest)
    first = made(clock, user, a, START + timedelta(minutes=1))
    made(clock, user, a, START + timedelta(minutes=8))
    submission_disqualify(contest, submission_id=first.pk, reason="hard-coded output")
    contest.refresh_from_db()
    assert contest_board(contest).rows[0]["cells"]["A"]["minute"] == 8
    first.refresh_from_db()
    assert first.verdict == "accepted"  # the judge's verdict is unchanged


def test_gpu_submits_beyond_the_quota_do_not_count_whichever_door(clock, organiser):
    contest = make_contest(organiser, problems=1, devices=["gpu-h200"], gpu_quota=1)
    (a,) = problems(contest)
    user = UserFactory(username="u")
    contest_join(user, contest=contest)
    made(clock, user, a, START + timedelta(minutes=1), "wrong_answer", device_kind="gpu-h200")
    made(clock, user, a, START + timedelta(minutes=2), device_kind="gpu-h200")
    assert contest_board(contest).rows[0]["solved"] == 0


def test_the_speed_board_reads_the_reference_time_from_the_run(clock, organiser):
    contest = make_contest(organiser, problems=1, scoring="speed", speed_cap=10)
    (a,) = problems(contest)
    user = UserFactory(username="u")
    contest_join(user, contest=contest)
    clock.at(START + timedelta(minutes=3))
    cases = [{"name": "n1", "median_ms": 1.0, "reference_median_ms": 1.0},
             {"name": "n2", "median_ms": 1.0, "reference_median_ms": 4.0}]  # fmt: skip
    judged(
        SubmissionFactory(user=user, problem=a), "accepted", 1.0, {"benchmark": {"cases": cases}}
    )
    # reference geomean sqrt(1 * 4) = 2 against 1 ms: s = 2 -> 100 * (1 + log10 2) / 2
    assert contest_board(contest).rows[0]["points"] == 65.05


def test_the_csv_export_holds_the_board(clock, organiser):
    contest = make_contest(organiser, devices=["cpu", "gpu-h200"])
    a, b = problems(contest)
    user = UserFactory(username="u")
    contest_join(user, contest=contest)
    made(clock, user, a, START + timedelta(minutes=3), score=2.5)
    made(clock, user, b, START + timedelta(minutes=4), score=0.25, device_kind="gpu-h200")
    text = io.StringIO()
    csv.writer(text).writerows(board_csv_rows(contest_board(contest)))
    header, line = list(csv.reader(io.StringIO(text.getvalue())))
    got = dict(zip(header, line, strict=True))
    assert (got["rank"], got["name"], got["solved"], got["penalty"]) == ("1", "u", "2", "7")
    assert (got["A cpu ms"], got["A gpu-h200 ms"], got["B gpu-h200 ms"]) == ("2.5", "", "0.25")


def test_the_cached_board_changes_with_a_new_verdict(clock, organiser, settings):
    contest = make_contest(organiser, problems=1)
    (a,) = problems(contest)
    user = UserFactory(username="u")
    contest_join(user, contest=contest)
    pending = made(clock, user, a, START + timedelta(minutes=1), None)
    assert contest_board(contest).rows[0]["cells"]["A"]["pending"] == 1
    clock.at(START + timedelta(minutes=2))
    judged(pending)
    assert contest_board(contest).rows[0]["solved"] == 1
