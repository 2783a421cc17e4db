"""Who may see, organise and take part in a contest or a group; a user's entries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet

from contests.models import (
    Access,
    Contest,
    ContestProblem,
    Group,
    GroupMembership,
    Participation,
    Role,
)
from contests.windows import entry_window, window_holds


def _user_id(user: Any) -> int | None:
    return user.pk if getattr(user, "is_authenticated", False) else None


def group_role(user: Any, group: Group | None) -> str | None:
    """The user's role in the group, None if not a member."""
    if group is None or _user_id(user) is None:
        return None
    return (
        GroupMembership.objects.filter(group=group, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def group_manages(user: Any, group: Group) -> bool:
    """Owners and staff run a group (and the site's staff)."""
    return getattr(user, "is_staff", False) or group_role(user, group) in (Role.OWNER, Role.STAFF)


def contest_organises(user: Any, contest: Contest) -> bool:
    """The owner, the group's owners and staff, and the site's staff organise a contest."""
    if _user_id(user) is None:
        return False
    if getattr(user, "is_staff", False) or contest.owner_id == user.pk:
        return True
    return contest.group_id is not None and group_manages(user, contest.group)


def entries_of(user: Any, contest: Contest) -> QuerySet[Participation]:
    """The user's entries in the contest (an official one and a virtual one at most)."""
    return Participation.objects.filter(contest=contest, members__user_id=_user_id(user))


def entry_of(user: Any, contest: Contest, *, virtual: bool | None = None) -> Participation | None:
    rows = entries_of(user, contest)
    if virtual is not None:
        rows = rows.filter(virtual=virtual)
    return rows.order_by("virtual").first()


def entry_current(user: Any, contest: Contest, now: datetime) -> Participation | None:
    """The user's entry whose window holds `now`, if any."""
    for entry in entries_of(user, contest):
        if window_holds(entry_window(contest, entry), now):
            return entry
    return None


def contest_readable(user: Any, contest: Contest) -> bool:
    """Its page (title, times, how to join): anyone with the link, but a group's contest
    only to its members (and organisers)."""
    if contest.group_id is None or contest_organises(user, contest):
        return True
    return group_role(user, contest.group) is not None


def contest_visible(user: Any, contest: Contest) -> bool:
    """Listed public contests (a group's: to its members), and any contest the user
    organises or has an entry in. Invite and code contests are found by their link."""
    if contest_organises(user, contest):
        return True
    if entry_of(user, contest) is not None:
        return True
    if contest.group_id is not None and group_role(user, contest.group) is None:
        return False
    return contest.access == Access.PUBLIC


def contests_visible(user: Any) -> QuerySet[Contest]:
    uid = _user_id(user)
    rows = Contest.objects.select_related("group")
    if getattr(user, "is_staff", False):
        return rows.all()
    open_public = Q(access=Access.PUBLIC, group__isnull=True)
    if uid is None:
        return rows.filter(open_public)
    mine = (
        open_public
        | Q(access=Access.PUBLIC, group__memberships__user_id=uid)
        | Q(owner_id=uid)
        | Q(entries__members__user_id=uid)
        | Q(
            group__memberships__user_id=uid,
            group__memberships__role__in=(Role.OWNER, Role.STAFF),
        )
    )
    return rows.filter(mine).distinct()


def contest_get(slug: str) -> Contest | None:
    return Contest.objects.select_related("group", "owner").filter(slug=slug).first()


def contest_problems(contest: Contest) -> list[ContestProblem]:
    return list(
        ContestProblem.objects.filter(contest=contest)
        .select_related("problem")
        .defer("problem__spec", "problem__starters")
        .order_by("order", "label")
    )


def contest_problems_open(user: Any, contest: Contest, now: datetime) -> bool:
    """May the user read the contest's problems now? Organisers always; participants once
    their window has started; after the end, anyone who sees the contest (practice)."""
    if contest_organises(user, contest):
        return True
    if now >= contest.ends_at:
        return contest_visible(user, contest)
    if now < contest.starts_at:
        return False
    return any(
        (w := entry_window(contest, e)) is not None and w[0] <= now
        for e in entries_of(user, contest)
    )


def groups_of(user: Any) -> QuerySet[Group]:
    if getattr(user, "is_staff", False):
        return Group.objects.all()
    return Group.objects.filter(memberships__user_id=_user_id(user)).distinct()
