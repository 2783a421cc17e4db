"""/healthz, /metrics, fair claim order and JSON logs, against the real database."""

from __future__ import annotations

import json
import logging
from datetime import timedelta

import pytest
from django.utils import timezone

from judge.judging.claim import judging_claim_next
from judge.judging.record import judging_result_record
from judge.models import Status
from judge.ops.logfmt import JsonFormatter
from runner.contract import JudgeResult
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory, WorkerFactory

pytestmark = pytest.mark.django_db


def result_with_phases(total: float) -> JudgeResult:
    return JudgeResult(
        verdict="accepted",
        message="ok",
        phases={"compile_s": 0.0, "start_s": 0.2, "tests_s": 0.3, "total_s": total},
    )


def test_healthz_reports_database_broker_and_live_workers(client):
    WorkerFactory(name="box:gpu0", device_kind="gpu-h200")
    WorkerFactory(
        name="old:gpu0", device_kind="gpu-a100", last_heartbeat=timezone.now() - timedelta(hours=1)
    )
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert body["database"]["ok"] and body["broker"]["ok"]
    assert body["workers"] == {"live": 1, "by_device_kind": {"gpu-h200": 1}}


def test_healthz_is_503_when_the_broker_is_unreachable(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "fail" and not body["broker"]["ok"] and body["database"]["ok"]


def test_metrics_expose_queue_verdicts_phases_and_heartbeats(client):
    problem = ProblemFactory()
    SubmissionFactory.create_batch(3, problem=problem, device_kind="cpu")
    SubmissionFactory(problem=problem, device_kind="gpu-h200")
    for total in (0.4, 3.0):
        row = SubmissionFactory(problem=problem, status=Status.COMPILING, attempt=1)
        assert judging_result_record(row.pk, attempt=1, result=result_with_phases(total))
    WorkerFactory(name="box:gpu0", last_heartbeat=timezone.now() - timedelta(seconds=42))
    response = client.get("/metrics")
    assert response.status_code == 200
    text = response.content.decode()
    assert 'kj_queue_depth{device_kind="cpu"} 3.0' in text
    assert 'kj_queue_depth{device_kind="gpu-h200"} 1.0' in text
    assert 'kj_verdicts_total{device_kind="cpu",verdict="accepted"} 2.0' in text
    assert 'kj_judge_phase_seconds_bucket{le="0.5",phase="total"} 1.0' in text
    assert 'kj_judge_phase_seconds_bucket{le="+Inf",phase="total"} 2.0' in text
    assert 'kj_judge_phase_seconds_count{phase="total"} 2.0' in text
    assert 'kj_judge_phase_seconds_sum{phase="total"} 3.4' in text
    assert 'kj_judge_phase_seconds_count{phase="benchmark"} 0.0' in text
    line = next(x for x in text.splitlines() if x.startswith("kj_worker_heartbeat_age_seconds{"))
    assert 'worker="box:gpu0"' in line and 41.0 <= float(line.split()[-1]) < 3600
    assert "kj_metrics_scrape_ok 1.0" in text


def test_metrics_token(client, settings):
    settings.KJ_METRICS_TOKEN = "s3cret"
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret").status_code == 200


def test_fair_claim_serves_the_user_who_waited_longest():
    problem = ProblemFactory()
    heavy, light = UserFactory(), UserFactory()
    burst = [SubmissionFactory(problem=problem, user=heavy) for _ in range(5)]
    lone = SubmissionFactory(problem=problem, user=light)
    first = judging_claim_next(burst[0].pk, worker_name="w1")
    assert first.pk == burst[0].pk  # nobody was served yet: oldest first
    second = judging_claim_next(burst[1].pk, worker_name="w1")
    assert second.pk == lone.pk  # the light user has never been served
    third = judging_claim_next(burst[2].pk, worker_name="w1")
    assert third.pk == burst[1].pk
    gpu_row = SubmissionFactory(problem=problem, user=light, device_kind="gpu-h200")
    assert (
        judging_claim_next(burst[3].pk, worker_name="w1").pk == burst[2].pk
    )  # other kinds untouched
    assert judging_claim_next(gpu_row.pk, worker_name="w2").pk == gpu_row.pk


def test_rejudges_come_after_new_work():
    problem = ProblemFactory()
    rejudged = SubmissionFactory(problem=problem, attempt=1)  # judged before, reset to queued
    fresh = SubmissionFactory(problem=problem)
    assert judging_claim_next(rejudged.pk, worker_name="w1").pk == fresh.pk


def test_fair_scheduling_off_claims_the_named_submission(settings):
    settings.KJ_FAIR_SCHEDULING = False
    problem = ProblemFactory()
    rows = SubmissionFactory.create_batch(2, problem=problem)
    assert judging_claim_next(rows[1].pk, worker_name="w1").pk == rows[1].pk


def test_json_log_lines_carry_the_judging_context():
    record = logging.LogRecord("judge.judging", logging.INFO, __file__, 1, "hi %s", ("x",), None)
    record.submission_id, record.worker, record.phase, record.verdict = 7, "box:cpu", "done", "ok"
    entry = json.loads(JsonFormatter().format(record))
    assert entry["message"] == "hi x" and entry["level"] == "info"
    assert (entry["submission_id"], entry["worker"], entry["phase"], entry["verdict"]) == (
        7,
        "box:cpu",
        "done",
        "ok",
    )
