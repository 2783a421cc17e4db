"""Error pages in the site's own style: 404 (also for someone else's submission, reached
from a leaderboard's time link), 403 (CSRF) and 500."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db

STYLED = ('class="site-header"', "/static/web/site.css", 'class="error-page"')


def assert_styled(html: str) -> None:
    for marker in STYLED:
        assert marker in html, marker


def test_unknown_page_is_a_styled_404(client):
    r = client.get("/no-such-page/")
    assert r.status_code == 404
    html = r.content.decode()
    assert_styled(html)
    assert "Not Found" in html and "/no-such-page/" in html


def test_someone_elses_submission_is_a_styled_404_and_not_linked_from_the_leaderboard(client):
    problem = ProblemFactory()
    owner = UserFactory(username="fast")
    best = SubmissionFactory(
        user=owner, problem=problem, status="done", verdict="accepted", score=0.5,
        source="SECRET_SOURCE = 1\n",
    )  # fmt: skip
    viewer = UserFactory()
    client.force_login(viewer)
    board = client.get(f"/problems/{problem.slug}/leaderboard/").content.decode()
    link = f"/submissions/{best.pk}/"
    assert f'href="{link}"' not in board and "0.5000 ms" in board  # shown, not linked
    r = client.get(link)
    assert r.status_code == 404
    html = r.content.decode()
    assert_styled(html)
    assert "only by its author" in html and "SECRET_SOURCE" not in html
    client.force_login(owner)
    assert client.get(link).status_code == 200


def test_csrf_failure_is_a_styled_403():
    csrf_client = Client(enforce_csrf_checks=True)
    r = csrf_client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert r.status_code == 403
    html = r.content.decode()
    assert_styled(html)
    assert "Form expired" in html


def test_server_error_is_a_styled_500(client, monkeypatch):
    def boom(request, *args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr("web.views.problem_list_with_stats", boom, raising=False)
    monkeypatch.setattr("web.views.problem_list_for_api", boom, raising=False)
    client.raise_request_exception = False
    r = client.get("/")
    assert r.status_code == 500
    html = r.content.decode()
    assert_styled(html)
    assert "Server Error" in html and "bug" not in html
