"""Joining (public, invite link, join code, registration, groups), teams, per-entry windows,
virtual participation and submitting to a contest problem, with the clock at the boundaries."""

from __future__ import annotations

from datetime import timedelta

import pytest

from contests.errors import ContestRefused
from contests.models import Access
from contests.selectors.access import contest_visible, entry_current
from contests.services.groups import group_create
from contests.services.participation import (
    contest_join,
    contest_join_team,
    contest_join_virtual,
    contest_submit,
    entry_window_start,
)
from contests.windows import entry_window
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.contests.conftest import END, START, make_contest
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def submit(user, contest, label="A", **kw):
    fields = {"language": "pytorch", "device_kind": "cpu", "source": PYTORCH_VECTOR_ADD}
    fields.update(kw)
    return contest_submit(user, contest=contest, label=label, **fields)


def test_a_code_contest_takes_the_right_code_only(clock, organiser):
    contest = make_contest(organiser, access=Access.CODE)
    user = UserFactory()
    assert contest.join_code and not contest_visible(user, contest)
    with pytest.raises(ContestRefused) as wrong:
        contest_join(user, contest=contest, code="not-it")
    assert wrong.value.code == "bad_join_code"
    entry = contest_join(user, contest=contest, code=contest.join_code)
    assert entry.name == user.username and contest_visible(user, contest)
    with pytest.raises(ContestRefused) as twice:
        contest_join(user, contest=contest, code=contest.join_code)
    assert twice.value.code == "already_joined"


def test_an_invite_contest_takes_its_link_token(clock, organiser):
    contest = make_contest(organiser, access=Access.INVITE)
    with pytest.raises(ContestRefused):
        contest_join(UserFactory(), contest=contest, token="guess")
    assert contest_join(UserFactory(), contest=contest, token=contest.invite_token)


def test_closed_registration_and_an_ended_contest_refuse_to_join(clock, organiser):
    contest = make_contest(organiser, registration_open=False)
    with pytest.raises(ContestRefused) as closed:
        contest_join(UserFactory(), contest=contest)
    assert closed.value.code == "registration_closed"
    contest.registration_open = True
    clock.at(END)
    with pytest.raises(ContestRefused) as ended:
        contest_join(UserFactory(), contest=contest)
    assert ended.value.code == "contest_ended"


def test_a_group_contest_is_for_the_groups_members(clock, organiser):
    owner = UserFactory()
    group = group_create(owner, slug="gpu-course", name="GPU course")
    contest = make_contest(owner, group=group)
    outsider = UserFactory()
    assert not contest_visible(outsider, contest)
    with pytest.raises(ContestRefused) as refused:
        contest_join(outsider, contest=contest)
    assert refused.value.status == 404


def test_a_team_shares_one_entry_up_to_its_size(clock, organiser):
    contest = make_contest(organiser, team_size_max=2)
    lead, second, third = UserFactory(), UserFactory(), UserFactory()
    entry = contest_join(lead, contest=contest, team_name="Warp Speed")
    assert entry.name == "Warp Speed" and entry.team_code
    with pytest.raises(ContestRefused):
        contest_join_team(second, contest=contest, team_code="nope")
    assert contest_join_team(second, contest=contest, team_code=entry.team_code).pk == entry.pk
    with pytest.raises(ContestRefused) as full:
        contest_join_team(third, contest=contest, team_code=entry.team_code)
    assert full.value.code == "team_full"
    assert sorted(entry.members.values_list("user_id", flat=True)) == sorted([lead.pk, second.pk])


def test_teams_are_refused_where_the_contest_has_none(clock, organiser):
    contest = make_contest(organiser)
    with pytest.raises(ContestRefused) as refused:
        contest_join(UserFactory(), contest=contest, team_name="Solo Team")
    assert refused.value.code == "no_teams"


def test_the_fixed_window_holds_its_start_and_not_its_end(clock, organiser):
    contest = make_contest(organiser)
    user = UserFactory()
    entry = contest_join(user, contest=contest)
    assert entry_window(contest, entry) == (START, END)
    assert entry_current(user, contest, START - timedelta(microseconds=1)) is None
    assert entry_current(user, contest, START) == entry
    assert entry_current(user, contest, END - timedelta(microseconds=1)) == entry
    assert entry_current(user, contest, END) is None


def test_a_per_entry_window_starts_when_asked_and_is_cut_at_the_end(clock, organiser):
    contest = make_contest(organiser, window_minutes=60)
    early, late = UserFactory(), UserFactory()
    for user in (early, late):
        contest_join(user, contest=contest)
    clock.at(START + timedelta(minutes=10))
    entry = entry_window_start(early, contest=contest)
    assert entry_window(contest, entry) == (clock.now, clock.now + timedelta(minutes=60))
    clock.at(END - timedelta(minutes=15))
    cut = entry_window_start(late, contest=contest)
    assert entry_window(contest, cut) == (clock.now, END)
    clock.at(START + timedelta(minutes=30))  # a second start keeps the first
    assert entry_window_start(early, contest=contest).started_at == START + timedelta(minutes=10)


