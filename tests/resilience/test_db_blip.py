"""The worker's PostgreSQL connection is cut (pg_terminate_backend) while it judges, with the
REAL runner: the worker reconnects and retries (judge/judging/dbretry.py); the result is recorded
once, nothing is lost."""

from __future__ import annotations

import time

import pytest
from django.db import connection

from judge.models import RUNNING_STATUSES, Status, Submission
from judge.submissions.services import submission_create
from tests.factories import UserFactory
from tests.live import wait_until
from tests.resilience.harness import (
    SOLUTION,
    assert_each_judged_once,
    fleet,
    is_postgres,
    redis_url,
    sync_tiny_problem,
    wait_all_done,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(400),
]


def terminate_worker_backends(app_name: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s "
            "AND pid <> pg_backend_pid()",
            [app_name],
        )
        return cursor.fetchone()[0]


def test_worker_survives_dropped_database_connections(tmp_path, settings):
    if not is_postgres():
        pytest.skip(
            "needs PostgreSQL (DATABASE_URL) to cut a worker's connection with "
            "pg_terminate_backend; SQLite has no server connection to drop (CI runs PostgreSQL)"
        )
    url = redis_url()
    problem = sync_tiny_problem()
    user = UserFactory(username="blip")
    # The real runner takes seconds to start on a loaded CI box: a judging deadline well
    # above that, so only the retries (not the reconciler) can save the job.
    slow_ok = {"KJ_RUNNING_STALE_S": "300"}
    with fleet(url, tmp_path, settings, fake_runner=False, extra_env=slow_ok) as f:
        app_name = f.env("x")["PGAPPNAME"]
        name = f.start()
        ids = [
            submission_create(
                user,
                problem=problem,
                language="pytorch",
                device_kind="cpu",
                mode="run",
                source=SOLUTION,
            ).pk
        ]

        def judging():
            f.assert_alive()
            return Submission.objects.filter(pk=ids[0], status__in=RUNNING_STATUSES).exists()

        wait_until(judging, 240, "the worker to claim the submission", f.log(name))
        cuts = 0
        # Cut the worker's connection(s) a few times while the real runner works, as long as
        # the job lasts (the runner's start-up alone is seconds).
        for _ in range(4):
            if Submission.objects.filter(pk=ids[0], status=Status.DONE).exists():
                break
            cuts += terminate_worker_backends(app_name)
            time.sleep(1.5)
        waited = wait_all_done(ids, f, 240)
        log = f.log(name).read_text(errors="replace")
    assert_each_judged_once(ids)
    row = Submission.objects.get(pk=ids[0])
    assert row.attempt == 1  # judged by the same claim: the worker retried, nothing requeued
    assert row.requeue_count == 0
    retries = log.count("reconnecting in")
    print(
        f"\ndb blip: {cuts} backends terminated mid-job; {retries} retried database calls; "
        f"accepted {waited:.1f} s later by attempt {row.attempt}"
    )
    assert cuts >= 1
    assert retries >= 1, log[-4000:]
