"""Server-rendered pages: problem list, problem, leaderboards, submission, accounts."""

from __future__ import annotations

import pytest

from judge.models import Submission
from tests.factories import TEST_PASSWORD, ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


def _accepted(problem, user, score, **extra):
    return SubmissionFactory(
        problem=problem, user=user, status="done", verdict="accepted", mode="submit",
        score=score, **extra,
    )  # fmt: skip


def test_problem_list_filters_and_solved_marks(client):
    user = UserFactory(username="solver")
    easy = ProblemFactory(slug="vector-add-x", title="Vector Add X", tags=["elementwise"])
    ProblemFactory(slug="hard-one", title="Hard One", difficulty="hard", tags=["reduction"])
    ProblemFactory(slug="secret", title="Secret", published=False)
    _accepted(easy, user, 1.0)
    page = client.get("/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Vector Add X" in html and "Hard One" in html and "Secret" not in html
    assert "100%" in html  # acceptance rate of vector-add-x
    assert "Hard One" not in client.get("/?difficulty=easy").content.decode()
    assert "Vector Add X" not in client.get("/?tag=reduction").content.decode()
    assert "Hard One" not in client.get("/?q=vector").content.decode()
    client.force_login(user)
    html = client.get("/").content.decode()
    assert 'title="Solved"' in html and "You have solved 1 problem." in html


def test_problem_page_has_statement_signature_editor_and_pickers(client):
    problem = ProblemFactory(statement="# Heading\n\nUse <script>x</script> and $C_i = A_i + B_i$.")
    page = client.get(f"/problems/{problem.slug}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>Heading</h1>" in html
    assert "<script>x</script>" not in html  # raw HTML in statements is escaped
    assert "$C_i = A_i + B_i$" in html  # left for KaTeX
    assert "void solve(const float* A, const float* B, float* C, int N)" in html
    assert 'id="language"' in html and 'id="device"' in html and 'id="source"' in html
    assert 'id="kj-starters"' in html and "def solve(A, B, C, N)" in html
    assert "/static/dist/app.js" in html and "/static/dist/app.css" in html
    assert "atol" in html and "Log in</a> or" in html


def test_problem_page_offers_cute_dsl_with_its_starter(client):
    problem = ProblemFactory()
    html = client.get(f"/problems/{problem.slug}/").content.decode()
    assert '<option value="cute">CuTe DSL</option>' in html
    assert "@cute.jit" in html


def test_bundle_is_served(client):
    for path in ("/static/dist/app.js", "/static/dist/app.css", "/static/web/site.css"):
        response = client.get(path)
        assert response.status_code == 200, path


def test_unknown_problem_is_404(client):
    assert client.get("/problems/nope/").status_code == 404


def test_problem_leaderboard_filters_chart_and_moderation(client):
    problem = ProblemFactory()
    me, other, cheat = (
        UserFactory(username="me"),
        UserFactory(username="other"),
        UserFactory(username="cheater"),
    )
    _accepted(problem, me, 2.0, language="pytorch")
    _accepted(problem, other, 1.0, language="triton")
    _accepted(problem, cheat, 0.001, hidden_from_leaderboard=True, cheat_reason="timing")
    client.force_login(me)
    html = client.get(f"/problems/{problem.slug}/leaderboard/?device=cpu").content.decode()
    assert "other" in html and "cheater" not in html
    body = html.split("<tbody>")[1]
    assert body.index("other") < body.index("me <span")
    assert "<svg" in html and "you: 2.00 ms" in html
    assert "You are <strong>#2</strong>" in html
    html = client.get(
        f"/problems/{problem.slug}/leaderboard/?device=cpu&language=pytorch"
    ).content.decode()
    assert "other" not in html.split("<tbody>")[1]


def test_global_leaderboard(client):
    problem = ProblemFactory()
    _accepted(problem, UserFactory(username="alice"), 1.0)
    html = client.get("/leaderboard/").content.decode()
    assert "alice" in html


def test_submission_page_report(client):
    owner = UserFactory(username="owner")
    problem = ProblemFactory()
    result = {
        "verdict": "wrong_answer", "message": "Test 'N=3' failed",
        "compile_log": "line one\nline two",
        "tests": [
            {"name": "example", "public": True, "sizes": {"N": 4}, "passed": True, "max_abs_err": 0.0, "max_rel_err": 0.0},
            {"name": "N=3", "public": False, "sizes": {"N": 3}, "passed": False, "max_abs_err": 1.0, "max_rel_err": 1.0,
             "first_mismatch": {"output": "C", "index": [2], "flat_index": 2, "expected": 5.0, "got": 4.0}, "mismatches": 1},
        ],
    }  # fmt: skip
    sub = SubmissionFactory(problem=problem, user=owner, status="done", verdict="wrong_answer",
                            message="Test 'N=3' failed", result=result)  # fmt: skip
    assert client.get(f"/submissions/{sub.pk}/").status_code == 302  # login first
    client.force_login(UserFactory(username="stranger"))
    assert client.get(f"/submissions/{sub.pk}/").status_code == 404
    client.force_login(owner)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Wrong answer" in html and "allowed tolerance" in html
    assert "<li><code>line two</code></li>" in html
    assert "First mismatch" in html and "<code>[2]</code>" in html and "<code>4.0</code>" in html
    assert "Tie rule" not in html


def test_submission_page_says_what_a_tie_rule_accepts(client):
    owner = UserFactory(username="owner")
    note = "or any index whose value equals logits[0, 3] = 3.0"
    mismatch = {
        "output": "tokens",
        "index": [0],
        "flat_index": 0,
        "expected": 3,
        "got": 4,
        "note": note,
    }
    result = {
        "verdict": "wrong_answer", "message": "Test 'example' failed",
        "tests": [{"name": "example", "public": True, "sizes": {"B": 3}, "passed": False,
                   "first_mismatch": mismatch, "mismatches": 1}],
    }  # fmt: skip
    sub = SubmissionFactory(problem=ProblemFactory(), user=owner, status="done",
                            verdict="wrong_answer", message="failed", result=result)  # fmt: skip
    client.force_login(owner)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "<dt>Tie rule</dt><dd>or any index whose value equals logits[0, 3] = 3.0</dd>" in html


def test_submission_page_benchmark_and_rank(client):
    owner = UserFactory(username="owner")
    problem = ProblemFactory()
    bench = {"score_ms": 2.5, "cases": [{"name": "big", "sizes": {"N": 10}, "median_ms": 2.5, "runs": 40,
             "gflops": 1.5, "gbps": 12.0, "fraction_of_peak": 0.25, "baseline": "torch.add in float32", "baseline_median_ms": 5.0, "speedup": 2.0}]}  # fmt: skip
    sub = _accepted(
        problem,
        owner,
        2.5,
        result={"verdict": "accepted", "message": "ok", "tests": [], "benchmark": bench},
    )
    _accepted(problem, UserFactory(), 5.0)
    client.force_login(owner)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Rank <strong>#1</strong> of 2" in html and "<strong>100%</strong>" in html
    assert "25.0%" in html and "2.00×" in html and "40" in html
    assert "5.0000 ms" in html and "Baseline: torch.add in float32." in html


def test_pending_submission_page_is_live(client):
    owner = UserFactory()
    sub = SubmissionFactory(user=owner, status="testing")
    client.force_login(owner)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert f'data-live-submission="{sub.pk}"' in html and "Testing" in html


def test_signup_login_logout(client):
    page = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "email": "",
            "password1": "a-long-pass-123",
            "password2": "a-long-pass-123",
        },
    )
    assert page.status_code == 302
    assert "newbie" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "newbie" not in client.get("/").content.decode()
    page = client.post("/accounts/login/", {"username": "newbie", "password": "a-long-pass-123"})
    assert page.status_code == 302 and page["Location"] == "/accounts/profile/"
    bad = client.post(
        "/accounts/signup/", {"username": "newbie", "password1": "x", "password2": "y"}
    )
    assert bad.status_code == 200 and b'role="alert"' in bad.content


def test_profile_tokens_create_once_list_revoke(client):
    user = UserFactory(username="tokeneer")
    assert client.login(username="tokeneer", password=TEST_PASSWORD)
    problem = ProblemFactory(title="Solved One")
    _accepted(problem, user, 1.0)
    client.post("/accounts/tokens/", {"name": "laptop"})
    html = client.get("/accounts/profile/").content.decode()
    assert "Solved One" in html and "laptop" in html
    key = html.split('id="new-token-key" class="key" readonly value="')[1].split('"')[0]
    assert key.startswith("kj_")
    assert key not in client.get("/accounts/profile/").content.decode()  # shown once
    from accounts.selectors import tokens_for_user

    token = tokens_for_user(user).get()
    client.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert not tokens_for_user(user).exists()
    assert Submission.objects.filter(user=user).count() == 1


def test_statement_title_heading_is_not_repeated(client):
    problem = ProblemFactory(title="Vector Thing", statement="# Vector Thing\n\nBody text.")
    html = client.get(f"/problems/{problem.slug}/").content.decode()
    assert html.count("Vector Thing</h1>") == 0 and "Body text." in html
