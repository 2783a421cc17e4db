"""Faults of the real stack: the worker container killed mid-judgement, Redis restarted,
PostgreSQL restarted. Every submission ends judged exactly once (one recorded result, its
verdict the right one), none is lost. A second worker "host" (another compose project with its
own state, on the same broker and database) takes jobs beside the first."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.docker.stack import Site, Stack, StackError, solution, wait_for

pytestmark = pytest.mark.timeout(1200)

PROBLEM = "vector-add"
RUNNING = ("compiling", "testing", "benchmarking")


def running(stack: Stack, pk: int) -> bool:
    return stack.submission_rows([pk])[pk]["status"] in RUNNING


def submit_correct(site: Site) -> int:
    return site.submit(PROBLEM, "pytorch", solution(PROBLEM, "correct_pytorch.py"), mode="run")


def assert_judged_once(stack: Stack, site: Site, ids: list[int], timeout_s: float = 600) -> dict:
    """Every row done and accepted through the API, with one recorded result each."""
    for pk in ids:
        row = site.wait_done(pk, timeout_s)
        assert row["verdict"] == "accepted", (row["message"], stack.logs("worker-cpu"))
    rows = stack.submission_rows(ids)
    assert sorted(rows) == sorted(ids)
    for row in rows.values():
        assert row["status"] == "done" and row["finished_at"] is not None, row
    return rows


def test_a_worker_container_killed_mid_judgement_loses_nothing(stack: Stack, user_site: Site):
    container = stack.container("worker-cpu")
    pk = submit_correct(user_site)
    wait_for(f"submission {pk} to be mid-judgement", lambda: running(stack, pk), 300, 0.5)
    restarts = stack.docker("inspect", "-f", "{{.RestartCount}}", container).stdout.strip()
    pid = int(stack.docker("inspect", "-f", "{{.State.Pid}}", container).stdout)
    os.kill(pid, signal.SIGKILL)  # the container's init dies: the whole container crashes
    wait_for("the engine to restart the worker container",
             lambda: stack.docker("inspect", "-f", "{{.RestartCount}}", container).stdout.strip()
             != restarts, 60)  # fmt: skip
    rows = assert_judged_once(stack, user_site, [pk], timeout_s=600)
    # the killed claim's deadline passed, the reconciler requeued the row, a new claim judged it
    assert rows[pk]["attempt"] == 2, rows[pk]
    stack.wait_healthy(["worker-cpu"], timeout_s=300)


def test_redis_restarted_mid_judgement_loses_nothing(stack: Stack, user_site: Site):
    ids = [submit_correct(user_site) for _ in range(2)]
    wait_for("a submission mid-judgement", lambda: any(running(stack, pk) for pk in ids), 300, 0.5)
    stack.compose("restart", "-t", "5", "redis")  # the queued one is in Redis's append-only file
    stack.wait_healthy(["redis"], timeout_s=120)
    rows = assert_judged_once(stack, user_site, ids)
    assert all(row["attempt"] == 1 for row in rows.values()), rows


def test_postgresql_restarted_mid_judgement_loses_nothing(stack: Stack, user_site: Site):
    ids = [submit_correct(user_site) for _ in range(2)]
    wait_for("a submission mid-judgement", lambda: any(running(stack, pk) for pk in ids), 300, 0.5)
    stack.compose("restart", "-t", "10", "postgres")
    stack.wait_healthy(["postgres"], timeout_s=120)
    rows = assert_judged_once(stack, user_site, ids)
    assert all(row["attempt"] == 1 for row in rows.values()), rows


def test_a_second_worker_host_takes_jobs_beside_the_first(stack: Stack, user_site: Site):
    second = Stack(project="kje2e-b", worker_host="kj-e2e-b", password=stack.password,
                   secret_key=stack.secret_key, extra_env=stack.extra_env)  # fmt: skip
    try:
        second.up("--no-deps", "worker-cpu")  # only a worker: the first project's DB and broker
        second.wait_healthy(["worker-cpu"], timeout_s=300)
        ids = [submit_correct(user_site) for _ in range(4)]

        def two_at_once():
            rows = stack.submission_rows(ids).values()
            names = {r["worker_name"] for r in rows if r["status"] in RUNNING}
            return names if len(names) == 2 else None

        names = wait_for("two submissions judged at once, one per worker host", two_at_once,
                         420, 0.5)  # fmt: skip
        assert names == {"kj-e2e-a:cpu", "kj-e2e-b:cpu"}, names
        rows = assert_judged_once(stack, user_site, ids)
        assert {r["worker_name"] for r in rows.values()} == names
        assert all(row["attempt"] == 1 for row in rows.values()), rows
    except StackError:
        print(second.logs("worker-cpu"))
        raise
    finally:
        second.down()
        time.sleep(1)
