"""Contests on a clock the tests set: `clock.at(moment)` moves django.utils.timezone.now
(which auto_now_add fields read too), so a submission is made at a chosen instant."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from contests.models import Access, Contest
from contests.services.contests import contest_create, contest_problems_set
from judge.models import Status, Submission
from tests.factories import ProblemFactory, UserFactory

START = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
END = START + timedelta(hours=2)


class Clock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = START - timedelta(hours=1)
        monkeypatch.setattr("django.utils.timezone.now", lambda: self.now)

    def at(self, moment: datetime) -> datetime:
        self.now = moment
        return moment


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def organiser():
    return UserFactory(username="organiser", is_staff=True)


def make_contest(organiser, *, problems: int = 2, **settings) -> Contest:
    fields = {
        "slug": "kernel-cup",
        "title": "Kernel Cup",
        "starts_at": START,
        "ends_at": END,
        "devices": ["cpu"],
        "access": Access.PUBLIC,
    }
    fields.update(settings)
    contest = contest_create(organiser, **fields)
    contest_problems_set(contest, problems=[(ProblemFactory(), 100) for _ in range(problems)])
    contest.refresh_from_db()
    return contest


def judged(submission: Submission, verdict: str = "accepted", score: float | None = 1.0,
           result: dict | None = None) -> Submission:  # fmt: skip
    """Record a verdict on a submission as the judging would (status done)."""
    Submission.objects.filter(pk=submission.pk).update(
        status=Status.DONE, verdict=verdict, score=score if verdict == "accepted" else None,
        result=result, finished_at=submission.created_at,
    )  # fmt: skip
    submission.refresh_from_db()
    return submission
