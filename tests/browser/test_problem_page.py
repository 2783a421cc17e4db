"""The problem page in a real Chromium against the real site and a real CPU worker: the My
submissions panel (load into the editor, cancel a queued one), editor markers on a compile
error, dark mode, the phone tabs, someone else's leaderboard time shown without a link (its page
a styled 404), and a password reset through the console email backend."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.test_solve_flow import SOLUTION, sign_up, watch_status, write_in_editor

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(300),
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all of them
]

RELU = (
    "import torch\n\n\ndef solve(input, output, N):\n    output.copy_(torch.clamp(input, min=0))\n"
)
BROKEN = "import torch\n\n\ndef solve(A, B, C, N):\n    torch.add(A, B out=C)\n"


def open_problem(page, site) -> None:
    page.goto(site.url("/problems/vector-add/"))
    page.wait_for_function("window.kjEditor !== undefined")
    page.get_by_label("Language").select_option("pytorch")
    page.get_by_label("Device").select_option("cpu")


def doc(page) -> str:
    return page.evaluate("window.kjEditor.state.doc.toString()")


def api_submit(page, device: str, source: str) -> int:
    """POST /api/v1/submissions/ from the page with the session and its CSRF token."""
    return page.evaluate(
        """async ([device, source]) => {
          const csrf = document.querySelector("input[name=csrfmiddlewaretoken]").value;
          const res = await fetch("/api/v1/submissions/", {method: "POST", credentials: "same-origin",
            headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
            body: JSON.stringify({problem: "vector-add", language: "pytorch", device, mode: "run", source})});
          const body = await res.json();
          if (!res.ok) throw new Error(JSON.stringify(body));
          return body.id;
        }""",
        [device, source],
    )


def test_my_submissions_panel_loads_into_the_editor_and_cancels(site, page):
    sign_up(page, site, "hopper")
    open_problem(page, site)
    panel = page.locator("#my-submissions")
    assert "No submissions yet" in panel.inner_text()
    write_in_editor(page, SOLUTION)
    page.get_by_role("button", name="Run").click()
    watch_status(page, "Accepted", 150)
    judged = panel.locator("tbody tr").first
    judged.get_by_text("Accepted").wait_for()

    # Load: the judged source comes back into the editor.
    write_in_editor(page, "# something else\n")
    judged.get_by_role("button", name="Load").click()
    assert doc(page) == SOLUTION
    assert "Loaded submission" in page.locator("#judge-status").inner_text()

    # Cancel: a submission to a device without workers stays queued until cancelled.
    queued_id = api_submit(page, "gpu-test", "# queued\n" + SOLUTION)
    page.reload()
    page.wait_for_function("window.kjEditor !== undefined")
    row = panel.locator(f'tr[data-submission="{queued_id}"]')
    row.get_by_text("Queued").wait_for()
    row.get_by_role("button", name="Cancel").click()
    row = panel.locator(f'tr[data-submission="{queued_id}"]')
    row.get_by_text("Cancelled").wait_for()
    assert row.get_by_role("button", name="Cancel").count() == 0
    site.screenshot(page, "my-submissions")


def test_compile_error_is_marked_in_the_editor(site, page):
    sign_up(page, site, "linus")
    open_problem(page, site)
    write_in_editor(page, BROKEN)
    page.get_by_role("button", name="Run").click()
    status = page.locator("#judge-status")
    deadline = time.monotonic() + 150
    while "Compile error" not in status.inner_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "Compile error" in status.inner_text()
    page.locator(".cm-lint-marker-error").first.wait_for()
    # the marker sits on line 5, the line with the syntax error
    line = page.evaluate(
        """() => {
          const m = document.querySelector(".cm-lintRange-error");
          const v = window.kjEditor;
          return v.state.doc.lineAt(v.posAtDOM(m)).number;
        }"""
    )
    assert line == 5
    where = page.locator("#judge-results .error-location")
    assert "Line 5" in where.inner_text() and "torch.add(A, B out=C)" in where.inner_text()
    site.screenshot(page, "compile-error-markers")


def test_dark_mode_follows_the_system(site, browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme="dark")
    page = context.new_page()
    try:
        open_problem(page, site)
        colors = page.evaluate(
            """() => ({
              body: getComputedStyle(document.body).backgroundColor,
              editor: getComputedStyle(document.querySelector(".cm-editor")).backgroundColor,
              text: getComputedStyle(document.body).color,
            })"""
        )
        assert colors["body"] == "rgb(13, 17, 23)"
        assert colors["editor"] == "rgb(13, 17, 23)"
        assert colors["text"] == "rgb(230, 237, 243)"
        site.screenshot(page, "problem-page-dark")
    finally:
        context.close()


def test_phone_width_shows_statement_and_editor_as_tabs(site, page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url("/problems/vector-add/"))
    page.wait_for_function("window.kjEditor !== undefined")
    statement, editor = page.locator("#statement-pane"), page.locator("#editor-pane")
    tab_statement = page.get_by_role("tab", name="Statement")
    tab_editor = page.get_by_role("tab", name="Editor")
    assert tab_statement.is_visible() and tab_editor.is_visible()
    assert tab_statement.get_attribute("aria-selected") == "true"
    assert statement.is_visible() and not editor.is_visible()
    site.screenshot(page, "problem-page-phone")
    tab_editor.click()
    assert editor.is_visible() and not statement.is_visible()
    assert page.locator(".cm-editor").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    site.screenshot(page, "problem-page-phone-editor", docs=False)
    page.set_viewport_size({"width": 1366, "height": 900})  # wide: both panes, no tabs
    assert statement.is_visible() and editor.is_visible() and not tab_editor.is_visible()


@pytest.mark.allow_http_status(404)
def test_someone_elses_time_on_the_leaderboard_is_not_a_link_and_its_page_a_styled_not_found(
    site, page
):
    # on relu, so that vector-add's board stays the solve-flow test's
    sign_up(page, site, "fastest")
    page.goto(site.url("/problems/relu/"))
    page.wait_for_function("window.kjEditor !== undefined")
    page.get_by_label("Language").select_option("pytorch")
    page.get_by_label("Device").select_option("cpu")
    write_in_editor(page, RELU)
    page.get_by_role("button", name="Submit").click()
    watch_status(page, "Accepted", 180)
    href = page.locator("#judge-status a").get_attribute("href")
    submission_id = int(re.search(r"/submissions/(\d+)/", href).group(1))
    page.context.clear_cookies()
    sign_up(page, site, "onlooker")
    page.goto(site.url("/problems/relu/leaderboard/?device=cpu"))
    row = page.locator("table.leaderboard tbody tr", has_text="fastest")
    assert "ms" in row.inner_text() and row.locator("a").count() == 0  # a time, not a link
    page.goto(site.url(f"/submissions/{submission_id}/"))  # the address typed by hand
    assert page.get_by_role("heading", name="Not Found").is_visible()
    assert page.locator(".site-header").is_visible()  # the site's own layout
    assert "only by its author" in page.locator(".error-page").inner_text()
    assert page.locator("pre.source, .source-listing").count() == 0
    site.screenshot(page, "not-found", docs=False)


def test_password_reset_through_the_console_email_backend(site, page):
    page.goto(site.url("/accounts/signup/"))
    page.get_by_label("Username").fill("forgetful")
    page.get_by_label("Email").fill("forgetful@example.com")
    page.get_by_label("Password", exact=True).fill("kernels-are-fun-42")
    page.get_by_label("Password confirmation").fill("kernels-are-fun-42")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(site.url("/"))
    page.get_by_role("button", name="Log out").click()

    page.goto(site.url("/accounts/login/"))
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("forgetful@example.com")
    page.get_by_role("button", name="Send the reset link").click()
    assert page.get_by_role("heading", name="Check your email").is_visible()

    link = None
    deadline = time.monotonic() + 20
    while link is None and time.monotonic() < deadline:
        found = re.findall(r"(http://\S+/accounts/reset/\S+/\S+/)", site.log.read_text())
        link = found[-1] if found else None
        time.sleep(0.2)
    assert link, "the reset email was not printed on the console"
    page.goto(link)
    page.get_by_label("New password", exact=True).fill("brand-new-secret-77")
    page.get_by_label("New password again").fill("brand-new-secret-77")
    page.get_by_role("button", name="Set the new password").click()
    assert page.get_by_role("heading", name="Password changed").is_visible()

    page.get_by_role("link", name="Log in").last.click()
    page.get_by_label("Username").fill("forgetful")
    page.get_by_label("Password").fill("brand-new-secret-77")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(site.url("/accounts/profile/"))  # logged in with the new password
    assert page.get_by_role("link", name="forgetful").is_visible()


def test_gpu_only_starters_are_viewable_on_a_cpu_only_site_with_a_note(site, page):
    open_problem(page, site)
    note = page.locator("#gpu-note")
    emulation = page.locator("#emulation-note")
    assert not note.is_visible() and not emulation.is_visible()
    page.get_by_label("Language").select_option("cuda")  # runs on the CPU: the emulation
    assert 'extern "C"' in doc(page) and "__global__" in doc(page)
    assert not note.is_visible() and emulation.is_visible()
    assert "CUDA C++ runs in KernelJudge's emulation" in emulation.inner_text()
    assert emulation.get_by_role("link").get_attribute("href") == "/languages/cuda/#cuda-on-the-cpu"
    assert page.get_by_role("button", name="Submit").is_enabled()
    page.get_by_label("Language").select_option("cupy")
    assert not emulation.is_visible() and page.get_by_role("button", name="Submit").is_disabled()
    assert page.get_by_role("button", name="Submit").get_attribute("title") == (
        "CuPy runs on GPU workers"
    )
    assert "import cupy" in doc(page) and "CuPy runs on GPU workers" in note.inner_text()
    page.get_by_label("Language").select_option("cute")
    assert "@cute.jit" in doc(page) and "CuTe DSL runs on GPU workers" in note.inner_text()
    page.get_by_label("Language").select_option("tilelang")
    assert "@tilelang.jit" in doc(page) and 'N = T.dynamic("N")' in doc(page)
    assert "TileLang runs on GPU workers" in note.inner_text()
    page.get_by_label("Language").select_option("cutile")
    assert "@ct.kernel" in doc(page) and "torch.cuda.current_stream()" in doc(page)
    assert "cuTile runs on GPU workers" in note.inner_text()
    page.get_by_label("Language").select_option("mojo")
    assert "DeviceContext" in doc(page) and "solve" in doc(page)
    assert "Mojo runs on GPU workers" in note.inner_text()
    page.get_by_label("Language").select_option("pytorch")
    assert not note.is_visible() and page.get_by_role("button", name="Submit").is_enabled()


JAX_SOLUTION = "import jax\n\n\n@jax.jit\ndef solve(A, B, N):\n    return A + B\n"


def test_jax_in_the_language_picker_shows_its_starter_and_runs_on_the_cpu(site, page):
    sign_up(page, site, "jaxuser")
    open_problem(page, site)
    picker = page.get_by_label("Language")
    assert picker.locator("option[value=jax]").inner_text() == "JAX"
    picker.select_option("jax")
    starter = doc(page)
    assert '@functools.partial(jax.jit, static_argnames=("N",))' in starter
    assert "def solve(A: jax.Array, B: jax.Array, N: int) -> jax.Array:" in starter
    assert "# Return C (JAX arrays cannot be written in place)." in starter
    assert not page.locator("#gpu-note").is_visible()  # JAX runs on the CPU device
    assert page.get_by_role("button", name="Run").is_enabled()
    write_in_editor(page, JAX_SOLUTION)
    page.get_by_role("button", name="Run").click()
    watch_status(page, "Accepted", 150)
    row = page.locator("#my-submissions tbody tr").first
    row.get_by_text("Accepted").wait_for()
    assert "JAX · cpu" in row.inner_text()
