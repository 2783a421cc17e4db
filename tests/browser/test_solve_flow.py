"""A user signs up, solves vector-add in the editor (Run, then Submit with live status) and
finds themself on the leaderboard: the real site, a real CPU worker, the Debian Chromium."""

from __future__ import annotations

import re
import time

import pytest

from tests.factories import CATALOG

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(300),
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all of them
]

SOLUTION = "import torch\n\n\ndef solve(A, B, C, N):\n    torch.add(A[:N], B[:N], out=C[:N])\n"


def sign_up(page, site, username: str) -> None:
    page.goto(site.url("/accounts/signup/"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill("kernels-are-fun-42")
    page.get_by_label("Password confirmation").fill("kernels-are-fun-42")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(site.url("/"))
    assert page.get_by_role("link", name=username).is_visible()


def write_in_editor(page, text: str) -> None:
    editor = page.locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(text)
    assert page.evaluate("window.kjEditor.state.doc.toString()") == text


def watch_status(page, until: str, timeout_s: float) -> list[str]:
    """Every distinct text the live status showed until it contains `until`."""
    seen: list[str] = []
    status = page.locator("#judge-status")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        text = status.inner_text()
        if text and (not seen or seen[-1] != text):
            seen.append(text)
        if until in text:
            return seen
        if re.search(r"(Wrong answer|error|Rejected|exceeded|went wrong)", text):
            raise AssertionError(f"judging failed: {seen}")
        time.sleep(0.1)
    raise AssertionError(f"status never showed {until!r}: {seen}")


def test_user_solves_vector_add_and_sees_the_leaderboard(site, page):
    sign_up(page, site, "lovelace")
    page.get_by_role("link", name="Vector Addition").click()
    page.wait_for_url(site.url("/problems/vector-add/"))
    page.wait_for_function("window.kjEditor !== undefined")
    assert page.locator(".statement .katex").count() > 0  # math rendered by the bundled KaTeX
    page.get_by_label("Language").select_option("pytorch")
    page.get_by_label("Device").select_option("cpu")
    assert "def solve(A: torch.Tensor" in page.evaluate("window.kjEditor.state.doc.toString()")
    write_in_editor(page, SOLUTION)

    # The draft survives a reload (localStorage, per problem and language).
    page.reload()
    page.wait_for_function("window.kjEditor !== undefined")
    assert page.evaluate("window.kjEditor.state.doc.toString()") == SOLUTION

    # Ctrl+Enter runs the public tests; results and the output diff show without a reload.
    page.locator(".cm-content").click()
    page.keyboard.press("Control+Enter")
    watch_status(page, "Accepted", 120)
    results = page.locator("#judge-results")
    assert results.get_by_text("Public tests").is_visible()
    assert results.locator("table.tests tbody tr").count() == 3
    assert results.locator("table.diff").count() >= 1
    site.screenshot(page, "problem-page")

    page.get_by_role("button", name="Submit").click()
    seen = watch_status(page, "Accepted", 180)
    assert any(
        s in text for text in seen for s in ("Queued", "Compiling", "Test ", "Benchmarking")
    ), seen
    page.locator("#judge-status a").click()
    page.wait_for_url(re.compile(r".*/submissions/\d+/$"))
    assert page.get_by_role("heading", name="Accepted").is_visible()
    assert page.get_by_role("heading", name="Benchmark").is_visible()
    # the session's site is shared: other browser tests may have ranked on this board first
    rank = re.search(r"Rank #(\d+) of (\d+)", page.locator(".rank").inner_text())
    assert rank and 1 <= int(rank.group(1)) <= int(rank.group(2)), rank
    site.screenshot(page, "submission-page")

    page.goto(site.url("/problems/vector-add/leaderboard/?device=cpu"))
    row = page.locator("table.leaderboard tbody tr.me")
    assert "lovelace" in row.inner_text() and row.locator("td").first.inner_text() == rank.group(1)
    assert page.locator("svg.chart line.mine").count() == 1
    site.screenshot(page, "leaderboard")

    page.goto(site.url("/leaderboard/"))
    assert "lovelace" in page.locator("table.leaderboard").inner_text()

    # Phone width: one column, nothing wider than the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url("/problems/vector-add/"))
    page.wait_for_function("window.kjEditor !== undefined")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    site.screenshot(page, "problem-page-phone")


def test_cuda_run_on_the_cpu_device_comes_back_accepted_as_cpu_emulation(site, page):
    sign_up(page, site, "grace")
    page.goto(site.url("/problems/vector-add/"))
    page.wait_for_function("window.kjEditor !== undefined")
    page.get_by_label("Language").select_option("cuda")
    page.get_by_label("Device").select_option("cpu")
    assert page.locator("#emulation-note").is_visible()
    source = (CATALOG / "vector-add" / "solutions" / "correct_basic.cu").read_text()
    write_in_editor(page, source)
    page.get_by_role("button", name="Run").click()
    watch_status(page, "Accepted", 180)
    results = page.locator("#judge-results")
    assert results.locator("[data-emulation]").inner_text().startswith("CPU emulation")
    assert results.locator("table.tests tbody tr").count() == 3
