"""One user's burst does not starve another user: A submits 200, then B submits 1; B's
submission is judged before A's 50th (fair claim order, judge/judging/claim.py)."""

from __future__ import annotations

import time

import pytest

from judge.models import Submission
from judge.submissions.services import submission_create
from tests.factories import UserFactory
from tests.resilience.harness import (
    SOLUTION,
    assert_each_judged_once,
    fleet,
    redis_url,
    sync_tiny_problem,
    wait_all_done,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(420),
]


def test_a_burst_does_not_starve_another_user(tmp_path, settings):
    url = redis_url()
    problem = sync_tiny_problem()
    alice, bob = UserFactory(username="burst-alice"), UserFactory(username="lone-bob")
    with fleet(url, tmp_path, settings) as f:
        f.start(concurrency=2)
        started = time.monotonic()
        burst = [
            submission_create(
                alice,
                problem=problem,
                language="pytorch",
                device_kind="cpu",
                mode="run",
                source=SOLUTION,
            ).pk
            for _ in range(200)
        ]
        lone = submission_create(
            bob, problem=problem, language="pytorch", device_kind="cpu", mode="run", source=SOLUTION
        ).pk
        waited = wait_all_done(burst + [lone], f, 360)
    assert_each_judged_once(burst + [lone])
    finished = dict(
        Submission.objects.filter(pk__in=burst + [lone]).values_list("pk", "finished_at")
    )
    alice_order = sorted(finished[pk] for pk in burst)
    before_bob = sum(1 for t in alice_order if t < finished[lone])
    print(
        f"\nfairness: 201 judged in {time.monotonic() - started:.1f} s "
        f"(waited {waited:.1f} s); Alice's submissions finished before Bob's: {before_bob}"
    )
    assert finished[lone] < alice_order[49], f"Bob waited behind {before_bob} of Alice's"
