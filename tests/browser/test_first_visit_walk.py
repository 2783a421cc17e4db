"""A first visit, walked in a real Chromium at 1400 px and 390 px, light and dark (issue 37): the
problem list, a problem page, Run, Submit, the report and the leaderboard show none of what a
new user tripped over. A fresh solve is counted beside its ✓ (the site caches its counts for
30 s); the signature is shown once and escaped once; no empty header row; no keyboard hints on
a phone; the CPU roofline names the sizes that ran and is dark in dark mode; the report and the
leaderboard say what the speedup compares against; someone else's time is no link; /problems/
leads to the list."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_solve_flow import SOLUTION, sign_up, watch_status, write_in_editor

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(900),  # four passes over five pages on a busy two-core box
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all browser tests
]

WIDTHS = (1400, 390)
SCHEMES = ("light", "dark")
PASSWORD = "kernels-are-fun-42"


def log_in(page, site, username: str) -> None:
    page.goto(site.url("/accounts/login/"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/$"))


def solved_rows_are_counted(page) -> None:
    rows = page.locator("table tbody tr")
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        if "✓" in cells.nth(0).inner_text():
            assert int(cells.nth(5).inner_text()) >= 1, rows.nth(i).inner_text()


def no_double_escape(page) -> None:
    text = page.locator("main").inner_text()
    assert "&lt;" not in text and "&gt;" not in text and "&amp;" not in text


def no_empty_header_rows(page) -> None:
    empty = page.evaluate(
        """() => [...document.querySelectorAll('.statement thead tr')]
             .filter(tr => [...tr.cells].every(c => !c.textContent.trim())).length"""
    )
    assert empty == 0


def roofline_is_themed(page, scheme: str) -> None:
    fill = page.evaluate("getComputedStyle(document.querySelector('svg.roofline .plot')).fill")
    assert fill != ("rgb(255, 255, 255)" if scheme == "dark" else "rgb(13, 17, 23)"), fill


def test_a_first_visit_at_two_widths_light_and_dark(site, browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        # /problems/ (a trimmed address) leads to the list
        page.goto(site.url("/problems/"))
        assert page.url == site.url("/")
        sign_up(page, site, "walker")
        page.goto(site.url("/problems/vector-add/"))
        page.wait_for_function("window.kjEditor !== undefined")
        page.get_by_label("Language").select_option("pytorch")
        page.get_by_label("Device").select_option("cpu")
        write_in_editor(page, SOLUTION)
        page.get_by_role("button", name="Run").click()
        watch_status(page, "Accepted", 180)
        page.get_by_role("button", name="Submit").click()
        watch_status(page, "Accepted", 240)
        report = page.locator("#judge-status a").get_attribute("href")
        # the list right after the solve: ✓ and "Solved by" agree
        page.goto(site.url("/"))
        row = page.locator("table tbody tr", has_text="Vector Addition")
        assert "✓" in row.locator("td").nth(0).inner_text()
        assert int(row.locator("td").nth(5).inner_text()) >= 1
    finally:
        context.close()

    for scheme in SCHEMES:
        for width in WIDTHS:
            context = browser.new_context(
                viewport={"width": width, "height": 900 if width > 700 else 844},
                color_scheme=scheme,
            )
            page = context.new_page()
            page.set_default_timeout(30_000)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            try:
                shot = f"first-visit-{width}-{scheme}"
                log_in(page, site, "walker")
                page.goto(site.url("/"))
                solved_rows_are_counted(page)
                site.screenshot(page, f"{shot}-problem-list")

                page.goto(site.url("/problems/gemm/"))
                page.wait_for_function("window.kjEditor !== undefined")
                no_double_escape(page)
                no_empty_header_rows(page)
                assert page.get_by_role("heading", name="Entry point").count() == 0
                assert "#include <cuda_fp16.h>" in page.locator(".statement").inner_text()
                hints = page.locator("#editor-help .keyboard-hints")
                assert hints.is_visible() == (width > 700)
                page.goto(site.url("/problems/vector-add/"))
                page.wait_for_function("window.kjEditor !== undefined")
                no_empty_header_rows(page)
                site.screenshot(page, f"{shot}-problem")

                page.goto(site.url(report))
                assert page.get_by_role("heading", name="Accepted").is_visible()
                assert "Baseline: the reference" in page.locator("#baseline-note").inner_text()
                case = page.locator("table.bench tbody tr td").first.inner_text()
                assert case == "N = 1,000,000"  # the CPU size that ran
                caption = page.locator("#roofline-heading + p").inner_text()
                assert f"Case {case}" in caption and "25,000,000" not in caption
                roofline_is_themed(page, scheme)
                site.screenshot(page, f"{shot}-report")

                page.goto(site.url("/problems/vector-add/leaderboard/?device=cpu"))
                assert "Baseline:" in page.locator("#baseline-note").inner_text()
                mine = page.locator("table.leaderboard tbody tr.me")
                assert mine.locator("a").count() == 1  # the viewer's own time opens
                others = page.locator("table.leaderboard tbody tr:not(.me)")
                for i in range(others.count()):
                    assert others.nth(i).locator("a").count() == 0
                site.screenshot(page, f"{shot}-leaderboard")
                assert page.evaluate("document.documentElement.scrollWidth") <= width
                assert not errors, errors
            finally:
                context.close()
