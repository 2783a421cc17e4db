"""Writes of contests: creating one, setting its problems, unfreezing its board."""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from contests.errors import ContestRefused
from contests.models import Access, Contest, ContestProblem, Group, GroupProblem, Scoring
from contests.selectors.access import group_manages
from contests.services.participation import new_code
from contests.services.revision import contest_touch
from problems.models import Problem
from runner.contract import LANGUAGES

DEVICE_RE = re.compile(r"^(cpu|gpu-[a-z0-9][a-z0-9_.-]{0,24})$")
SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")


def contest_check(
    *,
    slug: str,
    starts_at: datetime,
    ends_at: datetime,
    access: str,
    scoring: str,
    devices: list[str],
    languages: list[str],
    window_minutes: int | None,
    team_size_max: int,
    speed_cap: float,
) -> None:
    """Raise ContestRefused naming the first setting that cannot work."""
    if not SLUG_RE.match(slug):
        raise ContestRefused("Use lowercase letters, digits and dashes.", field="slug")
    if ends_at <= starts_at:
        raise ContestRefused("The contest must end after it starts.", field="ends_at")
    if access not in Access.values:
        raise ContestRefused(f"Access is one of {', '.join(Access.values)}.", field="access")
    if scoring not in Scoring.values:
        raise ContestRefused(f"Scoring is one of {', '.join(Scoring.values)}.", field="scoring")
    if not devices or any(not DEVICE_RE.match(d) for d in devices):
        raise ContestRefused("Name the devices, e.g. ['gpu-h200'] or ['cpu'].", field="devices")
    unknown = sorted(set(languages) - set(LANGUAGES))
    if unknown:
        raise ContestRefused(f"Unknown languages: {', '.join(unknown)}.", field="languages")
    if window_minutes is not None and window_minutes < 1:
        raise ContestRefused("A window lasts a minute at least.", field="window_minutes")
    if team_size_max < 1:
        raise ContestRefused("A team has one member at least.", field="team_size_max")
    if not math.isfinite(speed_cap) or speed_cap <= 1:
        raise ContestRefused("The speed cap is a speedup above 1.", field="speed_cap")


def contest_create(
    user: Any,
    *,
    slug: str,
    title: str,
    starts_at: datetime,
    ends_at: datetime,
    devices: list[str],
    description: str = "",
    group: Group | None = None,
    access: str = Access.PUBLIC,
    scoring: str = Scoring.ICPC,
    languages: list[str] | None = None,
    window_minutes: int | None = None,
    freeze_minutes: int = 0,
    team_size_max: int = 1,
    penalty_minutes: int = 20,
    speed_cap: float = 10.0,
    allow_virtual: bool = True,
    registration_open: bool = True,
    rate_limit_count: int | None = None,
    rate_limit_window_s: int = 60,
    gpu_quota: int | None = None,
    problems: list[tuple[Problem, int]] | None = None,
) -> Contest:
    """A new contest organised by `user` (in `group`, which the user must run; site staff
    may create contests outside groups, and so may anyone where KJ_CONTESTS_OPEN allows)."""
    languages = list(languages or [])
    contest_check(slug=slug, starts_at=starts_at, ends_at=ends_at, access=access,
                  scoring=scoring, devices=list(devices), languages=languages,
                  window_minutes=window_minutes, team_size_max=team_size_max,
                  speed_cap=speed_cap)  # fmt: skip
    if group is not None and not group_manages(user, group):
        raise ContestRefused("Only the group's owners and staff create its contests.",
                             "permission_denied", status=403)  # fmt: skip
    if group is None and not getattr(user, "is_staff", False):
        raise ContestRefused("Create contests inside a group you run.", "permission_denied",
                             status=403)  # fmt: skip
    if Contest.objects.filter(slug=slug).exists():
        raise ContestRefused("That slug is taken.", "slug_taken", status=409, field="slug")
    with transaction.atomic():
        contest = _contest_row(
            user, slug=slug, title=title, description=description, group=group, access=access,
            starts_at=starts_at, ends_at=ends_at, window_minutes=window_minutes, scoring=scoring,
            penalty_minutes=penalty_minutes, speed_cap=speed_cap, freeze_minutes=freeze_minutes,
            devices=list(devices), languages=languages, team_size_max=team_size_max,
            allow_virtual=allow_virtual, registration_open=registration_open,
            rate_limit_count=rate_limit_count, rate_limit_window_s=rate_limit_window_s,
            gpu_quota=gpu_quota,
        )  # fmt: skip
        if problems:
            contest_problems_set(contest, problems=problems, user=user)
    contest.refresh_from_db()
    return contest


