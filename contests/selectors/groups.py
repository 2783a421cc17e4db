"""Reads of groups: members, private problems, the group leaderboard."""

from __future__ import annotations

from contests.models import ContestProblem, Group, GroupMembership, GroupProblem
from judge.submissions.selectors import solved_counts
from problems.models import Problem


def group_get(slug: str) -> Group | None:
    return Group.objects.filter(slug=slug).first()


def group_members(group: Group) -> list[GroupMembership]:
    return list(
        GroupMembership.objects.filter(group=group)
        .select_related("user")
        .order_by("user__username")
    )


def group_problem_ids(group: Group) -> list[int]:
    """The group's private problems and the problems of its contests."""
    own = GroupProblem.objects.filter(group=group).values_list("problem_id", flat=True)
    contests = ContestProblem.objects.filter(contest__group=group).values_list(
        "problem_id", flat=True
    )
    return sorted(set(own) | set(contests))


def group_problems(group: Group) -> list[Problem]:
    return list(
        Problem.objects.filter(pk__in=group_problem_ids(group))
        .defer("spec", "starters")
        .order_by("slug")
    )


def group_leaderboard(group: Group) -> list[dict]:
    """The members ranked by how many of the group's problems they solved (more first),
    then by when they reached that count (earlier first); equal rows share a rank."""
    members = group_members(group)
    counts = solved_counts(
        user_ids=[m.user_id for m in members], problem_ids=group_problem_ids(group)
    )
    rows = []
    for m in members:
        solved, last = counts.get(m.user_id, (0, None))
        rows.append({"username": m.user.username, "role": m.role, "solved": solved, "last": last})
    rows.sort(key=lambda r: (-r["solved"], r["last"] is None, r["last"] or 0, r["username"]))
    for i, row in enumerate(rows):
        prev = rows[i - 1] if i else None
        same = prev and (prev["solved"], prev["last"]) == (row["solved"], row["last"])
        row["rank"] = prev["rank"] if same else i + 1
    return rows
