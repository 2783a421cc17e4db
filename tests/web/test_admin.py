"""Admin authoring: the structured spec form, starters, version bumps, Validate, publish,
rejudge and moderation."""

from __future__ import annotations

import json

import pytest

from judge.leaderboards.selectors import leaderboard_for_problem
from judge.models import Submission
from problems.models import Problem
from runner.contract import LANGUAGES
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db

PARAMS = [
    {"name": "A", "dtype": "f32", "role": "in", "shape": ["N"]},
    {"name": "C", "dtype": "f32", "role": "out", "shape": ["N"]},
    {"name": "N", "dtype": "int", "role": "scalar"},
]
TESTS = [
    {"name": "example", "public": True, "scalars": {"N": 4}, "values": {"A": [1, 2, 3, 4]}},
    {"name": "N=100", "scalars": {"N": 100}},
]
REFERENCE = "import torch\n\n\ndef reference(A, C, N):\n    torch.mul(A, 2, out=C)\n"


def form_data(**overrides) -> dict:
    data = {
        "slug": "double-it",
        "title": "Double It",
        "difficulty": "easy",
        "tags_text": "elementwise, warm-up",
        "statement": "Compute $C_i = 2 A_i$.",
        "reference_source": REFERENCE,
        "reference_precision": "native",
        "atol": "1e-5",
        "rtol": "1e-5",
        "flops": "N",
        "bytes": "8*N",
        "params_json": json.dumps(PARAMS),
        "tests_json": json.dumps(TESTS),
        "benchmarks_json": json.dumps([{"name": "big", "scalars": {"N": 1000}}]),
        "limits_json": "",
        "starters": "",
        "solutions-TOTAL_FORMS": "0",
        "solutions-INITIAL_FORMS": "0",
        "solutions-MIN_NUM_FORMS": "0",
        "solutions-MAX_NUM_FORMS": "1000",
    }
    data.update(overrides)
    return data


@pytest.fixture
def staff(client):
    user = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client.force_login(user)
    return user


def test_create_problem_validates_spec_and_generates_starters(client, staff):
    response = client.post("/admin/problems/problem/add/", form_data())
    assert response.status_code == 302, response.content.decode()[:3000]
    problem = Problem.objects.get(slug="double-it")
    assert problem.version == 1 and not problem.published
    assert problem.tags == ["elementwise", "warm-up"]
    assert problem.spec["params"][0]["name"] == "A" and problem.spec["flops"] == "N"
    assert set(problem.starters) == set(LANGUAGES)  # a starter in every language
    assert "def solve(A: torch.Tensor, C: torch.Tensor, N: int)" in problem.starters["pytorch"]
    assert "def solve(A: jax.Array, N: int) -> jax.Array:" in problem.starters["jax"]
    assert "def solve(A: cute.Tensor, C: cute.Tensor, N: cute.Int32):" in problem.starters["cute"]
    page = client.get(f"/admin/problems/problem/{problem.pk}/change/").content.decode()
    assert 'id="kj-statement-preview" data-math' in page and "$C_i = 2 A_i$" in page


def test_spec_errors_are_shown_on_the_named_field(client, staff):
    bad = [{**PARAMS[0], "shape": ["M"]}, *PARAMS[1:]]
    response = client.post("/admin/problems/problem/add/", form_data(params_json=json.dumps(bad)))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "params_json" in errors and "unknown scalar 'M'" in errors["params_json"][0]
    response = client.post("/admin/problems/problem/add/", form_data(tests_json="[{"))
    assert "Not valid JSON" in response.context["adminform"].form.errors["tests_json"][0]
    response = client.post("/admin/problems/problem/add/", form_data(reference_source="x = 1"))
    assert "reference_source" in response.context["adminform"].form.errors
    assert not Problem.objects.exists()


