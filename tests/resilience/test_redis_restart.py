"""Redis restarted (without saving: every queued message is gone) in the middle of a burst:
nothing is lost, because the database is the source of truth and the reconciler re-enqueues
queued rows whose task vanished. Submissions made while Redis is down are accepted too."""

from __future__ import annotations

import subprocess
import time
from urllib.parse import urlparse

import pytest
import redis

from judge.models import Status, Submission
from judge.submissions.services import submission_create
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
    pytest.mark.timeout(420),
    pytest.mark.serial,  # Redis goes down: every other test on it would fail meanwhile
]

# How CI (and this machine) runs its Redis; the test restarts it the same way.
REDIS_START = [
    "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379",
    "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis",
    "--logfile", "/var/log/redis/ci.log",
]  # fmt: skip
BURST = 120


def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def redis_up(url: str) -> bool:
    try:
        return bool(redis_client(url).ping())
    except redis.RedisError:
        return False


def restart_command(url: str) -> list[str]:
    parsed = urlparse(url)
    if parsed.hostname not in ("127.0.0.1", "localhost") or (parsed.port or 6379) != 6379:
        pytest.skip(f"this test restarts only the local Redis on port 6379, not {url}")
    return REDIS_START


def test_redis_restart_mid_burst_loses_nothing(tmp_path, settings):
    url = redis_url()
    command = restart_command(url)
    problem = sync_tiny_problem()
    users = [UserFactory(username=f"redis-{i}") for i in range(3)]
    started = time.monotonic()
    with fleet(url, tmp_path, settings) as f:
        f.start()
        f.start()
        ids = [
            submission_create(
                users[i % 3],
                problem=problem,
                language="pytorch",
                device_kind="cpu",
                mode="run",
                source=SOLUTION,
            ).pk
            for i in range(BURST)
        ]
        wait_until(
            lambda: Submission.objects.filter(pk__in=ids, status=Status.DONE).count() >= 10,
            180, "the first judgements", f.log(next(iter(f.procs))),
        )  # fmt: skip
        lost_messages = 0
        try:
            client = redis_client(url)
            lost_messages = sum(
                client.llen(k) for k in client.scan_iter(f"{f.queue}*") if client.type(k) == b"list"
            )
            try:
                client.shutdown(nosave=True)
            except redis.ConnectionError:
                pass  # the server closes the connection as it exits
            wait_until(lambda: not redis_up(url), 30, "Redis to stop")
            down_at = time.monotonic()
            # Submissions made while the broker is down are stored; their enqueue fails
            # quietly and the reconciler sends them later.
            during = [
                submission_create(
                    users[i % 3],
                    problem=problem,
                    language="pytorch",
                    device_kind="cpu",
                    mode="run",
                    source=SOLUTION,
                ).pk
                for i in range(5)
            ]
            ids += during
            time.sleep(2)
        finally:
            if not redis_up(url):
                subprocess.run(command, check=True, timeout=30)
            wait_until(lambda: redis_up(url), 30, "Redis to come back")
        down_s = time.monotonic() - down_at
        waited = wait_all_done(ids, f, 300)
    assert_each_judged_once(ids)
    requeued = sum(Submission.objects.filter(pk__in=ids).values_list("requeue_count", flat=True))
    print(
        f"\nredis restart: {len(ids)} submissions, ~{lost_messages} queued messages lost with "
        f"Redis (down {down_s:.1f} s), {requeued} re-enqueues by the reconciler; all judged "
        f"{waited:.1f} s after the restart ({time.monotonic() - started:.1f} s in all)"
    )
    assert requeued >= 1
