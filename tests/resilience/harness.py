"""Shared machinery of the resilience tests: real Celery worker processes on the real Redis,
the test-only `kj-tiny-add` problem, a stand-in runner, a reconciler loop.

The stand-in runner (`runner/__main__.py` in a temporary folder, reached through
KJ_RUNNER_CWD exactly as the worker reaches the real one) speaks the real protocol: it reads
the JobSpec, appends progress events, prints a JudgeResult. It does not import torch, so a
judgement costs a process start instead of ~10 s of torch import on a loaded 2-core CI box;
that is what lets these tests push hundreds of submissions through real workers in minutes.
Everything else (broker, worker, claim, events, result parsing, recording) is the real code.
`test_db_blip` uses the real runner.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import textwrap
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.db import connection

from config.celery import app as celery_app
from judge.judging.reconcile import submissions_requeue_stale
from judge.models import Status, Submission
from problems.models import Problem
from problems.services import problems_sync_from_catalog
from tests.live import ROOT, celery_broker, celery_worker_argv, child_env, database_url, run_id

CATALOG = Path(__file__).resolve().parent / "catalog"
SLUG = "kj-tiny-add"
SOLUTION = (CATALOG / SLUG / "solutions" / "correct_pytorch.py").read_text()
RUNNING_STALE_S = 6  # judging deadline of a claim in these tests (production: job limit + 2 min)
QUEUED_STALE_S = 15  # deadline of a queued row before the reconciler re-enqueues it

FAKE_RUNNER_MAIN = textwrap.dedent(
    """
    import json, os, sys, time
    _, command, spec_path, _flag, events_path = sys.argv
    job = json.load(open(spec_path))
    started = time.monotonic()
    def emit(event):
        with open(events_path, "a") as f:
            f.write(json.dumps(event) + "\\n")
    emit({"phase": "compiling"})
    emit({"phase": "testing", "test": 1, "total": 2})
    slow = os.environ.get("FAKE_RUNNER_SLOW_FLAG", "")
    while slow and os.path.exists(slow) and time.monotonic() - started < 60:
        time.sleep(0.1)  # held mid-job while the test wants jobs to stay in flight
    emit({"phase": "testing", "test": 2, "total": 2})
    emit({"phase": "done", "verdict": "accepted"})
    total = round(time.monotonic() - started, 4)
    print(json.dumps({
        "schema_version": 1, "verdict": "accepted",
        "message": "All 2 tests passed. job " + job.get("job_id", ""),
        "tests": [], "phases": {"compile_s": 0.0, "start_s": 0.01, "tests_s": total,
                                "total_s": total},
    }))
    """
)


def redis_url() -> str:
    for name in ("CELERY_BROKER_URL", "REDIS_URL"):
        value = os.environ.get(name, "")
        if value.startswith(("redis://", "rediss://")):
            return value
    pytest.skip("REDIS_URL is not set (CI sets it; the resilience tests need a Redis server)")


def is_postgres() -> bool:
    return connection.vendor == "postgresql"


def sync_tiny_problem() -> Problem:
    report = problems_sync_from_catalog(CATALOG, slugs=[SLUG])
    assert not report.errors, report.errors
    return Problem.objects.get(slug=SLUG)


def write_fake_runner(folder: Path) -> Path:
    package = folder / "runner"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(FAKE_RUNNER_MAIN)
    return folder


@dataclass
class Fleet:
    """Real Celery worker processes on one test-private queue of the real Redis."""

    url: str
    tmp: Path
    prefix: str = field(default_factory=run_id)
    fake_runner: bool = True
    extra_env: dict[str, str] = field(default_factory=dict)
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    started: int = 0

    def __post_init__(self) -> None:
        if self.fake_runner:
            write_fake_runner(self.tmp / "fake")

    @property
    def queue(self) -> str:
        return f"{self.prefix}cpu"

    @property
    def slow_flag(self) -> Path:
        return self.tmp / "slow.flag"

    def log(self, name: str) -> Path:
        return self.tmp / f"{name}.log"

    def env(self, name: str) -> dict[str, str]:
        env = child_env(
            DATABASE_URL=database_url(connection.settings_dict),
            CELERY_BROKER_URL=self.url,
            KJ_QUEUE_PREFIX=self.prefix,
            KJ_WORKER_NAME=name,
            CUDA_VISIBLE_DEVICES="",
            KJ_RUNNING_STALE_S=str(RUNNING_STALE_S),
            KJ_DB_RETRY_BACKOFF_S="0.2",
            KJ_LOG_FORMAT="json",
            PGAPPNAME=f"{self.prefix}worker"[:63],
            FAKE_RUNNER_SLOW_FLAG=str(self.slow_flag),
        )
        env.update(self.extra_env)
        if self.fake_runner:
            env["KJ_RUNNER_CWD"] = str(self.tmp / "fake")
        return env

    def start(self, concurrency: int = 1) -> str:
        self.started += 1
        name = f"{self.prefix}w{self.started}"
        argv = celery_worker_argv(self.queue, name)
        argv[argv.index("-c") + 1] = str(concurrency)
        with self.log(name).open("wb") as out:
            self.procs[name] = subprocess.Popen(
                argv, cwd=ROOT, env=self.env(name), stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        return name

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.procs.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def stop_all(self) -> None:
        for name in list(self.procs):
            self.kill(name, signal.SIGTERM)

    def assert_alive(self) -> None:
        for name, proc in self.procs.items():
            assert proc.poll() is None, self.log(name).read_text(errors="replace")[-4000:]

    def logs(self) -> str:
        return "".join(p.read_text(errors="replace") for p in self.tmp.glob("*.log"))


@contextlib.contextmanager
def fleet(url: str, tmp: Path, settings, **kwargs) -> Iterator[Fleet]:
    """A Fleet whose queue this test process also produces to, with short deadlines."""
    f = Fleet(url, tmp, **kwargs)
    settings.KJ_QUEUE_PREFIX = f.prefix
    settings.KJ_RATE_LIMIT_COUNT = 1_000_000
    settings.KJ_QUEUED_STALE_S = QUEUED_STALE_S
    settings.KJ_MAX_ATTEMPTS = 1_000  # the kill loop may cut one row several times
    options = (
        dict(settings.CELERY_BROKER_TRANSPORT_OPTIONS)
        if "redis" in settings.CELERY_BROKER_URL
        else {}
    )
    options.setdefault("sep", ":")
    fresh_producer()
    with celery_broker(celery_app, url, options):
        try:
            yield f
        finally:
            f.stop_all()
            fresh_producer()


def fresh_producer() -> None:
    """Forget this process's kombu connection and producer pools. Swapping brokers
    (tests.live.celery_broker) leaves the app holding a producer pool that a later test
    finds closed ("Acquire on closed pool"); a fresh one is built on the next send."""
    from kombu import pools

    pools.reset()
    celery_app.close()
    celery_app.amqp._producer_pool = None


def counts(ids: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for status in Submission.objects.filter(pk__in=ids).values_list("status", flat=True):
        out[status] = out.get(status, 0) + 1
    return out


def wait_all_done(ids: list[int], f: Fleet, timeout_s: float, reconcile: bool = True) -> float:
    """Wait until every row is done, running the reconciler meanwhile (as judge_worker's
    reconciler thread does). Returns the seconds waited."""
    started = time.monotonic()
    deadline = started + timeout_s
    last_reconcile = 0.0
    while time.monotonic() < deadline:
        f.assert_alive()
        if reconcile and time.monotonic() - last_reconcile > 2.0:
            submissions_requeue_stale()
            last_reconcile = time.monotonic()
        if not Submission.objects.filter(pk__in=ids).exclude(status=Status.DONE).exists():
            return time.monotonic() - started
        time.sleep(0.5)
    raise AssertionError(f"not all done after {timeout_s} s: {counts(ids)}\n{f.logs()[-6000:]}")


def assert_each_judged_once(ids: list[int]) -> None:
    """Every row done and accepted, its recorded result the one of its last claim."""
    rows = list(
        Submission.objects.filter(pk__in=ids).values(
            "pk", "status", "verdict", "attempt", "message", "result"
        )
    )
    assert len(rows) == len(ids) == len(set(ids))
    for row in rows:
        assert row["status"] == Status.DONE, row
        assert row["verdict"] == "accepted", row
        if "job submission-" in row["message"]:  # the stand-in runner names its job
            assert row["message"].endswith(f"submission-{row['pk']}-attempt-{row['attempt']}")