def test_virtual_participation_opens_after_the_end_in_a_window_of_its_own(clock, organiser):
    contest = make_contest(organiser)
    user = UserFactory()
    clock.at(END - timedelta(seconds=1))
    with pytest.raises(ContestRefused) as early:
        contest_join_virtual(user, contest=contest)
    assert early.value.code == "not_ended"
    clock.at(END + timedelta(days=2))
    entry = contest_join_virtual(user, contest=contest)
    assert entry.virtual and entry_window(contest, entry) == (clock.now, clock.now + (END - START))
    contest.allow_virtual = False
    with pytest.raises(ContestRefused):
        contest_join_virtual(UserFactory(), contest=contest)


def test_submitting_needs_a_running_window(
    clock, organiser, enqueued, django_capture_on_commit_callbacks
):
    contest = make_contest(organiser)
    user = UserFactory()
    contest_join(user, contest=contest)
    clock.at(START - timedelta(seconds=1))
    with pytest.raises(ContestRefused) as early:
        submit(user, contest)
    assert early.value.code == "not_in_window"
    with pytest.raises(ContestRefused) as stranger:
        clock.at(START)
        submit(UserFactory(), contest)
    assert stranger.value.code == "not_in_window"
    with django_capture_on_commit_callbacks(execute=True):
        submission = submit(user, contest)
    assert submission.problem == contest.problems.get(label="A").problem
    assert enqueued == [(submission.pk, "cpu", False)]


def test_after_the_end_a_contest_problem_is_practice(clock, organiser):
    contest = make_contest(organiser)
    clock.at(END)
    assert submit(UserFactory(), contest, label="B").pk  # a public contest: anyone practises


def test_the_contests_devices_and_languages_are_enforced_in_the_window(clock, organiser):
    contest = make_contest(organiser, devices=["cpu"], languages=["pytorch"])
    user = UserFactory()
    contest_join(user, contest=contest)
    clock.at(START)
    with pytest.raises(ContestRefused) as device:
        submit(user, contest, device_kind="gpu-h200")
    assert device.value.code == "device_not_allowed"
    with pytest.raises(ContestRefused) as language:
        submit(user, contest, language="triton")
    assert language.value.code == "language_not_allowed"


def test_the_rate_limit_counts_the_whole_teams_submits(clock, organiser, settings):
    settings.KJ_RATE_LIMIT_COUNT = 100
    contest = make_contest(organiser, team_size_max=2, rate_limit_count=2, rate_limit_window_s=60)
    lead, mate = UserFactory(), UserFactory()
    entry = contest_join(lead, contest=contest, team_name="Pair")
    contest_join_team(mate, contest=contest, team_code=entry.team_code)
    clock.at(START)
    submit(lead, contest)
    submit(mate, contest, label="B")
    with pytest.raises(ContestRefused) as limited:
        submit(lead, contest)
    assert limited.value.code == "rate_limited" and limited.value.retry_after_s == 60
    clock.at(START + timedelta(seconds=60))
    assert submit(lead, contest).pk


def test_the_gpu_quota_counts_gpu_submits_only(clock, organiser, settings):
    settings.KJ_RATE_LIMIT_COUNT = 100
    settings.KJ_ALLOW_OFFLINE_DEVICE_KINDS = ["gpu-h200"]
    contest = make_contest(organiser, devices=["cpu", "gpu-h200"], gpu_quota=1)
    user = UserFactory()
    contest_join(user, contest=contest)
    clock.at(START)
    submit(user, contest, device_kind="gpu-h200")
    with pytest.raises(ContestRefused) as used:
        submit(user, contest, device_kind="gpu-h200")
    assert used.value.code == "gpu_quota_used"
    assert submit(user, contest, device_kind="cpu").pk


def test_a_private_groups_problem_is_opened_to_participants_only(clock, organiser):
    from contests.services.groups import group_problem_add

    owner = UserFactory()
    group = group_create(owner, slug="lab", name="Lab")
    contest = make_contest(owner, group=group)
    problem = contest.problems.get(label="A").problem
    group_problem_add(group, problem=problem)
    problem.refresh_from_db()
    assert not problem.published
    member = UserFactory()
    from contests.services.groups import group_member_set

    group_member_set(group, user=member, role="member")
    contest_join(member, contest=contest)
    clock.at(START)
    assert submit(member, contest).problem_id == problem.pk


def test_an_organiser_moves_the_end_and_the_window_follows(clock, organiser):
    from contests.services.contests import contest_update

    contest = make_contest(organiser)
    user = UserFactory()
    contest_join(user, contest=contest)
    clock.at(START + timedelta(minutes=30))
    contest_update(contest, ends_at=clock.now)
    assert entry_current(user, contest, clock.now) is None
    with pytest.raises(ContestRefused):
        contest_update(contest, ends_at=START)
    with pytest.raises(ContestRefused):
        contest_update(contest, owner_id=user.pk)
