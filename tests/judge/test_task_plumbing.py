"""The task's plumbing (claim, JobSpec, child process, events, result) against a small FAKE
runner. Only this file fakes the runner; the integration tests use the real one."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from judge.models import Status, Verdict
from judge.tasks import judge_submission
from tests.factories import SubmissionFactory

pytestmark = pytest.mark.django_db

FAKE_MAIN = textwrap.dedent(
    """
    import json, os, sys, time
    _, command, spec_path, _flag, events_path = sys.argv
    job = json.load(open(spec_path))
    with open(os.environ["FAKE_RUNNER_LOG"], "a") as log:
        log.write(json.dumps({"language": job["language"], "device": job["device"],
                              "seed": job["seed"], "slug": job["problem"]["slug"]}) + "\\n")
    source = job["source"]
    def emit(event):
        with open(events_path, "a") as f:
            f.write(json.dumps(event) + "\\n")
    if "CRASH" in source:
        print("boom: the runner fell over", file=sys.stderr)
        sys.exit(3)
    if "SLEEP" in source:
        time.sleep(60)
    emit({"phase": "compiling"})
    emit({"phase": "testing", "test": 1, "total": 2})
    emit({"phase": "testing", "test": 2, "total": 2})
    emit({"phase": "benchmarking", "case": 1, "total": 1})
    if "GARBLE" in source:
        print("{not json at all")
        sys.exit(0)
    if "UNKNOWN_VERDICT" in source:
        print(json.dumps({"schema_version": 1, "verdict": "great", "message": "?"}))
        sys.exit(0)
    emit({"phase": "done", "verdict": "accepted"})
    print(json.dumps({"schema_version": 1, "verdict": "accepted", "message": "All 2 tests passed.",
                      "benchmark": {"cases": [], "score_ms": 1.25}}))
    """
)


@pytest.fixture
def fake_runner(tmp_path: Path, settings, monkeypatch) -> Path:
    package = tmp_path / "runner"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(FAKE_MAIN)
    log = tmp_path / "invocations.jsonl"
    monkeypatch.setenv("FAKE_RUNNER_LOG", str(log))
    settings.KJ_RUNNER_CWD = str(tmp_path)
    return log


def invocations(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_task_records_result_and_progress(fake_runner):
    submission = SubmissionFactory()
    judge_submission(submission.pk)
    submission.refresh_from_db()
    assert submission.status == Status.DONE
    assert submission.verdict == Verdict.ACCEPTED
    assert submission.score == 1.25
    phases = [e["phase"] for e in submission.progress]
    assert phases == ["compiling", "testing", "testing", "benchmarking", "done"]
    [call] = invocations(fake_runner)
    assert call["language"] == "pytorch" and call["device"] == "cpu"
    assert call["slug"] == "vector-add" and isinstance(call["seed"], int)
    assert str(call["seed"]) not in json.dumps(submission.result)  # the seed stays secret


def test_delivering_the_same_task_twice_records_one_result(fake_runner):
    submission = SubmissionFactory()
    judge_submission(submission.pk)
    first = type(submission).objects.get(pk=submission.pk)
    judge_submission(submission.pk)
    second = type(submission).objects.get(pk=submission.pk)
    assert len(invocations(fake_runner)) == 1  # the redelivery did not run the job again
    assert (second.attempt, second.finished_at, second.verdict) == (
        1,
        first.finished_at,
        Verdict.ACCEPTED,
    )


def test_gpu_kind_runs_on_cuda(fake_runner, settings):
    settings.KJ_ALLOW_OFFLINE_DEVICE_KINDS = ["*"]
    submission = SubmissionFactory(device_kind="gpu-h200", language="cuda")
    judge_submission(submission.pk)
    assert invocations(fake_runner)[0]["device"] == "cuda"


def test_garbled_output_is_an_internal_error(fake_runner):
    submission = SubmissionFactory(source="# GARBLE\n")
    judge_submission(submission.pk)
    submission.refresh_from_db()
    assert submission.verdict == Verdict.INTERNAL_ERROR
    assert "without a valid result" in submission.message
    assert submission.score is None


def test_unknown_verdict_is_an_internal_error(fake_runner):
    submission = SubmissionFactory(source="# UNKNOWN_VERDICT\n")
    judge_submission(submission.pk)
    submission.refresh_from_db()
    assert submission.verdict == Verdict.INTERNAL_ERROR
    assert "verdict: 'great' is not one of" in submission.message
    assert submission.score is None


def test_crashed_runner_is_an_internal_error_with_its_stderr(fake_runner):
    submission = SubmissionFactory(source="# CRASH\n")
    judge_submission(submission.pk)
    submission.refresh_from_db()
    assert submission.verdict == Verdict.INTERNAL_ERROR
    assert "exited with status 3" in submission.message
    assert "boom: the runner fell over" in submission.message


def test_runner_past_the_job_timeout_is_killed(fake_runner, settings):
    settings.KJ_JOB_TIMEOUT_S = 1
    submission = SubmissionFactory(source="# SLEEP\n")
    judge_submission(submission.pk)
    submission.refresh_from_db()
    assert submission.verdict == Verdict.TIME_LIMIT_EXCEEDED
    assert "stopped this job after 1 s" in submission.message


def test_done_submission_is_not_claimed(fake_runner):
    submission = SubmissionFactory(status=Status.DONE, verdict="accepted")
    judge_submission(submission.pk)
    assert invocations(fake_runner) == []
