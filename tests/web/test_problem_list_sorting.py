"""The problem list: sorted by title by default (what the list shows), sortable by its
columns both ways, filterable by difficulty, tag and (signed in) solved."""

from __future__ import annotations

import re

import pytest

from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def titles(client, query: str = "") -> list[str]:
    html = client.get("/" + query).content.decode()
    return re.findall(r'<td><a href="/problems/[^"]+/">([^<]+)</a></td>', html)


@pytest.fixture
def catalog():
    # slugs in the opposite order of the titles: a slug sort would show C, B, A
    a = ProblemFactory(slug="zz-alpha", title="Alpha Sum", difficulty="hard", tags=["reduction"])
    b = ProblemFactory(slug="mm-beta", title="beta Scan", difficulty="easy", tags=["scan"])
    c = ProblemFactory(slug="aa-gamma", title="Gamma Copy", difficulty="medium", tags=["scan"])
    solver = UserFactory()
    for problem, verdict in ((b, "accepted"), (c, "accepted"), (c, "wrong_answer")):
        SubmissionFactory(user=solver, problem=problem, status="done", verdict=verdict,
                          score=1.0 if verdict == "accepted" else None)  # fmt: skip
    return a, b, c, solver


def test_default_sort_is_by_title_not_slug(client, catalog):
    assert titles(client) == ["Alpha Sum", "beta Scan", "Gamma Copy"]


def test_sorting_by_each_column_and_back(client, catalog):
    assert titles(client, "?sort=title&dir=desc") == ["Gamma Copy", "beta Scan", "Alpha Sum"]
    assert titles(client, "?sort=difficulty") == ["beta Scan", "Gamma Copy", "Alpha Sum"]
    assert titles(client, "?sort=difficulty&dir=desc") == ["Alpha Sum", "Gamma Copy", "beta Scan"]
    # acceptance: beta 100%, gamma 50%, alpha none (last)
    assert titles(client, "?sort=acceptance") == ["beta Scan", "Gamma Copy", "Alpha Sum"]
    assert titles(client, "?sort=solved_by")[-1] == "Alpha Sum"
    assert titles(client, "?sort=bogus") == ["Alpha Sum", "beta Scan", "Gamma Copy"]
    html = client.get("/?sort=difficulty").content.decode()
    assert 'aria-sort="ascending"' in html and 'href="?sort=difficulty&amp;dir=desc"' in html


def test_filters_by_difficulty_tag_and_solved(client, catalog):
    *_, solver = catalog
    assert titles(client, "?difficulty=hard") == ["Alpha Sum"]
    assert titles(client, "?tag=scan&sort=title&dir=desc") == ["Gamma Copy", "beta Scan"]
    assert 'id="solved"' not in client.get("/").content.decode()  # only when signed in
    client.force_login(solver)
    assert titles(client, "?solved=yes") == ["beta Scan", "Gamma Copy"]
    assert titles(client, "?solved=no") == ["Alpha Sum"]
    html = client.get("/?tag=scan&sort=difficulty").content.decode()
    assert 'href="?tag=scan&amp;sort=title"' in html  # a column link keeps the filters
