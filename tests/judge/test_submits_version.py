"""SubmitsVersion: every write that changes what a problem's timed submits say moves the
problem's counter (a contest's board is kept while it stays the same); runs, profiles and
reads do not."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from judge.judging.claim import judging_claim
from judge.judging.reconcile import submissions_requeue_stale
from judge.judging.record import judging_result_record
from judge.models import Mode, Status, Submission
from judge.submissions.selectors import submits_versions
from judge.submissions.services import (
    submission_cancel,
    submission_create,
    submission_moderate,
    submission_rejudge,
    submissions_delete,
)
from runner.contract import JudgeResult
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def version(problem) -> int:
    return dict(submits_versions([problem.pk])).get(problem.pk, 0)


def create(user, problem, mode=Mode.SUBMIT):
    return submission_create(user, problem=problem, language="pytorch", device_kind="cpu",
                             mode=mode, source=PYTORCH_VECTOR_ADD)  # fmt: skip


def record(submission, verdict="accepted"):
    attempt = judging_claim(submission.pk, worker_name="w1").attempt
    result = JudgeResult(verdict=verdict, message="", benchmark={"cases": [], "score_ms": 1.0})
    assert judging_result_record(submission.pk, attempt=attempt, result=result)


def test_every_write_to_a_timed_submit_moves_its_problems_version(enqueued, settings):
    settings.KJ_MAX_ATTEMPTS = 0
    problem, other = ProblemFactory(), ProblemFactory()
    user = UserFactory()
    assert version(problem) == 0 and submits_versions([problem.pk]) == ()
    steps = []
    submission = create(user, problem)
    steps.append(version(problem))  # created (queued: pending on a board)
    record(submission)
    steps.append(version(problem))  # judged
    submission.refresh_from_db()
    submission_moderate(submission, hidden=True)
    steps.append(version(problem))  # hidden
    submission_rejudge(submission)
    steps.append(version(problem))  # rejudged
    submission_cancel(user, submission_id=submission.pk)
    steps.append(version(problem))  # cancelled
    submissions_delete(Submission.objects.filter(pk=submission.pk))
    steps.append(version(problem))  # deleted
    stuck = SubmissionFactory(user=user, problem=problem, status=Status.TESTING, attempt=1,
                              deadline=timezone.now() - timedelta(seconds=1))  # fmt: skip
    assert submissions_requeue_stale() == 1
    stuck.refresh_from_db()
    assert stuck.verdict == "internal_error"
    steps.append(version(problem))  # given up on by the reconciler
    assert steps == [1, 2, 3, 4, 5, 6, 7]
    assert version(other) == 0  # another problem's counter stays


def test_runs_and_reads_leave_the_version_alone(enqueued):
    problem = ProblemFactory()
    run = create(UserFactory(), problem, mode=Mode.RUN)
    record(run)
    submits_versions([problem.pk])
    assert version(problem) == 0
