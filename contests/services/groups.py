"""Writes of groups: creating one, its members and roles, its private problems."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from contests.errors import ContestRefused
from contests.models import Group, GroupMembership, GroupProblem, Role
from contests.selectors.groups import group_problem_ids
from contests.services.contests import SLUG_RE
from judge.models import Mode, Submission
from judge.submissions.services import submission_create
from problems.models import Problem


def group_create(user: Any, *, slug: str, name: str, description: str = "") -> Group:
    """A new group with `user` as its owner."""
    if not SLUG_RE.match(slug):
        raise ContestRefused("Use lowercase letters, digits and dashes.", field="slug")
    if Group.objects.filter(slug=slug).exists():
        raise ContestRefused("That slug is taken.", "slug_taken", status=409, field="slug")
    with transaction.atomic():
        group = Group.objects.create(slug=slug, name=name, description=description)
        GroupMembership.objects.create(group=group, user=user, role=Role.OWNER)
    return group


def group_member_set(group: Group, *, user: Any, role: str) -> GroupMembership:
    """Add a member or change a member's role; the last owner keeps the role."""
    if role not in Role.values:
        raise ContestRefused(f"Role is one of {', '.join(Role.values)}.", field="role")
    with transaction.atomic():
        current = GroupMembership.objects.select_for_update().filter(group=group, user=user).first()
        if current is not None and current.role == Role.OWNER and role != Role.OWNER:
            _keep_an_owner(group, leaving=user)
        membership, _ = GroupMembership.objects.update_or_create(
            group=group, user=user, defaults={"role": role}
        )
    return membership


def group_member_remove(group: Group, *, user: Any) -> None:
    with transaction.atomic():
        current = GroupMembership.objects.select_for_update().filter(group=group, user=user).first()
        if current is None:
            return
        if current.role == Role.OWNER:
            _keep_an_owner(group, leaving=user)
        current.delete()


def _keep_an_owner(group: Group, *, leaving: Any) -> None:
    others = GroupMembership.objects.filter(group=group, role=Role.OWNER).exclude(user=leaving)
    if not others.exists():
        raise ContestRefused("A group keeps one owner at least.", "last_owner", status=409)


def group_problem_add(group: Group, *, problem: Problem) -> GroupProblem:
    """Make the problem private to the group: it is unpublished (off the public list and its
    leaderboards) and opened to the group's members and its contests' participants."""
    with transaction.atomic():
        Problem.objects.filter(pk=problem.pk).update(published=False)
        link, _ = GroupProblem.objects.get_or_create(group=group, problem=problem)
    return link


def group_problem_submit(
    user: Any, *, group: Group, problem: Problem, language: str, device_kind: str, source: str,
    mode: str = Mode.SUBMIT,
) -> Submission:  # fmt: skip
    """Practice on one of the group's problems (its members only); judged as any other."""
    if not GroupMembership.objects.filter(group=group, user_id=user.pk).exists():
        raise ContestRefused("No such group.", "not_found", status=404)
    if problem.pk not in group_problem_ids(group):
        raise ContestRefused("The group has no such problem.", "not_found", status=404)
    return submission_create(user, problem=problem, language=language, device_kind=device_kind,
                             mode=mode, source=source, problem_opened=True)  # fmt: skip


def group_problems_hide(group: Group) -> None:
    """Keep the group's private problems unpublished (after an admin edit of the group)."""
    Problem.objects.filter(pk__in=group.problems.values("problem_id")).update(published=False)
