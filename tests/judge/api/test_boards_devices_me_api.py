"""Leaderboards (per problem x device x language, global), devices, me."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from judge.api.leaderboards import ProblemLeaderboardView
from judge.leaderboards.selectors import leaderboard_for_problem
from judge.models import Mode, Status, Verdict
from runner.contract import languages
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory, WorkerFactory
from tests.judge.api.conftest import error_of

pytestmark = pytest.mark.django_db


def accepted(user, problem, score, language="pytorch", device="cpu"):
    return SubmissionFactory(
        user=user, problem=problem, status=Status.DONE, verdict=Verdict.ACCEPTED,
        mode=Mode.SUBMIT, score=score, language=language, device_kind=device,
    )  # fmt: skip


def test_problem_leaderboard(anon):
    problem = ProblemFactory(slug="va")
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    accepted(alice, problem, 2.0)
    accepted(alice, problem, 1.0, language="triton")
    accepted(bob, problem, 3.0)
    accepted(carol, problem, 0.5, device="gpu-h200")
    data = anon.get("/api/v1/leaderboards/va/", {"device": "cpu"}).json()
    assert data["device"] == "cpu" and data["count"] == 2
    rows = data["results"]
    assert [(r["rank"], r["user"], r["score_ms"]) for r in rows] == [
        (1, "alice", 1.0),
        (2, "bob", 3.0),
    ]
    assert rows[0]["language"] == "triton" and rows[0]["device"] == "cpu"
    assert rows[0]["percentile"] == 100.0 and rows[0]["submitted_at"]
    only_pt = anon.get("/api/v1/leaderboards/va/", {"device": "cpu", "language": "pytorch"})
    assert [r["score_ms"] for r in only_pt.json()["results"]] == [2.0, 3.0]
    gpu = anon.get("/api/v1/leaderboards/va/", {"device": "gpu-h200"}).json()
    assert [r["user"] for r in gpu["results"]] == ["carol"]
    assert anon.get("/api/v1/leaderboards/va/").json()["device"] == "cpu"  # most entries


def test_problem_leaderboard_unknown_problem_and_bad_filter(anon):
    assert error_of(anon.get("/api/v1/leaderboards/nope/"))["code"] == "not_found"
    ProblemFactory(slug="va")
    response = anon.get("/api/v1/leaderboards/va/", {"device": "x" * 40})
    assert response.status_code == 400 and "device" in error_of(response)["fields"]


def test_global_leaderboard(anon):
    p1, p2 = ProblemFactory(), ProblemFactory()
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    accepted(alice, p1, 1.0)
    accepted(bob, p1, 2.0)
    accepted(bob, p2, 2.0)
    accepted(carol, p2, 1.0)
    rows = anon.get("/api/v1/leaderboards/").json()["results"]
    assert [(r["rank"], r["user"], r["solved"], r["rank_sum"]) for r in rows] == [
        (1, "bob", 2, 4),
        (2, "alice", 1, 1),
        (2, "carol", 1, 1),
    ]


def test_devices(anon):
    now = timezone.now()
    WorkerFactory(name="g1", device_kind="gpu-h200", gpu_model="NVIDIA H200",
                  last_heartbeat=now, started_at=now)  # fmt: skip
    WorkerFactory(name="old", device_kind="gpu-a100", gpu_model="A100",
                  last_heartbeat=now - timedelta(hours=1), started_at=now)  # fmt: skip
    SubmissionFactory(device_kind="gpu-h200")
    SubmissionFactory(device_kind="gpu-h200")
    rows = anon.get("/api/v1/devices/").json()["results"]
    gpu_languages = list(languages.on_device("cuda"))  # no self-test reported: the records
    assert rows == [
        {"kind": "cpu", "live_workers": 0, "gpu_models": [], "queue_depth": 0,
         "languages": list(languages.on_device("cpu")), "versions": {}},
        {"kind": "gpu-h200", "live_workers": 1, "gpu_models": ["NVIDIA H200"], "queue_depth": 2,
         "languages": gpu_languages, "versions": {}},
    ]  # fmt: skip


def test_me(api, user):
    problem = ProblemFactory()
    accepted(user, problem, 1.0)
    accepted(user, problem, 2.0)
    SubmissionFactory(user=user, problem=problem, status=Status.DONE, verdict="wrong_answer")
    SubmissionFactory()
    data = api.get("/api/v1/me/").json()
    assert data["username"] == user.username
    assert (data["submissions"], data["accepted"], data["solved"]) == (3, 2, 1)


def test_problem_leaderboard_rows_match_the_serializer_and_page_through(anon):
    problem = ProblemFactory(slug="paged")
    for i, score in enumerate([1.0, 2.0, 2.0, 3.5, 0.25]):
        accepted(UserFactory(username=f"p{i}"), problem, score)
    pages = [
        anon.get("/api/v1/leaderboards/paged/", {"device": "cpu", "page_size": 2, "page": n}).json()
        for n in (1, 2, 3)
    ]
    assert [p["count"] for p in pages] == [5, 5, 5]
    rows = [row for p in pages for row in p["results"]]
    assert [(r["user"], r["rank"]) for r in rows] == [
        ("p4", 1), ("p0", 2), ("p1", 3), ("p2", 3), ("p3", 5),
    ]  # fmt: skip
    serializer = ProblemLeaderboardView.LeaderboardEntrySerializer
    expected = serializer(
        [{**e.__dict__, "device": "cpu"} for e in leaderboard_for_problem(problem, "cpu")],
        many=True,
    ).data
    assert rows == [dict(r) for r in expected]
