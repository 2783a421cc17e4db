"""Fixtures for the REST API tests: users with personal tokens and API clients."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.services import token_create
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.factories import ProblemFactory, UserFactory


def token_client(user) -> APIClient:
    _, key = token_create(user, name="tests")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def api(user) -> APIClient:
    return token_client(user)


@pytest.fixture
def other_api(db) -> APIClient:
    return token_client(UserFactory())


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


@pytest.fixture
def problem(db):
    return ProblemFactory()


def submit_body(prob, **kw) -> dict:
    data = {"problem": prob.slug, "language": "pytorch", "device": "cpu", "mode": "submit"}
    return {**data, "source": PYTORCH_VECTOR_ADD, **kw}


def error_of(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["code"] and body["error"]["message"], body
    return body["error"]
