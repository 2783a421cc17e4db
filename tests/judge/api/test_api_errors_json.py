"""Every API failure is answered in the one JSON error shape: bodies too large (413), wrong
types (400), unknown paths (404), unexpected exceptions (500)."""

from __future__ import annotations

import json
import logging

import pytest
from django.http import HttpResponse
from django.test import override_settings

from judge.api.middleware import ApiJsonErrorsMiddleware
from judge.models import Submission
from tests.judge.api.conftest import error_of, submit_body

pytestmark = pytest.mark.django_db


def test_a_20_mb_body_is_a_json_413_without_a_traceback(api, problem, caplog):
    body = json.dumps(submit_body(problem, source="x" * (20 * 1024 * 1024)))
    with caplog.at_level(logging.WARNING):
        r = api.generic("POST", "/api/v1/submissions/", body, content_type="application/json")
    assert r.status_code == 413 and r["Content-Type"].startswith("application/json")
    assert error_of(r)["code"] == "too_large"
    assert not [rec for rec in caplog.records if rec.exc_info], "no traceback logged"
    assert not Submission.objects.exists()


def test_a_body_read_past_the_limit_without_content_length_is_a_json_413(api, problem):
    # No Content-Length to refuse early: the read itself raises RequestDataTooBig, and DRF's
    # exception handler answers it.
    body = json.dumps(submit_body(problem, source="x" * 4096))
    with override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024):
        r = api.generic(
            "POST", "/api/v1/submissions/", body, content_type="application/json",
            CONTENT_LENGTH="",
        )  # fmt: skip
    assert r.status_code in (400, 413)
    assert r["Content-Type"].startswith("application/json")
    error_of(r)


@pytest.mark.parametrize("field", ["source", "language", "problem", "device"])
def test_a_number_where_text_belongs_is_a_json_400(api, problem, field):
    r = api.post("/api/v1/submissions/", submit_body(problem, **{field: 42}), format="json")
    assert r.status_code == 400, r.content
    err = error_of(r)
    assert err["code"] == "invalid" and field in err["fields"]
    assert not Submission.objects.exists()


def test_token_name_must_be_a_string(api):
    r = api.post("/api/v1/tokens/", {"name": 7}, format="json")
    assert r.status_code == 400 and "name" in error_of(r)["fields"]


def test_malformed_json_is_a_json_400(api):
    r = api.generic("POST", "/api/v1/submissions/", "{not json", content_type="application/json")
    assert r.status_code == 400 and error_of(r)["code"] == "invalid"


def test_an_unexpected_exception_is_a_json_500(api, monkeypatch, caplog):
    def boom(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr("accounts.api.me.MeView.get", boom)
    api.raise_request_exception = False
    with caplog.at_level(logging.ERROR):
        r = api.get("/api/v1/me/")
    assert r.status_code == 500 and error_of(r)["code"] == "server_error"
    assert "bug" not in r.content.decode()


def test_unknown_paths_and_wrong_methods_are_json(api):
    assert error_of(api.get("/api/v1/nope/"))["code"] == "not_found"
    r = api.delete("/api/v1/problems/")
    assert r.status_code == 405 and error_of(r)["code"] == "method_not_allowed"


def test_an_html_error_from_an_inner_layer_becomes_json(rf):
    # e.g. Django's CSRF failure page or a 404 from a layer under the middleware
    page = HttpResponse("<h1>Forbidden</h1>", status=403)
    middleware = ApiJsonErrorsMiddleware(lambda request: page)
    r = middleware(rf.post("/api/v1/anything/"))
    assert r.status_code == 403 and r["Content-Type"] == "application/json"
    assert json.loads(r.content)["error"]["code"] == "permission_denied"
    assert middleware(rf.get("/problems/")) is page  # the site's pages stay HTML
