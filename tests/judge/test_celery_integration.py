"""A real Celery worker subprocess judges a real PyTorch submission with the real runner,
on real Redis and on the embedded filesystem broker. Worker and test share the database."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.db import connection

from config.celery import app as celery_app
from judge.models import Status, Submission, Verdict
from judge.submissions.services import submission_create
from problems.services import problems_sync_from_catalog
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.factories import CATALOG, UserFactory
from tests.live import (
    celery_broker,
    celery_worker_argv,
    child_env,
    database_url,
    process,
    run_id,
    wait_until,
)

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(300),
]

JUDGE_TIMEOUT_S = int(os.environ.get("KJ_TEST_JUDGE_TIMEOUT_S", "240"))


def redis_url() -> str | None:
    for name in ("CELERY_BROKER_URL", "REDIS_URL"):
        value = os.environ.get(name, "")
        if value.startswith(("redis://", "rediss://")):
            return value
    return None


def judge_one_submission(broker_env: dict[str, str], tmp_path: Path, settings) -> Submission:
    prefix = run_id()
    settings.KJ_QUEUE_PREFIX = prefix
    report = problems_sync_from_catalog(CATALOG, slugs=["vector-add"])
    assert not report.errors, report.errors
    from problems.models import Problem

    problem = Problem.objects.get(slug="vector-add")
    env = child_env(
        DATABASE_URL=database_url(connection.settings_dict),
        KJ_QUEUE_PREFIX=prefix,
        KJ_WORKER_NAME=f"{prefix}cpu",
        CUDA_VISIBLE_DEVICES="",
        **broker_env,
    )
    log = tmp_path / "celery.log"
    with process(celery_worker_argv(f"{prefix}cpu", f"{prefix}cpu"), env, log) as worker:
        submission = submission_create(
            UserFactory(), problem=problem, language="pytorch", device_kind="cpu",
            mode="submit", source=PYTORCH_VECTOR_ADD,
        )  # fmt: skip

        def finished() -> Submission | None:
            assert worker.poll() is None, log.read_text(errors="replace")[-4000:]
            row = Submission.objects.get(pk=submission.pk)
            return row if row.status == Status.DONE else None

        return wait_until(finished, JUDGE_TIMEOUT_S, "the worker to judge the submission", log)


def assert_accepted_with_benchmark(row: Submission) -> None:
    assert row.verdict == Verdict.ACCEPTED, (row.verdict, row.message)
    assert row.attempt == 1
    assert row.score is not None and row.score > 0
    assert row.result["benchmark"]["cases"], row.result
    assert row.result["benchmark"]["score_ms"] == pytest.approx(row.score)
    phases = {event["phase"] for event in row.progress}
    assert {"testing", "benchmarking"} <= phases
    assert row.worker_name.endswith("cpu")


def test_real_worker_on_redis(tmp_path, settings):
    url = redis_url()
    if url is None:
        pytest.skip("REDIS_URL is not set (CI sets it; this test needs a Redis server)")
    options = (
        dict(settings.CELERY_BROKER_TRANSPORT_OPTIONS)
        if "redis" in settings.CELERY_BROKER_URL
        else {}
    )
    try:
        with celery_broker(celery_app, url, options):
            row = judge_one_submission({"CELERY_BROKER_URL": url}, tmp_path, settings)
    finally:
        forget_redis_queue(url, f"{settings.KJ_QUEUE_PREFIX}cpu")
    assert_accepted_with_benchmark(row)


def forget_redis_queue(url: str, queue: str) -> None:
    """Remove this run's queue keys so repeated runs leave nothing behind in Redis."""
    import redis

    client = redis.Redis.from_url(url)
    keys = [k for k in client.scan_iter(match=f"*{queue}*") if queue in k.decode()]
    if keys:
        client.delete(*keys)


def test_real_worker_on_filesystem_broker(tmp_path, settings):
    folder = tmp_path / "broker"
    folder.mkdir()
    options = {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "processed_folder": str(folder / "processed"),
        "control_folder": str(folder / "control"),
        "store_processed": False,
        "polling_interval": 0.5,
    }
    with celery_broker(celery_app, "filesystem://", options):
        row = judge_one_submission({"KJ_BROKER_DIR": str(folder)}, tmp_path, settings)
    assert_accepted_with_benchmark(row)
