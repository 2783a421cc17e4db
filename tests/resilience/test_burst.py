"""1,000 submissions through the real queue (real Redis, two real Celery worker processes,
the real claim/record path; the stand-in runner of harness.py judges): all judged, none lost,
none judged twice. Prints the time it took."""

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
    pytest.mark.timeout(600),
]

BURST = 1000
USERS = 10


def test_a_thousand_submissions_all_judged_once(tmp_path, settings):
    url = redis_url()
    problem = sync_tiny_problem()
    users = [UserFactory(username=f"burst-{i}") for i in range(USERS)]
    # Under this much load a claim may wait long; only a real crash should cause a reclaim.
    with fleet(url, tmp_path, settings, extra_env={"KJ_RUNNING_STALE_S": "120"}) as f:
        f.start(concurrency=2)
        f.start(concurrency=2)
        started = time.monotonic()
        ids = [
            submission_create(
                users[i % USERS],
                problem=problem,
                language="pytorch",
                device_kind="cpu",
                mode="run",
                source=SOLUTION,
            ).pk
            for i in range(BURST)
        ]
        created_s = time.monotonic() - started
        wait_all_done(ids, f, 540)
        total_s = time.monotonic() - started
    assert_each_judged_once(ids)
    rows = Submission.objects.filter(pk__in=ids)
    assert rows.count() == BURST
    assert Submission.objects.filter(user__in=users).count() == BURST  # no duplicate rows
    reclaimed = rows.filter(attempt__gt=1).count()
    requeued = rows.filter(requeue_count__gt=0).count()
    print(
        f"\nburst: {BURST} submissions created in {created_s:.1f} s, all judged after "
        f"{total_s:.1f} s ({BURST / total_s:.1f}/s) by 2 worker processes x concurrency 2; "
        f"rows claimed more than once: {reclaimed}; re-enqueued by the reconciler: {requeued}"
    )
    assert reclaimed == 0
