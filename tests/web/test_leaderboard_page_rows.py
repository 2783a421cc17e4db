"""The leaderboard page lists the top rows (plus the viewer's own) but counts everyone."""

from __future__ import annotations

import pytest

from tests.factories import ProblemFactory, SubmissionFactory, UserFactory
from web import views

pytestmark = pytest.mark.django_db


def test_leaderboard_page_shows_top_rows_and_own_row(client, monkeypatch):
    monkeypatch.setattr(views, "LEADERBOARD_PAGE_ROWS", 3)
    problem = ProblemFactory()
    users = [UserFactory(username=f"u{i}") for i in range(6)]
    for i, user in enumerate(users):
        SubmissionFactory(problem=problem, user=user, status="done", verdict="accepted",
                          mode="submit", device_kind="cpu", score=1.0 + i)  # fmt: skip
    client.force_login(users[5])
    html = client.get(f"/problems/{problem.slug}/leaderboard/?device=cpu").content.decode()
    assert "u0" in html and "u2" in html and "u3" not in html and "u4" not in html
    assert "u5" in html and "#6</strong> of 6" in html  # own row below the top, counted of all
    assert "Showing the top 3 of 6 ranked users" in html
