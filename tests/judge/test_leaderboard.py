"""leaderboard_for_problem: best accepted submit per user, ranks with ties, percentiles."""

from __future__ import annotations

import pytest

from judge.leaderboards.selectors import leaderboard_for_problem
from judge.models import Status
from judge.problem_stats import problem_list_with_stats
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def accepted(user, problem, score, **kw):
    defaults = {"status": Status.DONE, "verdict": "accepted", "mode": "submit", "score": score}
    return SubmissionFactory(user=user, problem=problem, **{**defaults, **kw})


def test_ranks_percentiles_ties_and_filters():
    problem = ProblemFactory()
    ann, bob, cat, dan, eve = (UserFactory(username=n) for n in ("ann", "bob", "cat", "dan", "eve"))
    accepted(ann, problem, 3.0)
    best_ann = accepted(ann, problem, 1.0)  # ann's best counts, once
    accepted(bob, problem, 2.0)
    accepted(cat, problem, 2.0)  # ties bob
    accepted(dan, problem, 4.0, language="triton")
    accepted(eve, problem, 0.1, hidden_from_leaderboard=True)  # caught cheating
    accepted(eve, problem, 0.5, mode="run")  # runs never rank
    SubmissionFactory(user=eve, problem=problem, status=Status.DONE, verdict="wrong_answer")
    accepted(eve, problem, 0.2, device_kind="gpu-h200")  # another device's board
    accepted(eve, ProblemFactory(), 0.2)  # another problem

    board = leaderboard_for_problem(problem, "cpu")
    assert [(e.username, e.rank, e.score_ms) for e in board] == [
        ("ann", 1, 1.0),
        ("bob", 2, 2.0),
        ("cat", 2, 2.0),
        ("dan", 4, 4.0),
    ]
    assert [e.percentile for e in board] == [100.0, 75.0, 75.0, 25.0]
    assert board[0].submission_id == best_ann.pk

    triton = leaderboard_for_problem(problem, "cpu", language="triton")
    assert [(e.username, e.rank, e.percentile) for e in triton] == [("dan", 1, 100.0)]
    assert [e.username for e in leaderboard_for_problem(problem, "gpu-h200")] == ["eve"]
    assert leaderboard_for_problem(problem, "gpu-a100") == []


def test_problem_list_with_stats():
    problem = ProblemFactory(slug="a-problem")
    ProblemFactory(slug="hidden", published=False)
    user = UserFactory()
    accepted(user, problem, 1.0)
    accepted(user, problem, 2.0)
    SubmissionFactory(problem=problem)
    [row] = problem_list_with_stats()
    assert (row.slug, row.submission_count, row.solved_by) == ("a-problem", 3, 1)
