"""What a first visit tripped over (issue 37), each checked on the server-rendered pages: one
signature on the problem page, /problems/ leads to the list, leaderboard times link only where
the viewer may open them, a fresh solve counted beside its ✓, the CPU roofline named by the
sizes that ran, no keyboard hints where there is no keyboard, a Copy button for a new token."""

from __future__ import annotations

import pytest
from django.utils import timezone

from judge.models import Status, Verdict
from judge.problem_stats import PROBLEM_STATS_CACHE_KEY
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def _accepted(problem, user, score=1.0, **extra):
    return SubmissionFactory(
        problem=problem, user=user, status=Status.DONE, verdict=Verdict.ACCEPTED, mode="submit",
        score=score, finished_at=timezone.now(), **extra,
    )  # fmt: skip


def test_a_statement_with_its_own_signature_is_not_followed_by_a_second_one(client):
    stated = ProblemFactory(statement="## Signature\n\n```c\n#include <cuda_fp16.h>\n```\n")
    html = client.get(f"/problems/{stated.slug}/").content.decode()
    assert "Entry point" not in html and 'class="signature"' not in html
    assert "#include &lt;cuda_fp16.h&gt;" in html and "&amp;lt;" not in html
    bare = ProblemFactory(statement="Add two vectors.")
    html = client.get(f"/problems/{bare.slug}/").content.decode()
    assert "Entry point" in html and html.count('class="signature"') == 2  # C and Python


def test_problems_without_a_slug_redirects_to_the_list_keeping_the_filter(client):
    response = client.get("/problems/?q=vector")
    assert response.status_code == 302 and response["Location"] == "/?q=vector"


def test_leaderboard_links_only_the_viewers_own_time(client):
    problem = ProblemFactory()
    me, other = UserFactory(username="me"), UserFactory(username="other")
    mine, theirs = _accepted(problem, me, 2.0), _accepted(problem, other, 1.0)
    client.force_login(me)
    html = client.get(f"/problems/{problem.slug}/leaderboard/?device=cpu").content.decode()
    assert f'href="/submissions/{mine.pk}/"' in html
    assert f"/submissions/{theirs.pk}/" not in html and "1.0000 ms" in html
    client.force_login(UserFactory(username="staff", is_staff=True))
    html = client.get(f"/problems/{problem.slug}/leaderboard/?device=cpu").content.decode()
    assert f'href="/submissions/{theirs.pk}/"' in html  # staff may open every submission


def test_a_solve_after_the_cached_counts_is_counted_beside_its_check_mark(client, settings):
    from judge.cache import _local_cache

    settings.KJ_STATS_CACHE_S = 3600  # the counts stay cached as on a live site
    _local_cache.pop(PROBLEM_STATS_CACHE_KEY, None)
    problem = ProblemFactory(title="Fresh Solve")
    earlier = UserFactory(username="earlier")
    _accepted(problem, earlier)
    solver = UserFactory(username="solver")
    try:
        client.get("/")  # counts cached now: solved by 1
        _accepted(problem, solver)
        client.force_login(solver)
        row = _row(client.get("/").content.decode(), "Fresh Solve")
        assert 'title="Solved"' in row and "<td>2</td>" in row
        client.force_login(earlier)  # counted already: not twice
        assert "<td>1</td>" in _row(client.get("/").content.decode(), "Fresh Solve")
        assert client.get("/api/v1/problems/?q=fresh").json()["results"][0]["solved_by"] == 1
        client.force_login(solver)
        assert client.get("/api/v1/problems/?q=fresh").json()["results"][0]["solved_by"] == 2
    finally:
        _local_cache.pop(PROBLEM_STATS_CACHE_KEY, None)


def _row(html: str, title: str) -> str:
    start = html.rindex("<tr>", 0, html.index(f">{title}</a>"))
    return html[start : html.index("</tr>", start)]


def test_the_cpu_roofline_names_the_case_by_the_sizes_that_ran(client):
    problem = ProblemFactory()  # vector-add: "N = 25,000,000", cpu_scalars N = 1,000,000
    user = UserFactory()
    case = {"name": "N = 25,000,000", "sizes": {"N": 1_000_000}, "median_ms": 1.0, "runs": 10,
            "gflops": 1.0, "gbps": 12.0}  # fmt: skip
    sub = _accepted(problem, user, 1.0, result={"benchmark": {"cases": [case], "score_ms": 1.0}})
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Case <strong>N = 1,000,000</strong>" in html
    assert "25,000,000" not in html


def test_keyboard_hints_are_marked_for_hiding_on_touch_screens(client):
    html = client.get(f"/problems/{ProblemFactory().slug}/").content.decode()
    assert '<span class="keyboard-hints"> <kbd>Ctrl</kbd>' in html
    css = client.get("/static/web/site.css")
    text = b"".join(css.streaming_content).decode() if css.streaming else css.content.decode()
    assert (
        "@media (max-width: 700px), (pointer: coarse) { .keyboard-hints { display: none; } }"
        in text
    )


def test_a_new_token_comes_with_a_copy_button(client):
    client.force_login(UserFactory())
    response = client.post("/accounts/tokens/", {"name": "laptop"}, follow=True)
    html = response.content.decode()
    assert 'id="new-token-key"' in html
    assert '<button type="button" data-copy="new-token-key"' in html and "web/copy.js" in html
