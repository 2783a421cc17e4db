"""Writes of the judging domain: creating, claiming, recording and requeueing submissions.

Every state change that could race with a redelivered task is a conditional UPDATE, so
running the same task twice, or a late result from a superseded attempt, changes nothing.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, F, Q, QuerySet
from django.utils import timezone

from judge.errors import SubmissionRefused
from judge.models import (
    RANKABLE,
    RUNNING_STATUSES,
    LeaderboardBest,
    Mode,
    Status,
    Submission,
    Verdict,
    Worker,
)
from judge.queues import enqueue_judging, queue_for
from judge.selectors import submissions_queued_fair_order
from problems.models import Problem

log = logging.getLogger("judge.judging")

DEVICE_KIND_RE = re.compile(r"^(cpu|gpu-[a-z0-9][a-z0-9_.-]{0,24})$")
PHASE_STATUS = {
    "compiling": Status.COMPILING,
    "testing": Status.TESTING,
    "benchmarking": Status.BENCHMARKING,
}
MAX_PROGRESS_EVENTS = 200


# --- leaderboards ---------------------------------------------------------------------------


def leaderboard_best_refresh(user_id: int, problem_id: int, device_kind: str) -> None:
    """Recompute the user's LeaderboardBest rows on one problem x device from their rankable
    submits. Every write that can change what ranks (a recorded result, a rejudge, a hide, a
    delete) calls this after its own change; the user's row is locked meanwhile, so two
    results of one user recorded at once cannot leave the older best behind."""
    with transaction.atomic():
        list(
            get_user_model()
            .objects.select_for_update(no_key=True)
            .filter(pk=user_id)
            .values_list("pk", flat=True)
        )
        rows = (
            Submission.objects.filter(
                RANKABLE, user_id=user_id, problem_id=problem_id, device_kind=device_kind
            )
            .order_by("score", "created_at", "pk")
            .values_list("pk", "language", "score", "created_at")
        )
        best: dict[str, tuple] = {}
        for row in rows:
            best.setdefault(row[1], row)
            best.setdefault("", row)
        board = LeaderboardBest.objects.filter(
            user_id=user_id, problem_id=problem_id, device_kind=device_kind
        )
        fields = ("submission_id", "solution_language", "score", "submitted_at")
        held = {row[0]: row[1:] for row in board.values_list("language", *fields)}
        stale = held.keys() - best.keys()
        if stale:
            board.filter(language__in=stale).delete()
        for language, row in best.items():
            if held.get(language) == row:
                continue
            values = dict(zip(fields, row, strict=True))
            if language in held:
                board.filter(language=language).update(**values)
            else:
                LeaderboardBest.objects.create(
                    user_id=user_id, problem_id=problem_id, device_kind=device_kind,
                    language=language, **values,
                )  # fmt: skip


def submissions_delete(submissions: QuerySet[Submission]) -> int:
    """Delete submissions (the admin) and put the next-best rows of their users on the
    leaderboards they held a place on. Returns how many were deleted."""
    with transaction.atomic():
        boards = set(submissions.values_list("user_id", "problem_id", "device_kind"))
        deleted, _ = Submission.objects.filter(pk__in=submissions.values("pk")).delete()
        for user_id, problem_id, device_kind in boards:
            leaderboard_best_refresh(user_id, problem_id, device_kind)
    return deleted


# --- creating -------------------------------------------------------------------------------


def _check_language(language: str, device_kind: str) -> None:
    offered = settings.KJ_LANGUAGES
    if language not in offered:
        raise SubmissionRefused(
            f"Unknown language {language!r}. Choose one of: {', '.join(offered)}.",
            "language_not_offered",
            "language",
        )
    if device_kind == "cpu" and language not in settings.KJ_CPU_LANGUAGES:
        raise SubmissionRefused(
            f"{language} runs only on GPU workers; on the CPU device choose one of: "
            f"{', '.join(settings.KJ_CPU_LANGUAGES)}.",
            "language_not_offered",
            "language",
        )


def device_kind_is_live(device_kind: str) -> bool:
    since = timezone.now() - timedelta(seconds=settings.KJ_WORKER_LIVE_S)
    return Worker.objects.filter(device_kind=device_kind, last_heartbeat__gte=since).exists()


def _check_device_kind(device_kind: str) -> None:
    if not DEVICE_KIND_RE.match(device_kind):
        raise SubmissionRefused(
            f"Unknown device {device_kind!r}. Use 'cpu' or a GPU kind such as 'gpu-h200'.",
            "device_not_offered",
            "device",
        )
    if device_kind == "cpu":
        return
    allowed = settings.KJ_ALLOW_OFFLINE_DEVICE_KINDS
    if "*" in allowed or device_kind in allowed or device_kind_is_live(device_kind):
        return
    raise SubmissionRefused(
        f"No {device_kind} worker is online right now, so that device cannot judge "
        f"submissions. Pick another device or try again later.",
        "device_not_offered",
        "device",
    )


def _check_source(source: str) -> None:
    size = len(source.encode("utf-8"))
    limit = settings.KJ_MAX_SOURCE_BYTES
    if size > limit:
        raise SubmissionRefused(
            f"The source is {size} bytes; the limit is {limit} bytes ({limit // 1024} KiB).",
            "source_too_large",
            "source",
        )
    if not source.strip():
        raise SubmissionRefused("The source is empty.", "invalid", "source")


def _check_rate(user: Any) -> None:
    if getattr(user, "is_staff", False):  # the admin's Validate action judges many at once
        return
    window = settings.KJ_RATE_LIMIT_WINDOW_S
    limit = settings.KJ_RATE_LIMIT_COUNT
    since = timezone.now() - timedelta(seconds=window)
    recent = Submission.objects.filter(user=user, created_at__gte=since).count()
    if recent >= limit:
        raise SubmissionRefused(
            f"Too many submissions: {recent} in the last {window} seconds (the limit is "
            f"{limit}). Please wait a little and try again.",
            "rate_limited",
            retry_after_s=window,
        )


def submission_create(
    user: Any, problem: Problem, language: str, device_kind: str, mode: str, source: str
) -> Submission:
    """Check the rules, store a queued submission and enqueue it once the row is committed."""
    if not problem.published and not getattr(user, "is_staff", False):  # staff validate drafts
        raise SubmissionRefused("This problem is not open.", "no_such_problem", "problem")
    if mode not in Mode.values:
        raise SubmissionRefused(f"Unknown mode {mode!r}. Use 'run' or 'submit'.", "invalid", "mode")
    _check_device_kind(device_kind)
    _check_language(language, device_kind)
    _check_source(source)
    with transaction.atomic():
        _check_rate(user)
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
        submission_id = submission.pk
        transaction.on_commit(lambda: enqueue_judging(submission_id, device_kind))
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
        leaderboard_best_refresh(submission.user_id, submission.problem_id, submission.device_kind)
        pk, kind = submission.pk, submission.device_kind
        transaction.on_commit(lambda: enqueue_judging(pk, kind, rejudge=True))


# --- judging --------------------------------------------------------------------------------


def _running_deadline() -> timedelta:
    return timedelta(seconds=settings.KJ_RUNNING_STALE_S)


def judging_claim(submission_id: int, worker_name: str) -> Submission | None:
    """Take a queued submission (or one whose judging deadline passed). None if not claimable."""
    now = timezone.now()
    claimable = Q(status=Status.QUEUED) | Q(status__in=RUNNING_STATUSES, deadline__lt=now)
    updated = (
        Submission.objects.filter(pk=submission_id)
        .filter(claimable)
        .update(
            status=Status.COMPILING,
            attempt=F("attempt") + 1,
            worker_name=worker_name[:200],
            started_at=now,
            progress=[],
            deadline=now + _running_deadline(),
        )
    )
    if not updated:
        return None
    submission = Submission.objects.select_related("problem").get(pk=submission_id)
    log.info(
        "claimed submission %s (attempt %s)", submission_id, submission.attempt,
        extra={"submission_id": submission_id, "attempt": submission.attempt,
               "worker": worker_name, "device_kind": submission.device_kind,
               "user_id": submission.user_id, "phase": "claimed"},
    )  # fmt: skip
    return submission


FAIR_CLAIM_CANDIDATES = 5


def judging_claim_next(submission_id: int, worker_name: str) -> Submission | None:
    """What a judging task claims. Fair scheduling on: the queued submission of the least
    recently served user on the same device kind as `submission_id` (every queued row has a
    task in the broker, so whichever row a task takes, each row is taken by some task); then
    `submission_id` itself if it is claimable (e.g. its judging deadline passed). Off: just
    `submission_id`. None if there is nothing to judge."""
    if settings.KJ_FAIR_SCHEDULING:
        kind = (
            Submission.objects.filter(pk=submission_id)
            .values_list("device_kind", flat=True)
            .first()
        )
        if kind is not None:
            for _ in range(3):  # other workers may win the race for the first candidates
                candidates = submissions_queued_fair_order(kind)[:FAIR_CLAIM_CANDIDATES]
                ids = list(candidates.values_list("pk", flat=True))
                if not ids:
                    break
                for pk in ids:
                    claimed = judging_claim(pk, worker_name)
                    if claimed is not None:
                        return claimed
    return judging_claim(submission_id, worker_name)


def judging_progress_record(submission_id: int, attempt: int, event: dict) -> bool:
    """Append a runner progress event and move the status along. False if superseded."""
    status = PHASE_STATUS.get(str(event.get("phase")))
    with transaction.atomic():
        row = (
            Submission.objects.select_for_update()
            .filter(pk=submission_id, attempt=attempt, status__in=RUNNING_STATUSES)
            .values("progress")
            .first()
        )
        if row is None:
            return False
        fields: dict[str, Any] = {
            "progress": (list(row["progress"]) + [event])[-MAX_PROGRESS_EVENTS:]
        }
        if status is not None:
            fields["status"] = status
        Submission.objects.filter(pk=submission_id).update(**fields)
    return True


def _score_from(result: dict, mode: str) -> float | None:
    if result.get("verdict") != Verdict.ACCEPTED or mode != Mode.SUBMIT:
        return None
    score = (result.get("benchmark") or {}).get("score_ms")
    if isinstance(score, int | float) and math.isfinite(score) and score > 0:
        return float(score)
    return None


def judging_result_record(submission_id: int, attempt: int, result: dict) -> bool:
    """Store the JudgeResult of one attempt. Only the first delivery counts; later ones are
    no-ops (returns False)."""
    verdict = result.get("verdict")
    if verdict not in Verdict.values:
        result = internal_error_result(f"The runner returned an unknown verdict {verdict!r}.")
        verdict = Verdict.INTERNAL_ERROR
    row = (
        Submission.objects.filter(pk=submission_id)
        .values_list("mode", "user_id", "problem_id", "device_kind", "validation")
        .first()
    )
    if row is None:
        return False
    mode, user_id, problem_id, device_kind, validation = row
    rejected = verdict == Verdict.REJECTED
    score = _score_from(result, mode)
    with transaction.atomic():
        updated = Submission.objects.filter(
            pk=submission_id, attempt=attempt, status__in=RUNNING_STATUSES
        ).update(
            status=Status.DONE,
            verdict=verdict,
            message=str(result.get("message", ""))[:10_000],
            result=result,
            score=score,
            hidden_from_leaderboard=rejected,
            cheat_reason=str(result.get("message", "")) if rejected else "",
            finished_at=timezone.now(),
            deadline=None,
        )
        if updated and score is not None and not rejected and not validation:
            leaderboard_best_refresh(user_id, problem_id, device_kind)
    phases = result.get("phases") if isinstance(result.get("phases"), dict) else {}
    log.info(
        "submission %s attempt %s: %s%s", submission_id, attempt, verdict,
        "" if updated else " (superseded; not recorded)",
        extra={"submission_id": submission_id, "attempt": attempt, "verdict": verdict,
               "phase": "done" if updated else "superseded",
               "duration_s": phases.get("total_s")},
    )  # fmt: skip
    return bool(updated)


def internal_error_result(message: str) -> dict:
    return {"schema_version": 1, "verdict": Verdict.INTERNAL_ERROR, "message": message}


# --- reconciling ----------------------------------------------------------------------------


def _tasks_missing(device_kinds: set[str]) -> dict[str, int | None]:
    """Per device kind, how many queued rows have no task in the broker, or None when that
    cannot be known. With fair scheduling any task of a kind serves any queued row of that
    kind, so tasks are missing only where the broker holds fewer than there are queued rows
    (a long backlog is then left alone instead of being enqueued twice)."""
    from judge.observability import broker_is_redis, broker_queue_lengths

    unknown: dict[str, int | None] = {kind: None for kind in device_kinds}
    if not device_kinds or not settings.KJ_FAIR_SCHEDULING or not broker_is_redis():
        return unknown
    try:
        lengths = broker_queue_lengths(device_kinds)
    except Exception:  # noqa: BLE001 - broker unreachable: enqueue as if everything is lost
        return unknown
    queued = dict(
        Submission.objects.filter(status=Status.QUEUED, device_kind__in=device_kinds)
        .values_list("device_kind")
        .annotate(n=Count("pk"))
    )
    return {kind: queued.get(kind, 0) - lengths.get(queue_for(kind), 0) for kind in device_kinds}


def submissions_requeue_stale() -> int:
    """Requeue submissions stuck queued or running past their deadline; give up (internal
    error) after KJ_MAX_ATTEMPTS requeues. A queued row whose task is evidently still in the
    broker only gets a later deadline. Returns how many rows were requeued or failed."""
    now = timezone.now()
    stale = list(
        Submission.objects.filter(
            Q(status=Status.QUEUED) | Q(status__in=RUNNING_STATUSES), deadline__lt=now
        )
        .order_by("pk")
        .values("pk", "status", "deadline", "device_kind", "requeue_count")
    )
    missing = _tasks_missing({r["device_kind"] for r in stale if r["status"] == Status.QUEUED})
    touched = 0
    for row in stale:
        same = Submission.objects.filter(
            pk=row["pk"], status=row["status"], deadline=row["deadline"]
        )
        gap = missing.get(row["device_kind"])
        if row["status"] == Status.QUEUED and gap is not None:
            if gap <= 0:  # its task (or an equivalent one) is waiting in the broker
                same.update(deadline=now + timedelta(seconds=settings.KJ_QUEUED_STALE_S))
                continue
            missing[row["device_kind"]] = gap - 1
        if row["requeue_count"] >= settings.KJ_MAX_ATTEMPTS:
            touched += same.update(
                status=Status.DONE,
                verdict=Verdict.INTERNAL_ERROR,
                message=(
                    f"No worker finished judging this submission after "
                    f"{row['requeue_count'] + 1} tries. Please submit again later."
                ),
                result=internal_error_result("Judging did not finish in time."),
                finished_at=now,
                deadline=None,
            )
            continue
        with transaction.atomic():
            updated = same.update(
                status=Status.QUEUED,
                requeue_count=F("requeue_count") + 1,
                deadline=now + timedelta(seconds=settings.KJ_QUEUED_STALE_S),
            )
            if updated:
                pk, kind = row["pk"], row["device_kind"]
                transaction.on_commit(lambda pk=pk, kind=kind: enqueue_judging(pk, kind))
                log.warning(
                    "requeued submission %s (was %s past its deadline)", pk, row["status"],
                    extra={"submission_id": pk, "device_kind": kind, "phase": row["status"],
                           "requeued": row["requeue_count"] + 1},
                )  # fmt: skip
        touched += updated
    return touched


# --- workers --------------------------------------------------------------------------------


def worker_register(name: str, device_kind: str, gpu_model: str, queues: list[str]) -> Worker:
    now = timezone.now()
    worker, _ = Worker.objects.update_or_create(
        name=name,
        defaults={
            "device_kind": device_kind,
            "gpu_model": gpu_model,
            "queues": queues,
            "last_heartbeat": now,
            "started_at": now,
        },
    )
    return worker


def workers_heartbeat(names: list[str]) -> int:
    return Worker.objects.filter(name__in=names).update(last_heartbeat=timezone.now())


# --- cancelling -----------------------------------------------------------------------------


def submission_cancel(user: Any, submission_id: int) -> Submission | None:
    """Cancel one of the user's (any, for staff) queued submissions. None if there is no such
    submission for this user; raises SubmissionRefused(code="not_cancellable") unless it is
    still queued. A worker's claim is a conditional UPDATE on status=queued, so a cancelled row
    is never judged."""
    rows = Submission.objects.filter(pk=submission_id)
    if not getattr(user, "is_staff", False):
        rows = rows.filter(user_id=getattr(user, "pk", None))
    current = rows.values_list("status", flat=True).first()
    if current is None:
        return None
    updated = rows.filter(status=Status.QUEUED).update(
        status=Status.CANCELLED,
        message="Cancelled before judging.",
        finished_at=timezone.now(),
        deadline=None,
    )
    if not updated:
        current = rows.values_list("status", flat=True).first()
        raise SubmissionRefused(
            f"Submission {submission_id} is {current}; only queued submissions can be cancelled.",
            "not_cancellable",
        )
    return rows.select_related("problem", "user").get()


# --- admin: validation, moderation, rejudging after a version bump ---------------------------


CATALOG_SOLUTION_LANGUAGES = (
    ("_pytorch.py", "pytorch"),
    ("_triton.py", "triton"),
    ("_cupy.py", "cupy"),
    ("_jax.py", "jax"),
    (".cu", "cuda"),
)


def _catalog_solutions(problem: Problem) -> list[tuple[str, str, str, str]]:
    """(name, language, source, expected) for the package's solutions/ files."""
    folder = settings.BASE_DIR / "problems" / "catalog" / problem.slug / "solutions"
    found = []
    if not problem.from_catalog or not folder.is_dir():
        return found
    for path in sorted(folder.iterdir()):
        language = next(
            (lang for end, lang in CATALOG_SOLUTION_LANGUAGES if path.name.endswith(end)), None
        )
        if language is None:
            continue
        expected = "accepted" if path.name.startswith("correct") else "not accepted"
        found.append((path.name, language, path.read_text(), expected))
    return found


