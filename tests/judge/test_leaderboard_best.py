"""LeaderboardBest: kept right by every write that changes what ranks; boards read from it."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from judge.judging.claim import judging_claim
from judge.judging.record import judging_result_record
from judge.leaderboards.histogram import score_histogram
from judge.leaderboards.selectors import (
    LeaderboardRows,
    leaderboard_default_device,
    leaderboard_for_problem,
    leaderboard_global,
    leaderboard_summary,
    submission_rank,
)
from judge.leaderboards.services import leaderboard_best_refresh
from judge.models import LeaderboardBest, Status, Submission
from judge.submissions.services import submission_moderate, submission_rejudge, submissions_delete
from runner.contract import JudgeResult
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db
backfill = importlib.import_module("judge.migrations.0005_leaderboard_best")


def accepted(user, problem, score, **kw):
    defaults = {"status": Status.DONE, "verdict": "accepted", "mode": "submit", "score": score}
    return SubmissionFactory(user=user, problem=problem, **{**defaults, **kw})


def result(score_ms: float, verdict: str = "accepted") -> JudgeResult:
    return JudgeResult(verdict=verdict, message="", benchmark={"cases": [], "score_ms": score_ms})


def judged(user, problem, score_ms: float, verdict: str = "accepted", **kw) -> Submission:
    """A submission through the real path: create, claim, record."""
    submission = SubmissionFactory(user=user, problem=problem, **kw)
    judging_claim(submission.pk, worker_name="w1")
    assert judging_result_record(submission.pk, attempt=1, result=result(score_ms, verdict))
    submission.refresh_from_db()
    return submission


def board(problem, device="cpu", language=None) -> list[tuple[str, int, float]]:
    return [
        (e.username, e.rank, e.score_ms) for e in leaderboard_for_problem(problem, device, language)
    ]


def test_recorded_results_keep_each_users_best_per_language_and_overall():
    problem = ProblemFactory()
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    judged(ann, problem, 3.0)
    judged(ann, problem, 2.0, language="triton")
    judged(ann, problem, 4.0)  # slower: changes nothing
    judged(bob, problem, 2.5)
    judged(bob, problem, 1.0, verdict="wrong_answer")  # not accepted: never ranks
    judged(bob, problem, 0.5, mode="run")  # a run has no score
    assert board(problem) == [("ann", 1, 2.0), ("bob", 2, 2.5)]
    assert board(problem, language="pytorch") == [("bob", 1, 2.5), ("ann", 2, 3.0)]
    assert board(problem, language="triton") == [("ann", 1, 2.0)]
    assert leaderboard_for_problem(problem, "cpu")[0].language == "triton"
    assert LeaderboardBest.objects.count() == 5  # ann: '', pytorch, triton; bob: '', pytorch


def test_ties_share_a_rank_and_the_earlier_submission_is_listed_first():
    problem = ProblemFactory()
    now = timezone.now()
    late = accepted(UserFactory(username="late"), problem, 1.0)
    early = accepted(UserFactory(username="early"), problem, 1.0)
    Submission.objects.filter(pk=early.pk).update(created_at=now - timedelta(hours=1))
    Submission.objects.filter(pk=late.pk).update(created_at=now)
    for s in (early, late):
        leaderboard_best_refresh(s.user_id, problem_id=problem.pk, device_kind="cpu")
    accepted(UserFactory(username="slow"), problem, 2.0)
    assert board(problem) == [("early", 1, 1.0), ("late", 1, 1.0), ("slow", 3, 2.0)]
    assert [e.percentile for e in leaderboard_for_problem(problem, "cpu")] == [
        100.0,
        100.0,
        33.33,
    ]


def test_own_equal_scores_keep_the_earliest_submission():
    problem = ProblemFactory()
    user = UserFactory()
    first = accepted(user, problem, 1.0)
    accepted(user, problem, 1.0)
    [entry] = leaderboard_for_problem(problem, "cpu")
    assert entry.submission_id == first.pk


def test_rejudge_hide_cheat_and_delete_bring_back_the_next_best():
    problem = ProblemFactory()
    user = UserFactory(username="ann")
    second = judged(user, problem, 2.0)
    best = judged(user, problem, 1.0)
    assert board(problem) == [("ann", 1, 1.0)]
    submission_moderate(best, hidden=True)
    assert board(problem) == [("ann", 1, 2.0)]
    submission_moderate(best, hidden=False)
    assert board(problem) == [("ann", 1, 1.0)]
    submission_rejudge(best)  # queued again: its old score no longer counts
    assert board(problem) == [("ann", 1, 2.0)]
    judging_claim(best.pk, worker_name="w2")
    judging_result_record(best.pk, attempt=2, result=result(0.5))
    assert board(problem) == [("ann", 1, 0.5)]
    submission_moderate(best, hidden=True, cheat_reason="cached the output")
    assert board(problem) == [("ann", 1, 2.0)]
    submissions_delete(Submission.objects.filter(pk=second.pk))
    assert board(problem) == []
    assert not LeaderboardBest.objects.exists()


def test_validation_and_rejected_results_never_rank():
    problem = ProblemFactory()
    staff = UserFactory(is_staff=True)
    submission = SubmissionFactory(user=staff, problem=problem, validation=True)
    judging_claim(submission.pk, worker_name="w1")
    judging_result_record(submission.pk, attempt=1, result=result(1.0))
    judged(UserFactory(), problem, 1.0, verdict="rejected")
    assert board(problem) == []


def test_pages_rank_across_page_boundaries_and_the_own_entry():
    problem = ProblemFactory()
    scores = [1.0, 2.0, 2.0, 2.0, 3.0, 4.0, 4.0]
    users = [UserFactory(username=f"u{i}") for i in range(len(scores))]
    for user, score in zip(users, scores, strict=True):
        accepted(user, problem, score)
    whole = leaderboard_for_problem(problem, "cpu")
    rows = LeaderboardRows(problem, "cpu", None)
    assert rows.count() == len(rows) == 7
    assert [e.rank for e in whole] == [1, 2, 2, 2, 5, 6, 6]
    for start in range(7):
        for stop in range(start, 9):
            assert rows[start:stop] == whole[start:stop]
    assert rows[6] == whole[6]
    sub = Submission.objects.get(user=users[3], problem=problem)
    entry = submission_rank(sub)
    assert entry == whole[3] and entry.rank == 2 and entry.percentile == round(100 * 6 / 7, 2)


def test_default_device_and_histogram():
    problem = ProblemFactory()
    for score in [0.01, 0.1, 0.1, 1.0, 10.0]:
        accepted(UserFactory(), problem, score, device_kind="gpu-h200")
    accepted(UserFactory(), problem, 1.0)
    assert leaderboard_default_device(problem) == "gpu-h200"
    assert leaderboard_default_device(ProblemFactory()) == "cpu"
    size, in_db = leaderboard_summary(problem, "gpu-h200")
    assert size == 5 and in_db == score_histogram([0.01, 0.1, 0.1, 1.0, 10.0])
    assert sum(in_db.counts) == in_db.total == 5 and in_db.counts[0] == 1 and in_db.counts[-1] == 1
    assert leaderboard_summary(problem, "gpu-a100") == (0, None)


def test_global_leaderboard_sums_best_ranks_over_solved_problems():
    p1, p2 = ProblemFactory(), ProblemFactory()
    ann, bob, cat = (UserFactory(username=n) for n in ("ann", "bob", "cat"))
    accepted(ann, p1, 1.0)
    accepted(bob, p1, 2.0)
    accepted(bob, p1, 0.5, device_kind="gpu-h200")  # bob's best rank on p1: 1 (gpu-h200)
    accepted(ann, p2, 2.0)
    accepted(bob, p2, 1.0)
    accepted(cat, p2, 1.0)
    accepted(cat, ProblemFactory(published=False), 1.0)  # a draft does not count
    rows = [(e.username, e.rank, e.solved, e.rank_sum) for e in leaderboard_global()]
    assert rows == [("bob", 1, 2, 2), ("ann", 2, 2, 4), ("cat", 3, 1, 1)]


def test_migration_backfill_agrees_with_the_service():
    problem = ProblemFactory()
    for i in range(4):
        user = UserFactory()
        accepted(user, problem, 3.0 - i)
        accepted(user, problem, 1.5 + i, language="triton")
        accepted(user, problem, 0.1, hidden_from_leaderboard=True)
    accepted(UserFactory(), problem, 0.1, device_kind="gpu-h200", language="cuda")
    fields = ("problem_id", "device_kind", "language", "user_id", "submission_id", "score",
              "solution_language")  # fmt: skip
    kept = sorted(LeaderboardBest.objects.values_list(*fields))
    LeaderboardBest.objects.all().delete()
    with connection.cursor() as cursor:
        for board_language in ("s.language", "''"):
            cursor.execute(backfill.BACKFILL.format(board=board_language))
    assert sorted(LeaderboardBest.objects.values_list(*fields)) == kept
    assert len(kept) == 4 * 3 + 2  # per user: all languages, pytorch, triton; cuda: 2


def test_cuda_judged_through_the_cpu_emulation_ranks_on_no_board():
    problem = ProblemFactory()
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    emulated = judged(ann, problem, 0.5, language="cuda", device_kind="cpu")
    judged(bob, problem, 4.0, language="pytorch", device_kind="cpu")
    assert emulated.verdict == "accepted" and emulated.score == 0.5  # its time is kept, shown
    assert board(problem) == [("bob", 1, 4.0)]  # but ranks on no CPU board
    assert board(problem, language="cuda") == []
    assert submission_rank(emulated) is None
    on_gpu = judged(ann, problem, 0.2, language="cuda", device_kind="gpu-h200")
    assert board(problem, "gpu-h200") == [("ann", 1, 0.2)] and submission_rank(on_gpu).rank == 1
