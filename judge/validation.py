"""The admin's Validate action and rejudging after a problem changes: the reference and the
problem's known solutions are judged through the real pipeline as validation submissions
(never ranked); finished submits judged against an older version are rejudged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet

from judge.models import Mode, Status, Submission
from judge.rules import languages_offered
from judge.submissions.services import submission_create, submission_rejudge
from problems.models import Problem
from problems.starters import reference_as_pytorch_solution
from runner.contract import language_of_file


def _catalog_solutions(problem: Problem) -> list[tuple[str, str, str, str]]:
    """(name, language, source, expected) for the package's solutions/ files."""
    folder = settings.BASE_DIR / "problems" / "catalog" / problem.slug / "solutions"
    found = []
    if not problem.from_catalog or not folder.is_dir():
        return found
    for path in sorted(folder.iterdir()):
        language = language_of_file(path.name)
        if language is None:
            continue
        expected = "accepted" if path.name.startswith("correct") else "not accepted"
        found.append((path.name, language, path.read_text(), expected))
    return found


@dataclass
class ValidationPlan:
    submitted: list[Submission]
    skipped: list[str]


def problem_validate(
    problem: Problem, *, staff_user: Any, device_kind: str = "cpu"
) -> ValidationPlan:
    """Judge the reference (wrapped as a PyTorch solution) and the problem's stored solutions
    through the real pipeline, as `staff_user`, on `device_kind`. The submissions are marked
    `validation` (never ranked) and labelled with what was expected."""
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
    offered = languages_offered(device_kind)
    with transaction.atomic():
        for name, language, source, expected in candidates:
            if language not in offered:
                plan.skipped.append(f"{name} ({language}: not judged on {device_kind})")
                continue
            submission = submission_create(
                staff_user, problem=problem, language=language, device_kind=device_kind,
                mode=Mode.SUBMIT, source=source,
            )  # fmt: skip
            label = f"{name} [{language}] expect {expected}"[:200]
            Submission.objects.filter(pk=submission.pk).update(
                validation=True, validation_label=label
            )
            submission.validation, submission.validation_label = True, label
            plan.submitted.append(submission)
    return plan


def submissions_outdated(problem: Problem) -> QuerySet[Submission]:
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