@dataclass
class ValidationPlan:
    submitted: list[Submission]
    skipped: list[str]


def problem_validate(problem: Problem, staff_user: Any, device_kind: str = "cpu") -> ValidationPlan:
    """Judge the reference (wrapped as a PyTorch solution) and the problem's stored solutions
    through the real pipeline, as `staff_user`, on `device_kind`. The submissions are marked
    `validation` (never ranked) and labelled with what was expected."""
    from problems.starters import reference_as_pytorch_solution

    candidates = [
        ("reference (as PyTorch)", "pytorch",
         reference_as_pytorch_solution(str((problem.spec or {}).get("reference_source", ""))),
         "accepted"),
    ]  # fmt: skip
    candidates += [
        (s.name, s.language, s.source, s.expected_verdict) for s in problem.solutions.all()
    ]
    candidates += _catalog_solutions(problem)
    plan = ValidationPlan([], [])
    offered = settings.KJ_CPU_LANGUAGES if device_kind == "cpu" else settings.KJ_LANGUAGES
    with transaction.atomic():
        for name, language, source, expected in candidates:
            if language not in offered:
                plan.skipped.append(f"{name} ({language}: not judged on {device_kind})")
                continue
            submission = submission_create(
                staff_user, problem, language, device_kind, Mode.SUBMIT, source
            )
            label = f"{name} [{language}] expect {expected}"[:200]
            Submission.objects.filter(pk=submission.pk).update(
                validation=True, validation_label=label
            )
            submission.validation, submission.validation_label = True, label
            plan.submitted.append(submission)
    return plan


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
        leaderboard_best_refresh(submission.user_id, submission.problem_id, submission.device_kind)


def submissions_outdated(problem: Problem):
    """Finished submits judged against an older version of the problem."""
    return Submission.objects.filter(
        problem=problem, mode=Mode.SUBMIT, status=Status.DONE,
        problem_version__lt=problem.version, validation=False,
    )  # fmt: skip


def problem_rejudge_outdated(problem: Problem) -> int:
    """Rejudge (low priority) every finished submit judged against an older version."""
    count = 0
    for submission in submissions_outdated(problem).select_related("problem"):
        submission_rejudge(submission)
        count += 1
    return count
