"""GET /api/v1/submissions/{id}/events/: server-sent events polled from the row."""

from __future__ import annotations

import json
import time

import pytest

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


@pytest.mark.django_db
def test_stream_follows_live_changes(api, user, problem, settings):
    """Steps the stream one event at a time and changes the row between steps, so what the
    stream must have seen does not depend on how fast this box runs."""
    settings.KJ_SSE_POLL_S = 0.05
    sub = SubmissionFactory(user=user, problem=problem)
    chunks = iter(api.get(f"/api/v1/submissions/{sub.pk}/events/").streaming_content)

    def next_event() -> tuple[str, dict]:
        while not (events := parse(next(chunks).decode())):
            pass
        return events[0]

    assert next_event() == ("progress", {"phase": "queued", "status": "queued"})
    Submission.objects.filter(pk=sub.pk).update(
        status=Status.TESTING, progress=[{"phase": "testing", "test": 1, "total": 1}]
    )
    assert next_event() == (
        "progress",
        {"phase": "testing", "test": 1, "total": 1, "status": "testing"},
    )
    Submission.objects.filter(pk=sub.pk).update(
        status=Status.DONE, verdict=Verdict.WRONG_ANSWER, message="Test 'x' failed"
    )
    rest = parse(b"".join(chunks).decode())
    assert [name for name, _ in rest][-1] == "done"
    assert rest[-1][1]["verdict"] == "wrong_answer" and rest[-1][1]["message"] == "Test 'x' failed"


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
