"""The minimal server-rendered pages."""

from __future__ import annotations

import pytest

from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_problem_list(client):
    ProblemFactory(slug="vector-add-x", title="Vector Add X")
    ProblemFactory(slug="secret", title="Secret", published=False)
    page = client.get("/")
    assert page.status_code == 200
    assert b"Vector Add X" in page.content and b"Secret" not in page.content


def test_problem_page_shows_statement_starters_and_leaderboard(client):
    problem = ProblemFactory(statement="# Heading\n\nUse <script>x</script> carefully.")
    SubmissionFactory(
        problem=problem,
        user=UserFactory(username="speedy"),
        status="done",
        verdict="accepted",
        score=1.5,
    )
    page = client.get(f"/problems/{problem.slug}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>Heading</h1>" in html
    assert "<script>x</script>" not in html  # raw HTML in statements is escaped
    assert "def solve(A, B, C, N)" in html
    assert "speedy" in html


def test_unknown_problem_is_404(client):
    assert client.get("/problems/nope/").status_code == 404