def _contest_row(user: Any, *, access: str, **fields: Any) -> Contest:
    return Contest.objects.create(
        owner=user, access=access, join_code=new_code() if access == Access.CODE else "",
        invite_token=new_code() if access == Access.INVITE else "", **fields,
    )  # fmt: skip


def contest_problems_set(
    contest: Contest, *, problems: list[tuple[Problem, int]], user: Any = None
) -> None:
    """Replace the contest's problem set: (problem, points) in order, labelled A, B, C...
    `user` (unless site staff) may set published problems and the group's private ones."""
    if user is not None and not getattr(user, "is_staff", False):
        private = set(
            GroupProblem.objects.filter(group_id=contest.group_id).values_list(
                "problem_id", flat=True
            )
        )
        for problem, _ in problems:
            if not problem.published and problem.pk not in private:
                raise ContestRefused(f"There is no problem {problem.slug!r}.", "no_such_problem",
                                     field="problems")  # fmt: skip
    if len(problems) > 26:
        raise ContestRefused("A contest has 26 problems at most.", field="problems")
    if len({p.pk for p, _ in problems}) != len(problems):
        raise ContestRefused("A problem appears twice.", field="problems")
    with transaction.atomic():
        ContestProblem.objects.filter(contest=contest).delete()
        ContestProblem.objects.bulk_create(
            ContestProblem(
                contest=contest, problem=problem, points=points, label=chr(65 + i), order=i
            )
            for i, (problem, points) in enumerate(problems)
        )
        contest_touch(contest)


def contest_unfreeze(contest: Contest) -> None:
    """Show the whole board to everyone (the freeze ends for good)."""
    now = timezone.now()
    Contest.objects.filter(pk=contest.pk, unfrozen_at__isnull=True).update(unfrozen_at=now)
    contest_touch(contest)
    contest.refresh_from_db()


def contest_codes_fill(contest: Contest) -> None:
    """Give a code contest its join code and an invite contest its token where missing
    (contests authored in the admin)."""
    fields = {}
    if contest.access == Access.CODE and not contest.join_code:
        fields["join_code"] = new_code()
    if contest.access == Access.INVITE and not contest.invite_token:
        fields["invite_token"] = new_code()
    if fields:
        Contest.objects.filter(pk=contest.pk).update(**fields)


EDITABLE = ("title", "description", "starts_at", "ends_at", "freeze_minutes", "registration_open")


def contest_update(contest: Contest, **fields: Any) -> Contest:
    """Change the contest's title, description, times, freeze or registration (an organiser
    moving the end, closing registration...); the board follows at once."""
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise ContestRefused(f"These cannot be changed here: {', '.join(sorted(unknown))}.")
    starts_at = fields.get("starts_at", contest.starts_at)
    ends_at = fields.get("ends_at", contest.ends_at)
    if ends_at <= starts_at:
        raise ContestRefused("The contest must end after it starts.", field="ends_at")
    if fields.get("freeze_minutes", 0) < 0:
        raise ContestRefused("The freeze lasts zero minutes or more.", field="freeze_minutes")
    with transaction.atomic():
        Contest.objects.filter(pk=contest.pk).update(**fields, updated_at=timezone.now())
        contest_touch(contest)
    contest.refresh_from_db()
    return contest
