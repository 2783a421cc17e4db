"""Writes of submissions: creating one (after the rules), rejudging, cancelling, moderating
and deleting. A new or rejudged row is enqueued once it is committed (judge.queue)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from judge import queue, rules
from judge.errors import SubmissionRefused
from judge.leaderboards.services import leaderboard_best_refresh
from judge.models import RUNNING_STATUSES, Mode, Status, Submission, SubmitsVersion, Verdict
from judge.profiling import profile_submission_check
from problems.models import Problem


def submission_create(
    user: Any,
    *,
    problem: Problem,
    language: str,
    device_kind: str,
    mode: str,
    source: str,
    problem_opened: bool = False,
) -> Submission:
    """Check the rules, store a queued submission and enqueue it once the row is committed.
    `problem_opened`: the caller has decided this user may submit to this (possibly
    unpublished) problem (a contest's private problem for its participants)."""
    if not problem_opened:
        rules.check_problem_open(problem, user)
    rules.check_mode(mode)
    rules.check_device_kind(device_kind)
    rules.check_language(language, device_kind)
    rules.check_source(source)
    with transaction.atomic():
        rules.check_rate(user)
        if mode == Mode.PROFILE:
            profile_submission_check(user, device_kind)  # a GPU, and its own rate limit
        submission = Submission.objects.create(
            user=user,
            problem=problem,
            problem_version=problem.version,
            language=language,
            device_kind=device_kind,
            mode=mode,
            source=source,
            status=Status.QUEUED,
            deadline=timezone.now() + timedelta(seconds=settings.KJ_QUEUED_STALE_S),
        )
        if mode == Mode.SUBMIT:
            submits_version_bump(problem.pk)
        submission_id = submission.pk
        transaction.on_commit(lambda: queue.enqueue_judging(submission_id, device_kind))
    return submission


def submission_rejudge(submission: Submission) -> None:
    """Reset a submission to queued against the problem's current version; low priority."""
    now = timezone.now()
    with transaction.atomic():
        Submission.objects.filter(pk=submission.pk).update(
            status=Status.QUEUED,
            problem_version=submission.problem.version,
            verdict="",
            message="",
            result=None,
            score=None,
            progress=[],
            hidden_from_leaderboard=False,
            cheat_reason="",
            requeue_count=0,
            started_at=None,
            finished_at=None,
            deadline=now + timedelta(seconds=settings.KJ_QUEUED_STALE_S),
        )
        _refresh_board_of(submission)
        pk, kind = submission.pk, submission.device_kind
        if submission.mode == Mode.SUBMIT:
            submits_version_bump(submission.problem_id)
        transaction.on_commit(lambda: queue.enqueue_judging(pk, kind, rejudge=True))


def submission_cancel(user: Any, *, submission_id: int) -> Submission | None:
    """Cancel one of the user's (any, for staff) submissions that is queued or being judged.
    None if there is no such submission for this user; raises
    SubmissionRefused(code="not_cancellable") once it is finished. A queued one is never judged
    (a worker's claim is a conditional UPDATE on status=queued); for a running one the
    worker's judgement is discarded (its result is recorded only while the row is running)
    and the worker stops the job within about a second (judging_execute's should_stop)."""
    rows = Submission.objects.filter(pk=submission_id)
    if not getattr(user, "is_staff", False):
        rows = rows.filter(user_id=getattr(user, "pk", None))
    found = rows.values_list("status", "mode", "problem_id").first()
    if found is None:
        return None
    _, mode, problem_id = found
    now = timezone.now()
    with transaction.atomic():
        updated = _cancel(rows, now)
        if updated and mode == Mode.SUBMIT:
            submits_version_bump(problem_id)
    if not updated:
        current = rows.values_list("status", flat=True).first()
        raise SubmissionRefused(
            f"Submission {submission_id} is {current}; a finished submission cannot be cancelled.",
            "not_cancellable",
        )
    return rows.select_related("problem", "user").get()


def _cancel(rows: QuerySet[Submission], now: datetime) -> int:
    """queued -> cancelled, else running -> cancelled; how many rows changed (0 or 1)."""
    return rows.filter(status=Status.QUEUED).update(
        status=Status.CANCELLED, message="Cancelled before judging.", finished_at=now,
        deadline=None,
    ) or rows.filter(status__in=RUNNING_STATUSES).update(
        status=Status.CANCELLED,
        message="Cancelled while it was being judged; the judge's result was discarded.",
        finished_at=now, deadline=None,
    )  # fmt: skip


def submission_moderate(submission: Submission, *, hidden: bool, cheat_reason: str = "") -> None:
    """Hide (or show again) a submission on leaderboards; a cheat reason marks it cheated and
    rejected (the reason is shown to its author)."""
    fields: dict[str, Any] = {"hidden_from_leaderboard": hidden or bool(cheat_reason)}
    if cheat_reason:
        fields.update(
            cheat_reason=cheat_reason[:2000],
            verdict=Verdict.REJECTED,
            message=f"Marked as cheating by a moderator: {cheat_reason}"[:10_000],
            score=None,
        )
    elif not hidden:
        fields["cheat_reason"] = ""
    with transaction.atomic():
        Submission.objects.filter(pk=submission.pk).update(**fields)
        _refresh_board_of(submission)
        if submission.mode == Mode.SUBMIT:
            submits_version_bump(submission.problem_id)


def submissions_delete(submissions: QuerySet[Submission]) -> int:
    """Delete submissions (the admin) and put the next-best rows of their users on the
    leaderboards they held a place on. Returns how many were deleted."""
    with transaction.atomic():
        boards = set(submissions.values_list("user_id", "problem_id", "device_kind"))
        problems = set(submissions.filter(mode=Mode.SUBMIT).values_list("problem_id", flat=True))
        deleted, _ = Submission.objects.filter(pk__in=submissions.values("pk")).delete()
        for user_id, problem_id, device_kind in boards:
            leaderboard_best_refresh(user_id, problem_id=problem_id, device_kind=device_kind)
        for problem_id in sorted(problems):
            submits_version_bump(problem_id)
    return deleted


def submits_version_bump(problem_id: int) -> None:
    """Move the problem's SubmitsVersion on: every write that changes what a timed submit of
    the problem says (created, judged, rejudged, cancelled, hidden, deleted) calls this inside
    its own transaction, so a reader sees the new counter with the change."""
    SubmitsVersion.objects.bulk_create(
        [SubmitsVersion(problem_id=problem_id)], ignore_conflicts=True
    )
    SubmitsVersion.objects.filter(problem_id=problem_id).update(version=F("version") + 1)


def _refresh_board_of(submission: Submission) -> None:
    leaderboard_best_refresh(
        submission.user_id, problem_id=submission.problem_id, device_kind=submission.device_kind
    )
