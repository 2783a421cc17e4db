"""GET /api/v1/submissions/{id}/events/: server-sent events polled from the row."""

from __future__ import annotations

import json
import threading
import time

import pytest
from django.db import connection

from judge.models import Status, Submission, Verdict
from tests.factories import SubmissionFactory


def parse(stream: str) -> list[tuple[str, dict]]:
    events = []
    for block in stream.split("\n\n"):
        lines = block.splitlines()
        name = next((ln[6:].strip() for ln in lines if ln.startswith("event:")), None)
        data = next((ln[5:].strip() for ln in lines if ln.startswith("data:")), None)
        if name and data:
            events.append((name, json.loads(data)))
    return events


@pytest.mark.django_db
def test_finished_submission_streams_progress_then_done(api, user, problem):
    sub = SubmissionFactory(
        user=user, problem=problem, status=Status.DONE, verdict=Verdict.ACCEPTED,
        progress=[{"phase": "compiling"}, {"phase": "testing", "test": 1, "total": 2}],
    )  # fmt: skip
    response = api.get(f"/api/v1/submissions/{sub.pk}/events/", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    events = parse(b"".join(response.streaming_content).decode())
    assert [e for e, _ in events] == ["progress", "progress", "done"]
    assert events[1][1]["test"] == 1
    assert events[-1][1] == {
        "status": "done", "verdict": "accepted", "message": "", "score_ms": None,
    }  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_stream_follows_live_changes(api, user, problem, settings):
    settings.KJ_SSE_POLL_S = 0.05
    sub = SubmissionFactory(user=user, problem=problem)

    def judge() -> None:
        time.sleep(0.3)
        Submission.objects.filter(pk=sub.pk).update(
            status=Status.TESTING, progress=[{"phase": "testing", "test": 1, "total": 1}]
        )
        time.sleep(0.3)
        Submission.objects.filter(pk=sub.pk).update(
            status=Status.DONE, verdict=Verdict.WRONG_ANSWER, message="Test 'x' failed"
        )
        connection.close()

    thread = threading.Thread(target=judge)
    thread.start()
    response = api.get(f"/api/v1/submissions/{sub.pk}/events/")
    events = parse(b"".join(response.streaming_content).decode())
    thread.join()
    names = [e for e, _ in events]
    assert names[0] == "progress" and events[0][1]["status"] == "queued"
    assert any(d.get("phase") == "testing" and d.get("test") == 1 for _, d in events)
    assert names[-1] == "done" and events[-1][1]["verdict"] == "wrong_answer"


@pytest.mark.django_db
def test_stream_lifetime_is_bounded(api, user, problem, settings):
    settings.KJ_SSE_POLL_S = 0.05
    settings.KJ_SSE_MAX_S = 0.3
    sub = SubmissionFactory(user=user, problem=problem)
    started = time.monotonic()
    response = api.get(f"/api/v1/submissions/{sub.pk}/events/")
    events = parse(b"".join(response.streaming_content).decode())
    assert time.monotonic() - started < 5
    assert events[-1][0] == "timeout" and events[-1][1]["reconnect"] is True
