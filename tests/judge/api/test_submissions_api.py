"""Submissions: create (every bad input), list own, retrieve, cancel; visibility; throttles."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from judge.judging.record import judging_result_record
from judge.models import Status, Submission, Verdict
from runner.contract import JudgeResult
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory
from tests.judge.api.conftest import error_of, submit_body, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_throttle_cache():
    cache.clear()
    yield
    cache.clear()


def test_create_returns_201_and_enqueues(
    api, user, problem, enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/submissions/", submit_body(problem), format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["status"] == "queued" and data["user"] == user.username
    assert data["source"].startswith("import torch") and data["tests"] == []
    assert enqueued == [(data["id"], "cpu", False)]


@pytest.mark.parametrize(
    ("change", "status", "code", "field", "words"),
    [
        ({"language": "cupy"}, 400, "language_not_offered", "language", "GPU workers"),
        ({"language": "fortran"}, 400, "language_not_offered", "language", "Unknown language"),
        ({"device": "tpu"}, 400, "device_not_offered", "device", "Unknown device"),
        ({"device": "gpu-h200"}, 400, "device_not_offered", "device", "No gpu-h200 worker"),
        ({"source": "x" * (64 * 1024 + 1)}, 400, "source_too_large", "source", "limit"),
        ({"source": "   "}, 400, "invalid", "source", "empty"),
        ({"mode": "sprint"}, 400, "invalid", "mode", "sprint"),
        ({"problem": "no-such"}, 400, "no_such_problem", "problem", "no-such"),
        ({"problem": "bad slug!"}, 400, "invalid", "problem", "slug"),
        ({"language": None}, 400, "invalid", "language", "null"),
    ],
)
def test_each_bad_input_is_400_with_its_message(api, problem, change, status, code, field, words):
    response = api.post("/api/v1/submissions/", submit_body(problem, **change), format="json")
    assert response.status_code == status, response.content
    error = error_of(response)
    assert error["code"] == code
    assert field in error["fields"]
    assert words.lower() in (error["message"] + " ".join(error["fields"][field])).lower()


def test_missing_fields_are_named(api):
    response = api.post("/api/v1/submissions/", {}, format="json")
    error = error_of(response)
    assert response.status_code == 400 and error["code"] == "invalid"
    assert {"problem", "language", "source"} <= set(error["fields"])
    assert "problem: This field is required." in error["message"]


def test_malformed_json_is_400(api):
    response = api.generic(
        "POST", "/api/v1/submissions/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400 and error_of(response)["code"] == "invalid"


def test_unauthenticated_is_401_with_token_challenge(anon, problem):
    for method, path in [
        ("post", "/api/v1/submissions/"),
        ("get", "/api/v1/submissions/"),
        ("get", "/api/v1/submissions/1/"),
        ("post", "/api/v1/submissions/1/cancel/"),
        ("get", "/api/v1/submissions/1/events/"),
        ("get", "/api/v1/me/"),
        ("get", "/api/v1/tokens/"),
    ]:
        response = getattr(anon, method)(path, submit_body(problem), format="json")
        assert response.status_code == 401, path
        assert error_of(response)["code"] == "not_authenticated"
        assert response["WWW-Authenticate"] == "Token"


def test_bad_token_is_401(anon):
    anon.credentials(HTTP_AUTHORIZATION="Token kj_nope")
    response = anon.get("/api/v1/problems/")
    assert response.status_code == 401
    assert "Invalid or revoked" in error_of(response)["message"]


def test_list_shows_only_own_and_filters_by_problem(api, user):
    p1, p2 = ProblemFactory(), ProblemFactory()
    mine = [SubmissionFactory(user=user, problem=p1), SubmissionFactory(user=user, problem=p2)]
    SubmissionFactory(problem=p1)  # someone else's
    data = api.get("/api/v1/submissions/").json()
    assert data["count"] == 2 and [s["id"] for s in data["results"]] == [mine[1].pk, mine[0].pk]
    data = api.get("/api/v1/submissions/", {"problem": p1.slug}).json()
    assert [s["id"] for s in data["results"]] == [mine[0].pk]
    response = api.get("/api/v1/submissions/", {"problem": "nope"})
    assert response.status_code == 400 and error_of(response)["code"] == "no_such_problem"


def test_retrieve_own_with_tests_rank_and_source(api, user, problem):
    result = {
        "verdict": "accepted", "message": "ok", "compile_log": "", "stdout": "hi",
        "stderr": "", "tests": [{"name": "example", "passed": True}],
        "benchmark": {"score_ms": 1.5, "cases": []},
    }  # fmt: skip
    sub = SubmissionFactory(
        user=user, problem=problem, status=Status.DONE, verdict=Verdict.ACCEPTED,
        score=1.5, result=result,
    )  # fmt: skip
    data = api.get(f"/api/v1/submissions/{sub.pk}/").json()
    assert data["tests"] == [{"index": 1, "name": "example", "passed": True}]
    assert (data["rank"], data["percentile"], data["ranked"]) == (1, 100.0, 1)
    assert data["stdout"] == "hi" and data["source"] == sub.source
    assert data["benchmark"]["score_ms"] == 1.5


def test_staff_see_source_others_get_404(other_api, problem):
    sub = SubmissionFactory(problem=problem)
    response = other_api.get(f"/api/v1/submissions/{sub.pk}/")
    assert response.status_code == 404 and error_of(response)["code"] == "not_found"
    staff = token_client(UserFactory(is_staff=True))
    data = staff.get(f"/api/v1/submissions/{sub.pk}/").json()
    assert data["source"] == sub.source
    assert other_api.post(f"/api/v1/submissions/{sub.pk}/cancel/").status_code == 404
    assert other_api.get(f"/api/v1/submissions/{sub.pk}/events/").status_code == 404


def test_cancel_queued_or_running_then_409_once_finished(api, user, problem):
    sub = SubmissionFactory(user=user, problem=problem)
    response = api.post(f"/api/v1/submissions/{sub.pk}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    assert Submission.objects.get(pk=sub.pk).status == Status.CANCELLED
    response = api.post(f"/api/v1/submissions/{sub.pk}/cancel/")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "not_cancellable" and "finished submission" in error["message"]
    running = SubmissionFactory(user=user, problem=problem, status=Status.TESTING, attempt=1)
    response = api.post(f"/api/v1/submissions/{running.pk}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    assert "result was discarded" in Submission.objects.get(pk=running.pk).message
    # the worker's judgement of that attempt comes later and is not recorded
    late = JudgeResult(verdict="accepted", message="All tests passed.")
    assert not judging_result_record(running.pk, attempt=1, result=late)
    row = Submission.objects.get(pk=running.pk)
    assert row.status == Status.CANCELLED and row.verdict == "" and row.score is None
    judged = SubmissionFactory(user=user, problem=problem, status=Status.DONE, verdict="accepted")
    assert api.post(f"/api/v1/submissions/{judged.pk}/cancel/").status_code == 409
    assert api.post("/api/v1/submissions/999999/cancel/").status_code == 404


def test_cancelled_submission_is_never_claimed(user, problem):
    from judge.judging.claim import judging_claim
    from judge.submissions.services import submission_cancel

    sub = SubmissionFactory(user=user, problem=problem)
    submission_cancel(user, submission_id=sub.pk)
    assert judging_claim(sub.pk, worker_name="w") is None


def test_judging_rate_limit_is_429_with_retry_after(api, problem, settings):
    settings.KJ_RATE_LIMIT_COUNT = 1
    assert api.post("/api/v1/submissions/", submit_body(problem), format="json").status_code == 201
    response = api.post("/api/v1/submissions/", submit_body(problem), format="json")
    assert response.status_code == 429
    assert error_of(response)["code"] == "rate_limited" and response["Retry-After"] == "60"


def test_request_throttle_per_user_is_429_with_retry_after(api, other_api, problem, settings):
    settings.KJ_SUBMIT_THROTTLE = "2/min"
    bad = submit_body(problem, language="fortran")  # throttled even when refused
    assert api.post("/api/v1/submissions/", bad, format="json").status_code == 400
    assert api.post("/api/v1/submissions/", bad, format="json").status_code == 400
    response = api.post("/api/v1/submissions/", bad, format="json")
    assert response.status_code == 429
    error = error_of(response)
    assert error["code"] == "rate_limited" and "wait" in error["message"]
    assert 1 <= int(response["Retry-After"]) <= 60
    assert api.get("/api/v1/submissions/").status_code == 200  # reads are not throttled
    assert other_api.post("/api/v1/submissions/", bad, format="json").status_code == 400


def test_unknown_api_path_and_method(api):
    response = api.get("/api/v1/nothing-here/")
    assert response.status_code == 404 and error_of(response)["code"] == "not_found"
    response = api.delete("/api/v1/problems/")
    assert response.status_code == 405 and error_of(response)["code"] == "method_not_allowed"
