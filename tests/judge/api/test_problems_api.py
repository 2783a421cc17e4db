"""GET /api/v1/problems/ and /api/v1/problems/{slug}/"""

from __future__ import annotations

import pytest

from judge.models import Mode, Status, Verdict
from tests.factories import ProblemFactory, SubmissionFactory, WorkerFactory
from tests.judge.api.conftest import error_of

pytestmark = pytest.mark.django_db


def test_list_is_public_paginated_and_has_stats(anon, api, user):
    a = ProblemFactory(slug="aaa", title="Alpha", difficulty="easy", tags=["reduction"])
    ProblemFactory(slug="bbb", title="Beta", difficulty="hard", tags=["elementwise"])
    ProblemFactory(slug="hidden", published=False)
    done = {"status": Status.DONE, "mode": Mode.SUBMIT}
    SubmissionFactory(problem=a, user=user, verdict=Verdict.ACCEPTED, **done)
    SubmissionFactory(problem=a, verdict=Verdict.WRONG_ANSWER, **done)
    data = anon.get("/api/v1/problems/").json()
    assert set(data) == {"count", "next", "previous", "results"}
    assert [p["slug"] for p in data["results"]] == ["aaa", "bbb"]
    first = data["results"][0]
    assert first["acceptance_rate"] == 0.5 and first["submissions"] == 2
    assert first["solved"] is False  # anonymous
    assert data["results"][1]["acceptance_rate"] is None
    mine = api.get("/api/v1/problems/").json()["results"]
    assert [p["solved"] for p in mine] == [True, False]


def test_list_filters(anon):
    ProblemFactory(slug="aaa", title="Alpha sum", difficulty="easy", tags=["reduction"])
    ProblemFactory(slug="bbb", title="Beta", difficulty="hard", tags=["elementwise"])

    def slugs(**q):
        return [p["slug"] for p in anon.get("/api/v1/problems/", q).json()["results"]]

    assert slugs(difficulty="hard") == ["bbb"]
    assert slugs(tag="reduction") == ["aaa"]
    assert slugs(search="sum") == ["aaa"]
    assert slugs(search="nothing") == []


def test_list_pagination(anon):
    for i in range(3):
        ProblemFactory(slug=f"p{i}")
    data = anon.get("/api/v1/problems/", {"page_size": 2}).json()
    assert data["count"] == 3 and len(data["results"]) == 2 and data["next"]
    page2 = anon.get("/api/v1/problems/", {"page_size": 2, "page": 2}).json()
    assert [p["slug"] for p in page2["results"]] == ["p2"] and page2["previous"]
    response = anon.get("/api/v1/problems/", {"page": 9})
    assert response.status_code == 404 and error_of(response)["code"] == "not_found"


def test_list_bad_difficulty_is_400_with_field_message(anon):
    response = anon.get("/api/v1/problems/", {"difficulty": "impossible"})
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid"
    assert "difficulty" in error["fields"] and "impossible" in error["fields"]["difficulty"][0]
    assert "difficulty" in error["message"]


def test_detail(anon):
    ProblemFactory(slug="vector-add", title="Vector Addition")
    WorkerFactory(
        name="w1", device_kind="gpu-h200", gpu_model="NVIDIA H200",
        last_heartbeat=__import__("django.utils.timezone").utils.timezone.now(),
        started_at=__import__("django.utils.timezone").utils.timezone.now(),
    )  # fmt: skip
    data = anon.get("/api/v1/problems/vector-add/").json()
    assert data["signature"]["cuda"] == (
        'extern "C" void solve(const float* A, const float* B, float* C, int N)'
    )
    assert data["signature"]["python"] == (
        "def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None"
    )
    assert data["params"][0] == {"name": "A", "dtype": "f32", "role": "in", "shape": ["N"]}
    assert "pytorch" in data["starters"] and "cuda" in data["languages"]
    kinds = {d["kind"]: d for d in data["devices"]}
    assert set(kinds) == {"cpu", "gpu-h200"}
    assert kinds["cpu"]["languages"] == ["cuda", "triton", "pytorch", "jax"]  # records' order
    assert kinds["gpu-h200"]["live_workers"] == 1
    assert data["statement"] and data["atol"] == 1e-5 and data["version"] == 1


def test_detail_unknown_and_unpublished_are_404(anon):
    ProblemFactory(slug="secret", published=False)
    for slug in ("nope", "secret"):
        response = anon.get(f"/api/v1/problems/{slug}/")
        assert response.status_code == 404
        assert error_of(response)["code"] == "not_found" and slug in error_of(response)["message"]
