"""Claiming, progress, results, rejudges and the reconciler: conditional updates only."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from judge.judging.claim import judging_claim
from judge.judging.reconcile import submissions_requeue_stale
from judge.judging.record import judging_progress_record, judging_result_record
from judge.models import Status, Submission, Verdict
from judge.submissions.services import submission_rejudge
from runner.contract import JudgeResult
from tests.factories import SubmissionFactory

pytestmark = pytest.mark.django_db

ACCEPTED = JudgeResult(
    verdict="accepted",
    message="All 12 tests passed.",
    benchmark={"cases": [{"name": "N", "median_ms": 2.5}], "score_ms": 2.5},
)


def test_claim_once():
    submission = SubmissionFactory()
    claimed = judging_claim(submission.pk, worker_name="w1")
    assert claimed is not None
    assert (claimed.status, claimed.attempt, claimed.worker_name) == (Status.COMPILING, 1, "w1")
    assert claimed.started_at is not None and claimed.deadline > timezone.now()
    assert judging_claim(submission.pk, worker_name="w2") is None  # a redelivery finds it taken


def test_claim_again_after_deadline_passed():
    submission = SubmissionFactory()
    judging_claim(submission.pk, worker_name="w1")
    Submission.objects.filter(pk=submission.pk).update(deadline=timezone.now() - timedelta(1))
    again = judging_claim(submission.pk, worker_name="w2")
    assert again is not None and again.attempt == 2 and again.worker_name == "w2"


def test_result_recorded_only_once():
    submission = judging_claim(SubmissionFactory().pk, worker_name="w1")
    assert judging_result_record(submission.pk, attempt=1, result=ACCEPTED) is True
    other = replace(ACCEPTED, verdict="wrong_answer", message="Test 3 failed.")
    assert judging_result_record(submission.pk, attempt=1, result=other) is False
    submission.refresh_from_db()
    assert submission.status == Status.DONE
    assert submission.verdict == Verdict.ACCEPTED
    assert submission.message == "All 12 tests passed."
    assert submission.score == 2.5
    assert submission.finished_at is not None and submission.deadline is None
    assert judging_claim(submission.pk, worker_name="w2") is None


def test_result_of_a_superseded_attempt_is_ignored():
    submission = SubmissionFactory()
    judging_claim(submission.pk, worker_name="w1")
    Submission.objects.filter(pk=submission.pk).update(deadline=timezone.now() - timedelta(1))
    judging_claim(submission.pk, worker_name="w2")
    assert judging_result_record(submission.pk, attempt=1, result=ACCEPTED) is False
    assert judging_result_record(submission.pk, attempt=2, result=ACCEPTED) is True


def test_run_mode_has_no_score():
    submission = judging_claim(SubmissionFactory(mode="run").pk, worker_name="w1")
    judging_result_record(submission.pk, attempt=1, result=ACCEPTED)
    submission.refresh_from_db()
    assert submission.verdict == Verdict.ACCEPTED and submission.score is None


def test_rejected_is_hidden_with_reason():
    one = judging_claim(SubmissionFactory().pk, worker_name="w")
    judging_result_record(
        one.pk, attempt=1, result=JudgeResult(verdict="rejected", message="Output was cached.")
    )
    one.refresh_from_db()
    assert one.hidden_from_leaderboard and one.cheat_reason == "Output was cached."
    assert one.verdict == Verdict.REJECTED and one.score is None


def test_progress_moves_status_and_is_kept():
    submission = judging_claim(SubmissionFactory().pk, worker_name="w1")
    assert judging_progress_record(submission.pk, attempt=1, event={"phase": "compiling"})
    assert judging_progress_record(
        submission.pk, attempt=1, event={"phase": "testing", "test": 1, "total": 2}
    )
    submission.refresh_from_db()
    assert submission.status == Status.TESTING
    assert [e["phase"] for e in submission.progress] == ["compiling", "testing"]
    judging_progress_record(
        submission.pk, attempt=1, event={"phase": "benchmarking", "case": 1, "total": 1}
    )
    submission.refresh_from_db()
    assert submission.status == Status.BENCHMARKING
    assert judging_progress_record(submission.pk, attempt=7, event={"phase": "testing"}) is False


def test_rejudge_resets_and_enqueues_low_priority(enqueued, django_capture_on_commit_callbacks):
    submission = judging_claim(SubmissionFactory().pk, worker_name="w1")
    judging_result_record(submission.pk, attempt=1, result=ACCEPTED)
    submission.problem.version = 2
    submission.problem.save()
    submission.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        submission_rejudge(submission)
    submission.refresh_from_db()
    assert submission.status == Status.QUEUED
    assert (submission.verdict, submission.score, submission.result) == ("", None, None)
    assert submission.problem_version == 2
    assert enqueued == [(submission.pk, "cpu", True)]
    claimed = judging_claim(submission.pk, worker_name="w2")
    assert claimed.attempt == 2  # attempts never reset, so a stale result cannot match


def test_requeue_stale(enqueued, django_capture_on_commit_callbacks, settings):
    settings.KJ_MAX_ATTEMPTS = 1
    past = timezone.now() - timedelta(seconds=1)
    fresh = SubmissionFactory()
    stuck = SubmissionFactory(status=Status.TESTING, deadline=past, attempt=1)
    waiting = SubmissionFactory(status=Status.QUEUED, deadline=past)
    done = SubmissionFactory(status=Status.DONE, deadline=past, verdict="accepted")
    with django_capture_on_commit_callbacks(execute=True):
        assert submissions_requeue_stale() == 2
    assert sorted(e[0] for e in enqueued) == sorted([stuck.pk, waiting.pk])
    for row in (stuck, waiting):
        row.refresh_from_db()
        assert row.status == Status.QUEUED and row.requeue_count == 1
        assert row.deadline > timezone.now()
    fresh.refresh_from_db()
    done.refresh_from_db()
    assert fresh.requeue_count == 0 and done.status == Status.DONE
    # Past the attempt limit the reconciler gives up with a message.
    Submission.objects.filter(pk=stuck.pk).update(deadline=past)
    assert submissions_requeue_stale() == 1
    stuck.refresh_from_db()
    assert stuck.status == Status.DONE and stuck.verdict == Verdict.INTERNAL_ERROR
    assert "No worker finished judging this submission after 2 tries" in stuck.message
