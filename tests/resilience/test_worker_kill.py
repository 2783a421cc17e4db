"""A worker SIGKILLed mid-job, 20 times: every submission ends with exactly one recorded
result (its last claim's), nothing stays stuck, no duplicate rows."""

from __future__ import annotations

import time

import pytest

from judge.judging.record import judging_result_record
from judge.models import RUNNING_STATUSES, Submission
from judge.submissions.services import submission_create
from runner.contract import JudgeResult
from tests.factories import UserFactory
from tests.live import wait_until
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
    pytest.mark.timeout(480),
]

KILLS = 20
PER_ROUND = 2  # two workers per round, both killed mid-job (keeps the suite short)


def test_sigkilled_workers_lose_nothing(tmp_path, settings):
    url = redis_url()
    problem = sync_tiny_problem()
    users = [UserFactory(username=f"kill-{i}") for i in range(4)]
    started = time.monotonic()
    ids: list[int] = []
    with fleet(url, tmp_path, settings) as f:
        f.slow_flag.touch()  # the stand-in runner holds every job mid-testing
        for round_ in range(KILLS // PER_ROUND):
            names = [f.start() for _ in range(PER_ROUND)]
            for i in range(PER_ROUND):
                user = users[(round_ * PER_ROUND + i) % len(users)]
                ids.append(
                    submission_create(
                        user,
                        problem=problem,
                        language="pytorch",
                        device_kind="cpu",
                        mode="run",
                        source=SOLUTION,
                    ).pk
                )

            def all_busy(names=names):
                f.assert_alive()
                busy = Submission.objects.filter(worker_name__in=names, status__in=RUNNING_STATUSES)
                return set(busy.values_list("worker_name", flat=True)) == set(names)

            wait_until(all_busy, 120, f"workers {names} to be mid-job", f.log(names[0]))
            for name in names:
                f.kill(name)  # SIGKILL to the worker's whole process group
        killed_at = time.monotonic()
        cut = Submission.objects.filter(pk__in=ids, status__in=RUNNING_STATUSES).count()
        f.slow_flag.unlink()
        f.start()
        f.start()
        waited = wait_all_done(ids, f, 240)
    assert_each_judged_once(ids)
    attempts = list(Submission.objects.filter(pk__in=ids).values_list("attempt", flat=True))
    print(
        f"\nworker kills: {KILLS} SIGKILLs in {killed_at - started:.1f} s, {cut} rows left "
        f"mid-judging; all {len(ids)} judged {waited:.1f} s later; attempts per row "
        f"{sorted(attempts)} (total {sum(attempts)})"
    )
    assert sum(attempts) >= len(ids) + KILLS  # every kill cost its row one claim
    # A late result from a superseded attempt changes nothing.
    row = Submission.objects.filter(pk__in=ids, attempt__gt=1).first()
    before = (row.message, row.finished_at)
    late = JudgeResult(verdict="wrong_answer", message="late")
    assert not judging_result_record(row.pk, attempt=row.attempt - 1, result=late)
    assert not judging_result_record(row.pk, attempt=row.attempt, result=late)  # a duplicate
    row.refresh_from_db()
    assert (row.message, row.finished_at, row.verdict) == (*before, "accepted")
