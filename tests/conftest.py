"""Shared pytest fixtures for the Django side."""

from __future__ import annotations

import pytest

PYTORCH_VECTOR_ADD = "import torch\n\n\ndef solve(A, B, C, N):\n    torch.add(A, B, out=C)\n"


@pytest.fixture(autouse=True)
def enqueued(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """In database tests (except `integration` ones) judging enqueues are recorded here
    instead of being sent to a broker, where a running worker could pick them up."""
    calls: list[tuple] = []
    node = request.node
    if node.get_closest_marker("django_db") is None or node.get_closest_marker("integration"):
        return calls

    def record(submission_id: int, device_kind: str, *, rejudge: bool = False) -> None:
        calls.append((submission_id, device_kind, rejudge))

    monkeypatch.setattr("judge.services.enqueue_judging", record)
    return calls
