"""Validation jobs (the admin's Validate runs) are no solves: they count neither in a
problem's "Solved by" nor in its acceptance rate, nor as the admin's solved problems; and
the global leaderboard shows a new solve at once, also with its cache on."""

from __future__ import annotations

import pytest
from django.conf import settings

from judge.leaderboards.selectors import leaderboard_global
from judge.models import Status
from judge.problem_stats import problem_list_for_api
from judge.submissions.selectors import problems_solved_by, user_stats
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory
from tests.judge.test_leaderboard_best import judged

pytestmark = pytest.mark.django_db


def done(user, problem, verdict: str, **kw):
    return SubmissionFactory(
        user=user, problem=problem, status=Status.DONE, verdict=verdict,
        score=1.0 if verdict == "accepted" else None, **kw,
    )  # fmt: skip


def test_validation_jobs_are_not_solves_nor_attempts():
    problem = ProblemFactory()
    admin = UserFactory(is_staff=True)
    for verdict in ("accepted", "accepted", "wrong_answer"):
        done(admin, problem, verdict, validation=True, validation_label="catalog solution")
    solver = UserFactory()
    done(solver, problem, "accepted")
    done(solver, problem, "wrong_answer")
    [row] = [p for p in problem_list_for_api() if p.pk == problem.pk]
    assert (row.solved_by, row.accepted_count, row.judged_count) == (1, 1, 2)
    assert row.acceptance_rate == 0.5
    assert row.submission_count == 2
    assert problems_solved_by(admin) == set() and problems_solved_by(solver) == {problem.pk}
    assert user_stats(admin).solved == 0 and user_stats(admin).accepted == 0


def test_problem_page_and_list_show_the_counts_without_validation_jobs(client):
    problem = ProblemFactory(title="Only Validated")
    done(UserFactory(is_staff=True), problem, "accepted", validation=True)
    r = client.get("/api/v1/problems/")
    [row] = [p for p in r.json()["results"] if p["slug"] == problem.slug]
    assert (row["solved_by"], row["acceptance_rate"]) == (0, None)


def test_global_leaderboard_is_fresh_right_after_a_solve(monkeypatch):
    monkeypatch.setattr(settings, "KJ_LEADERBOARD_CACHE_S", 3600)
    p1, p2 = ProblemFactory(), ProblemFactory()
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    judged(ann, p1, 2.0)
    assert [(e.username, e.solved) for e in leaderboard_global()] == [("ann", 1)]
    judged(bob, p1, 1.0)  # a new entry
    judged(bob, p2, 1.0)
    assert [(e.username, e.solved) for e in leaderboard_global()] == [("bob", 2), ("ann", 1)]
    judged(ann, p1, 0.5)  # a better time changes ann's rank on p1, not her count
    assert [(e.username, e.rank_sum) for e in leaderboard_global()] == [("bob", 3), ("ann", 1)]
    first = leaderboard_global()
    assert leaderboard_global() is first  # unchanged boards: the cached list


def test_a_validation_run_does_not_reach_the_global_leaderboard(monkeypatch):
    monkeypatch.setattr(settings, "KJ_LEADERBOARD_CACHE_S", 3600)
    judged(UserFactory(is_staff=True), ProblemFactory(), 1.0, validation=True)
    assert leaderboard_global() == []
