"""Taking part: joining (public, invite link, join code), teams, starting a per-entry window,
virtual participation, and submitting to a contest problem."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from contests.errors import ContestRefused
from contests.models import Access, Contest, ContestProblem, Participation, ParticipationMember
from contests.selectors.access import (
    contest_organises,
    contest_visible,
    entry_current,
    entry_of,
    group_role,
)
from contests.services.revision import contest_touch
from contests.windows import entry_window
from judge.models import Mode, Submission
from judge.submissions.selectors import submissions_for_contest
from judge.submissions.services import submission_create


def new_code() -> str:
    return secrets.token_urlsafe(9)


def _check_access(user: Any, contest: Contest, *, code: str, token: str) -> None:
    if contest.group_id is not None and group_role(user, contest.group) is None:
        if not contest_organises(user, contest):
            raise ContestRefused(
                "This contest is for its group's members.", "not_found", status=404
            )
    if contest.access == Access.CODE and not secrets.compare_digest(code, contest.join_code):
        raise ContestRefused("That join code is not right.", "bad_join_code", field="code")
    if contest.access == Access.INVITE and not secrets.compare_digest(token, contest.invite_token):
        raise ContestRefused("That invite link is not valid.", "bad_invite", field="token")


def _add_member(entry: Participation, user: Any) -> None:
    contest_touch(entry.contest)
    try:
        with transaction.atomic():
            ParticipationMember.objects.create(
                participation=entry, contest_id=entry.contest_id, user=user, virtual=entry.virtual
            )
    except IntegrityError:
        raise ContestRefused(
            "You already have an entry in this contest.", "already_joined", status=409
        ) from None


def contest_join(
    user: Any, *, contest: Contest, code: str = "", token: str = "", team_name: str = ""
) -> Participation:
    """Register the user (or a new team the user leads, named `team_name`) for the contest.
    Teams get a team code that their other members join with (contest_join_team)."""
    now = timezone.now()
    if now >= contest.ends_at:
        raise ContestRefused(
            "The contest has ended; take part virtually instead.", "contest_ended", status=409
        )
    if not contest.registration_open:
        raise ContestRefused("Registration is closed.", "registration_closed", status=409)
    _check_access(user, contest, code=code.strip(), token=token.strip())
    if team_name and contest.team_size_max < 2:
        raise ContestRefused("This contest has no teams.", "no_teams", field="team_name")
    with transaction.atomic():
        entry = Participation.objects.create(
            contest=contest,
            name=(team_name.strip() or user.username)[:100],
            team_code=new_code() if team_name else "",
        )
        _add_member(entry, user)
    return entry


def contest_join_team(user: Any, *, contest: Contest, team_code: str) -> Participation:
    """Join a team's entry with its team code, while it has fewer than team_size_max members."""
    if not contest.registration_open or timezone.now() >= contest.ends_at:
        raise ContestRefused("Registration is closed.", "registration_closed", status=409)
    if contest.group_id is not None and group_role(user, contest.group) is None:
        raise ContestRefused("This contest is for its group's members.", "not_found", status=404)
    with transaction.atomic():
        entry = (
            Participation.objects.select_for_update()
            .filter(contest=contest, virtual=False, team_code=team_code.strip())
            .exclude(team_code="")
            .first()
        )
        if entry is None:
            raise ContestRefused("No team has that code.", "bad_team_code", field="team_code")
        if entry.members.count() >= contest.team_size_max:
            raise ContestRefused(
                f"The team is full ({contest.team_size_max} members).", "team_full", status=409
            )
        _add_member(entry, user)
    return entry


def entry_window_start(user: Any, *, contest: Contest) -> Participation:
    """Start the user's entry's own window (contests with per-entry windows)."""
    now = timezone.now()
    entry = entry_of(user, contest, virtual=False)
    if entry is None:
        raise ContestRefused("Join the contest first.", "not_joined", status=403)
    if not contest.window_minutes:
        raise ContestRefused("This contest has one window for all.", "fixed_window")
    if not contest.starts_at <= now < contest.ends_at:
        raise ContestRefused("The contest is not running.", "not_running", status=409)
    Participation.objects.filter(pk=entry.pk, started_at__isnull=True).update(started_at=now)
    contest_touch(contest)
    entry.refresh_from_db()
    return entry