def test_changing_tests_bumps_version_and_offers_rejudge(
    client, staff, enqueued, django_capture_on_commit_callbacks
):
    client.post("/admin/problems/problem/add/", form_data())
    problem = Problem.objects.get(slug="double-it")
    old = SubmissionFactory(problem=problem, status="done", verdict="accepted", score=1.0)
    response = client.post(
        f"/admin/problems/problem/{problem.pk}/change/", form_data(title="Double It!"), follow=True
    )
    problem.refresh_from_db()
    assert problem.version == 1 and problem.title == "Double It!"  # presentation only
    tests = [*TESTS, {"name": "N=7", "scalars": {"N": 7}}]
    response = client.post(
        f"/admin/problems/problem/{problem.pk}/change/",
        form_data(tests_json=json.dumps(tests)),
        follow=True,
    )
    problem.refresh_from_db()
    assert problem.version == 2
    html = response.content.decode()
    assert "version 1 → 2" in html and f"/admin/problems/problem/{problem.pk}/rejudge/" in html
    assert (
        b"1 finished submission"
        in client.get(f"/admin/problems/problem/{problem.pk}/rejudge/").content
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/admin/problems/problem/{problem.pk}/rejudge/")
    old.refresh_from_db()
    assert old.status == "queued" and old.problem_version == 2
    assert (old.pk, old.device_kind, True) in enqueued


def test_validate_action_creates_validation_submissions(
    client, staff, enqueued, django_capture_on_commit_callbacks
):
    client.post("/admin/problems/problem/add/", form_data())
    problem = Problem.objects.get(slug="double-it")
    problem.solutions.create(name="wrong", language="pytorch", expected_verdict="wrong_answer",
                             source="def solve(A, C, N):\n    C.zero_()\n")  # fmt: skip
    # CUDA runs on the CPU device too (through the emulation): it is validated there as well
    problem.solutions.create(name="cuda one", language="cuda", source="// never compiled here")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/admin/problems/problem/", {"action": "validate", "_selected_action": [problem.pk]}
        )
    assert response.status_code == 302
    assert response["Location"] == f"/admin/problems/problem/{problem.pk}/validation/"
    rows = Submission.objects.filter(problem=problem).order_by("pk")
    assert all(r.validation for r in rows)
    assert sorted(r.language for r in rows) == ["cuda", "pytorch", "pytorch"]
    assert "reference (as PyTorch)" in rows[0].validation_label
    assert "def reference" in rows[0].source and "def solve(*args" in rows[0].source
    assert len(enqueued) == 3
    page = client.get(response["Location"]).content.decode()
    assert "refreshes every 3 seconds" in page and "expect wrong_answer" in page
    Submission.objects.filter(problem=problem).update(status="done", verdict="accepted", score=1.0)
    Submission.objects.filter(validation_label__startswith="wrong").update(verdict="wrong_answer")
    page = client.get(response["Location"]).content.decode()
    assert "All validations passed." in page
    problem.published = True
    problem.save()
    assert leaderboard_for_problem(problem, "cpu") == []  # validations are never ranked


def test_publish_and_unpublish_actions(client, staff):
    problem = ProblemFactory(published=False)
    client.post("/admin/problems/problem/", {"action": "publish", "_selected_action": [problem.pk]})
    problem.refresh_from_db()
    assert problem.published
    client.post(
        "/admin/problems/problem/", {"action": "unpublish", "_selected_action": [problem.pk]}
    )
    problem.refresh_from_db()
    assert not problem.published


def test_moderation_hide_and_mark_cheated(client, staff):
    problem = ProblemFactory()
    sub = SubmissionFactory(
        problem=problem, status="done", verdict="accepted", mode="submit", score=0.5
    )
    assert len(leaderboard_for_problem(problem, "cpu")) == 1
    client.post("/admin/judge/submission/", {"action": "hide", "_selected_action": [sub.pk]})
    assert leaderboard_for_problem(problem, "cpu") == []
    client.post("/admin/judge/submission/", {"action": "unhide", "_selected_action": [sub.pk]})
    assert len(leaderboard_for_problem(problem, "cpu")) == 1
    client.post(
        "/admin/judge/submission/",
        {"action": "mark_cheated", "_selected_action": [sub.pk], "reason": "timed a cached result"},
    )
    sub.refresh_from_db()
    assert sub.hidden_from_leaderboard and sub.cheat_reason == "timed a cached result"
    assert sub.verdict == "rejected" and leaderboard_for_problem(problem, "cpu") == []


def test_statement_preview_endpoint(client, staff):
    response = client.post(
        "/admin/problems/problem/preview/", {"statement": "**bold** $a_i * b_i$ <b>x</b>"}
    )
    html = response.content.decode()
    assert "<strong>bold</strong>" in html and "$a_i * b_i$" in html and "<b>" not in html
    client.logout()
    assert client.post("/admin/problems/problem/preview/", {"statement": "x"}).status_code == 302


def test_an_edit_keeps_the_packages_tie_rule_and_module_form(client, staff):
    params = [
        PARAMS[0],
        {"name": "W", "dtype": "f32", "role": "in", "shape": [1, "N"]},
        {"name": "I", "dtype": "i32", "role": "out", "shape": [1]},
        PARAMS[2],
    ]
    reference = "def reference(A, W, I, N):\n    I[0] = int(A.argmax())\n"
    tests = [{"name": "example", "public": True, "scalars": {"N": 3}, "values": {"A": [1, 2, 2]}}]
    data = form_data(
        params_json=json.dumps(params), tests_json=json.dumps(tests), reference_source=reference
    )
    assert client.post("/admin/problems/problem/add/", data).status_code == 302
    problem = Problem.objects.get(slug="double-it")
    rule = {"output": "I", "values": "A", "distinct": False}
    module = {"name": "model", "weight": "W", "bias": "A"}
    # as a package's sync writes them (the form has no field for either)
    problem.spec = {**problem.spec, "ties": [rule], "linear_module": module}
    problem.save()
    client.post(f"/admin/problems/problem/{problem.pk}/change/", {**data, "title": "Argmax"})
    problem.refresh_from_db()
    assert problem.title == "Argmax" and problem.spec["ties"] == [rule]
    assert problem.spec["linear_module"] == module
