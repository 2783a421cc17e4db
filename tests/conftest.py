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

    monkeypatch.setattr("judge.queue.enqueue_judging", record)
    return calls


@pytest.fixture(autouse=True)
def no_stats_cache(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counts on the problem list and leaderboards are cached in production (KJ_STATS_CACHE_S); tests read
    them right after writing rows, so the cache is off here and in the servers and workers
    the tests start (they inherit the environment)."""
    monkeypatch.setenv("KJ_STATS_CACHE_S", "0")
    monkeypatch.setenv("KJ_LEADERBOARD_CACHE_S", "0")
    monkeypatch.setenv("KJ_CONTEST_BOARD_CACHE", "0")
    if request.node.get_closest_marker("django_db") is not None:
        from django.conf import settings

        monkeypatch.setattr(settings, "KJ_STATS_CACHE_S", 0)
        monkeypatch.setattr(settings, "KJ_LEADERBOARD_CACHE_S", 0)
        monkeypatch.setattr(settings, "KJ_CONTEST_BOARD_CACHE", False)


@pytest.fixture(autouse=True)
def no_worker_selftests(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers the tests start run no language self-tests (each costs a judgement per
    language at start, on two cores shared with the suite); the site then offers the
    languages' records. tests/judge/worker/ tests the self-tests themselves."""
    monkeypatch.setenv("KJ_SELFTEST_EVERY_S", "-1")
