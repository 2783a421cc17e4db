"""Personal API tokens: create (key once, only a hash stored), list, revoke, last_used,
the session alternative, and `manage.py issue_token`."""

from __future__ import annotations

import hashlib
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.selectors import tokens_for_user
from accounts.services import token_create, token_revoke
from tests.factories import TEST_PASSWORD, UserFactory
from tests.judge.api.conftest import error_of

pytestmark = pytest.mark.django_db


def test_create_list_use_revoke(api, user):
    response = api.post("/api/v1/tokens/", {"name": "laptop"}, format="json")
    assert response.status_code == 201
    created = response.json()
    key = created["key"]
    assert key.startswith("kj_") and created["prefix"] == key[:8]
    stored = ApiToken.objects.get(pk=created["id"])
    assert stored.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in str(ApiToken.objects.filter(pk=stored.pk).values().first())
    listed = api.get("/api/v1/tokens/").json()
    assert listed["count"] == 2  # the fixture's token and this one
    assert all("key" not in t for t in listed["results"])

    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert fresh.get("/api/v1/me/").json()["username"] == user.username
    stored.refresh_from_db()
    assert stored.last_used_at is not None

    assert api.delete(f"/api/v1/tokens/{stored.pk}/").status_code == 204
    response = fresh.get("/api/v1/me/")
    assert response.status_code == 401 and error_of(response)["code"] == "not_authenticated"


def test_create_needs_a_name(api):
    for body in ({}, {"name": ""}, {"name": "x" * 101}):
        response = api.post("/api/v1/tokens/", body, format="json")
        assert response.status_code == 400
        assert "name" in error_of(response)["fields"]


def test_cannot_revoke_someone_elses_token(api, other_api):
    theirs, _ = token_create(UserFactory(), name="theirs")
    response = api.delete(f"/api/v1/tokens/{theirs.pk}/")
    assert response.status_code == 404 and error_of(response)["code"] == "not_found"
    assert ApiToken.objects.filter(pk=theirs.pk).exists()


def test_bearer_keyword_and_malformed_header(user):
    _, key = token_create(user, name="ci")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    assert client.get("/api/v1/me/").status_code == 200
    client.credentials(HTTP_AUTHORIZATION="Token a b")
    response = client.get("/api/v1/me/")
    assert response.status_code == 401 and "Malformed" in error_of(response)["message"]


def test_inactive_users_token_is_refused(user):
    _, key = token_create(user, name="x")
    user.is_active = False
    user.save()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/me/").status_code == 401


def test_session_auth_works_and_writes_need_csrf(user):
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username=user.username, password=TEST_PASSWORD)
    assert client.get("/api/v1/me/").status_code == 200
    response = client.post("/api/v1/tokens/", {"name": "x"}, format="json")
    assert response.status_code == 403
    error = error_of(response)
    assert error["code"] == "permission_denied" and "CSRF" in error["message"]


def test_services_for_the_profile_page(user):
    token, key = token_create(user, name="web")
    assert list(tokens_for_user(user)) == [token]
    assert token_revoke(user, token_id=token.pk) is True
    assert token_revoke(user, token_id=token.pk) is False
    assert not tokens_for_user(user).exists() and key


def test_issue_token_command(user):
    out = StringIO()
    call_command("issue_token", user.username, "--name", "cli", stdout=out, stderr=StringIO())
    key = out.getvalue().strip()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/me/").json()["username"] == user.username
    assert ApiToken.objects.get(user=user).name == "cli"
    with pytest.raises(CommandError, match="No user"):
        call_command("issue_token", "ghost", stdout=StringIO())
