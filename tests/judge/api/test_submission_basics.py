"""The minimal JSON API: create a submission, read it, list problems."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from judge.models import Submission
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory
from tests.judge.api.conftest import token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_and_user():
    user = UserFactory()
    return token_client(user), user


def body(prob, **kw):
    data = {"problem": prob.slug, "language": "pytorch", "device": "cpu", "mode": "submit"}
    return {**data, "source": PYTORCH_VECTOR_ADD, **kw}


def test_create_and_read(client_and_user, enqueued, django_capture_on_commit_callbacks):
    client, user = client_and_user
    problem = ProblemFactory()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/v1/submissions/", body(problem), format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["status"], data["device"], data["problem"]) == ("queued", "cpu", problem.slug)
    assert enqueued == [(data["id"], "cpu", False)]
    assert Submission.objects.get(pk=data["id"]).user == user
    detail = client.get(f"/api/v1/submissions/{data['id']}/")
    assert detail.status_code == 200 and detail.json()["id"] == data["id"]


def test_rule_violations_come_back_as_clear_errors(client_and_user, settings):
    client, _ = client_and_user
    problem = ProblemFactory()
    response = client.post("/api/v1/submissions/", body(problem, language="cupy"), format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "language_not_offered" and "GPU workers" in error["message"]
    assert "language" in error["fields"]
    response = client.post("/api/v1/submissions/", body(problem, problem="nope"), format="json")
    assert response.json()["error"]["code"] == "no_such_problem"
    response = client.post("/api/v1/submissions/", {"problem": problem.slug}, format="json")
    assert response.json()["error"]["code"] == "invalid"
    settings.KJ_RATE_LIMIT_COUNT = 0
    response = client.post("/api/v1/submissions/", body(problem), format="json")
    assert response.status_code == 429 and response["Retry-After"] == "60"


def test_anonymous_cannot_submit_and_others_cannot_read():
    problem = ProblemFactory()
    assert APIClient().post("/api/v1/submissions/", body(problem), format="json").status_code in (
        401,
        403,
    )
    theirs = SubmissionFactory()
    client = APIClient()
    client.force_authenticate(UserFactory())
    assert client.get(f"/api/v1/submissions/{theirs.pk}/").status_code == 404


def test_problem_list_is_public():
    ProblemFactory(slug="vector-add-copy", title="Copy")
    data = APIClient().get("/api/v1/problems/").json()
    assert data["count"] == 1
    assert data["results"][0]["slug"] == "vector-add-copy"
    assert data["results"][0]["solved_by"] == 0
