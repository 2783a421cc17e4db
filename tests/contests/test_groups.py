"""Groups: roles, the last owner, private problems opened to members, the group leaderboard."""

from __future__ import annotations

from datetime import timedelta

import pytest

from contests.errors import ContestRefused
from contests.selectors.access import contest_organises, contests_visible
from contests.selectors.groups import group_leaderboard
from contests.services.groups import (
    group_create,
    group_member_remove,
    group_member_set,
    group_problem_add,
    group_problem_submit,
)
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.contests.conftest import START, judged, make_contest
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_group_keeps_one_owner(clock):
    owner = UserFactory()
    group = group_create(owner, slug="club", name="Club")
    with pytest.raises(ContestRefused) as last:
        group_member_set(group, user=owner, role="member")
    assert last.value.code == "last_owner"
    with pytest.raises(ContestRefused):
        group_member_remove(group, user=owner)
    second = UserFactory()
    group_member_set(group, user=second, role="owner")
    group_member_remove(group, user=owner)
    assert list(group.memberships.values_list("user_id", "role")) == [(second.pk, "owner")]


def test_group_staff_organise_its_contests_and_members_see_them(clock):
    owner, staff, member, outsider = (UserFactory() for _ in range(4))
    group = group_create(owner, slug="course", name="Course")
    group_member_set(group, user=staff, role="staff")
    group_member_set(group, user=member, role="member")
    contest = make_contest(owner, group=group)
    assert contest_organises(staff, contest) and not contest_organises(member, contest)
    assert list(contests_visible(member)) == [contest]
    assert list(contests_visible(outsider)) == []
    with pytest.raises(ContestRefused) as refused:
        make_contest(member, group=group, slug="mine")
    assert refused.value.status == 403


def test_a_private_problem_is_practised_by_members_only(clock, settings):
    owner, member, outsider = UserFactory(), UserFactory(), UserFactory()
    group = group_create(owner, slug="lab", name="Lab")
    group_member_set(group, user=member, role="member")
    problem = ProblemFactory()
    group_problem_add(group, problem=problem)
    fields = {"language": "pytorch", "device_kind": "cpu", "source": PYTORCH_VECTOR_ADD}
    assert group_problem_submit(member, group=group, problem=problem, **fields).pk
    with pytest.raises(ContestRefused):
        group_problem_submit(outsider, group=group, problem=problem, **fields)
    with pytest.raises(ContestRefused):
        group_problem_submit(member, group=group, problem=ProblemFactory(), **fields)


def test_the_group_leaderboard_ranks_members_by_solved_then_time(clock):
    owner = UserFactory(username="owner")
    group = group_create(owner, slug="club", name="Club")
    fast, slow, idle = (UserFactory(username=n) for n in ("fast", "slow", "idle"))
    for user in (fast, slow, idle):
        group_member_set(group, user=user, role="member")
    p1, p2, outside = ProblemFactory(), ProblemFactory(), ProblemFactory()
    group_problem_add(group, problem=p1)
    group_problem_add(group, problem=p2)
    for user, problem, minute in ((slow, p1, 1), (fast, p1, 2), (fast, p2, 3), (slow, p2, 9),
                                  (idle, outside, 1)):  # fmt: skip
        clock.at(START + timedelta(minutes=minute))
        judged(SubmissionFactory(user=user, problem=problem))
    got = [(r["rank"], r["username"], r["solved"]) for r in group_leaderboard(group)]
    assert got == [(1, "fast", 2), (2, "slow", 2), (3, "idle", 0), (3, "owner", 0)]