def contest_join_virtual(user: Any, *, contest: Contest) -> Participation:
    """Take a past contest in a window of its own length that starts now; ranked beside the
    official results, marked virtual."""
    if not contest.allow_virtual:
        raise ContestRefused("This contest has no virtual participation.", "no_virtual")
    if timezone.now() < contest.ends_at:
        raise ContestRefused(
            "Virtual participation opens when the contest ends.", "not_ended", status=409
        )
    if not contest_visible(user, contest):
        raise ContestRefused("No such contest.", "not_found", status=404)
    with transaction.atomic():
        entry = Participation.objects.create(
            contest=contest,
            name=user.username[:100],
            virtual=True,
            started_at=timezone.now(),
        )
        _add_member(entry, user)
    return entry


def contest_submit(
    user: Any,
    *,
    contest: Contest,
    label: str,
    language: str,
    device_kind: str,
    source: str,
    mode: str = Mode.SUBMIT,
) -> Submission:
    """Submit to a contest problem. Inside the user's window the contest's devices,
    languages, rate limit and GPU quota apply; after the end a problem is practice for
    whoever sees the contest. The submission is judged as any other (judge)."""
    now = timezone.now()
    cp = (
        ContestProblem.objects.select_related("problem")
        .filter(contest=contest, label=label)
        .first()
    )
    if cp is None:
        raise ContestRefused(f"The contest has no problem {label!r}.", "not_found", status=404)
    entry = entry_current(user, contest, now)
    if entry is None:
        if now >= contest.ends_at and contest_visible(user, contest):
            return submission_create(user, problem=cp.problem, language=language,
                                     device_kind=device_kind, mode=mode, source=source,
                                     problem_opened=True)  # fmt: skip
        if contest_organises(user, contest):
            return submission_create(user, problem=cp.problem, language=language,
                                     device_kind=device_kind, mode=mode, source=source,
                                     problem_opened=True)  # fmt: skip
        raise ContestRefused(
            "You have no running window in this contest.", "not_in_window", status=403
        )
    if entry.disqualified_at is not None:
        raise ContestRefused("Your entry is disqualified.", "disqualified", status=403)
    if contest.devices and device_kind not in contest.devices:
        raise ContestRefused(
            f"This contest is judged on {', '.join(contest.devices)}.", "device_not_allowed",
            field="device",
        )  # fmt: skip
    if contest.languages and language not in contest.languages:
        raise ContestRefused(
            f"This contest accepts {', '.join(contest.languages)}.", "language_not_allowed",
            field="language",
        )  # fmt: skip
    if mode == Mode.SUBMIT:
        _check_quotas(contest, entry, device_kind, now)
    return submission_create(user, problem=cp.problem, language=language,
                             device_kind=device_kind, mode=mode, source=source,
                             problem_opened=True)  # fmt: skip


def _check_quotas(contest: Contest, entry: Participation, device_kind: str, now) -> None:
    """The contest's rate limit and GPU quota, over the entry's members' timed submits on
    the contest's problems (runs are left to the site's own rate limit)."""
    window = entry_window(contest, entry)
    rows = submissions_for_contest(
        user_ids=list(entry.members.values_list("user_id", flat=True)),
        problem_ids=list(contest.problems.values_list("problem_id", flat=True)),
        start=window[0],
        end=window[1],
    )
    if contest.rate_limit_count:
        since = now - timedelta(seconds=contest.rate_limit_window_s)
        recent = rows.filter(created_at__gt=since).count()
        if recent >= contest.rate_limit_count:
            raise ContestRefused(
                f"Your entry made {recent} submissions in the last "
                f"{contest.rate_limit_window_s} seconds; the contest allows "
                f"{contest.rate_limit_count}.",
                "rate_limited",
                status=429,
                retry_after_s=contest.rate_limit_window_s,
            )
    if contest.gpu_quota is not None and device_kind != "cpu":
        used = rows.exclude(device_kind="cpu").count()
        if used >= contest.gpu_quota:
            raise ContestRefused(
                f"Your entry has used its {contest.gpu_quota} GPU submissions.",
                "gpu_quota_used",
                status=429,
            )
