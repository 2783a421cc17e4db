"""The leaderboard page lists the top rows (plus the viewer's own) but counts everyone."""

from __future__ import annotations

import re

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
    # The user cells of the table only: a bare "u3" can occur in the page's CSRF token.
    listed = re.findall(r"<td>(u\d)\b", html)
    assert listed == ["u0", "u1", "u2", "u5"]  # the top three, then the viewer's own row
    assert "#6</strong> of 6" in html  # the own row is counted among all ranked users
    assert "Showing the top 3 of 6 ranked users" in html
