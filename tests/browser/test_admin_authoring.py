"""An admin writes a new problem in the Django admin (fills the forms), validates it through
the real judging pipeline, publishes it; then a user solves it in the browser."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_solve_flow import sign_up, watch_status, write_in_editor

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(300),
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all of them
]

PARAMS = [
    {"name": "X", "dtype": "f32", "role": "in", "shape": ["N"], "dist": "uniform(-10, 10)"},
    {"name": "Y", "dtype": "f32", "role": "out", "shape": ["N"]},
    {"name": "N", "dtype": "int", "role": "scalar"},
]
TESTS = [
    {"name": "example", "public": True, "scalars": {"N": 3}, "values": {"X": [1.0, -2.0, 0.5]}},
    {"name": "N=1", "scalars": {"N": 1}},
    {"name": "N=1000", "scalars": {"N": 1000}},
]
REFERENCE = "import torch\n\n\ndef reference(X, Y, N):\n    torch.mul(X, 3, out=Y)\n"
SOLUTION = "import torch\n\n\ndef solve(X, Y, N):\n    Y.copy_(X * 3)\n"


def test_admin_creates_validates_publishes_and_a_user_solves(site, page, browser):
    from playwright.sync_api import expect

    page.goto(site.url("/admin/login/?next=/admin/problems/problem/add/"))
    page.get_by_label("Username").fill(site.admin_user)
    page.get_by_label("Password").fill(site.admin_password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/admin/problems/problem/add/")

    page.fill("#id_slug", "triple-it")
    page.fill("#id_title", "Triple It")
    page.select_option("#id_difficulty", "easy")
    page.fill("#id_tags_text", "elementwise, warm-up")
    page.fill("#id_statement", "Write $Y_i = 3 X_i$ for every $i < N$.")
    # The live preview: Markdown rendered by the server, math by the bundled KaTeX.
    expect(page.locator("#kj-statement-preview .katex")).to_have_count(2, timeout=15_000)
    page.fill("#id_reference_source", REFERENCE)
    page.fill("#id_flops", "N")
    page.fill("#id_params_json", json.dumps([{**PARAMS[0], "shape": ["M"]}, *PARAMS[1:]]))
    page.fill("#id_tests_json", json.dumps(TESTS))
    page.fill("#id_benchmarks_json", json.dumps([{"name": "N=100000", "scalars": {"N": 100000}}]))
    page.fill("#id_limits_json", json.dumps({"benchmark_budget_s": 1}))
    page.get_by_role("button", name="Save", exact=True).click()
    # The spec is checked by the runner's ProblemSpec; the error is shown on its field.
    expect(page.locator(".field-params_json .errorlist")).to_contain_text("unknown scalar 'M'")
    page.fill("#id_params_json", json.dumps(PARAMS))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("was added successfully")

    row = page.locator("#result_list tr", has_text="triple-it")
    row.locator("input[name=_selected_action]").check()
    page.select_option("select[name=action]", "validate")
    page.locator("button[name=index]").click()
    page.wait_for_url("**/validation/")
    expect(page.locator("#validation-summary")).to_contain_text(
        "All validations passed.", timeout=150_000
    )
    expect(page.locator("#validation-results")).to_contain_text("reference (as PyTorch)")

    # All passed: the validation page offers Publish.
    page.locator("#publish-btn").click()
    expect(page.locator(".messagelist")).to_contain_text("Published triple-it")
    expect(page.locator("#publish-btn")).to_have_count(0)

    user = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    user.set_default_timeout(30_000)
    sign_up(user, site, "hamilton")
    user.get_by_role("link", name="Triple It").click()
    user.wait_for_function("window.kjEditor !== undefined")
    assert "def solve(X: torch.Tensor, Y: torch.Tensor, N: int)" in user.evaluate(
        "window.kjEditor.state.doc.toString()"
    )  # the generated PyTorch starter
    assert user.locator(".statement .katex").count() == 2
    write_in_editor(user, SOLUTION)
    user.get_by_role("button", name="Submit").click()
    watch_status(user, "Accepted", 150)
    user.goto(site.url("/problems/triple-it/leaderboard/?device=cpu"))
    assert "hamilton" in user.locator("table.leaderboard tbody").inner_text()
    user.context.close()
