"""An organiser creates a private contest (join code) with two problems; two users join by
code and submit during it (PyTorch, judged by the site's real CPU worker), one also after
the end; the board freezes, the organiser unfreezes it, and the CSV export matches the board.
The real site, the Debian Chromium; screenshots of the contest pages (docs/screenshots)."""

from __future__ import annotations

import csv
import io
import re
import time
from datetime import UTC, datetime, timedelta

import pytest

from tests.browser.test_solve_flow import sign_up

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(900),
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all of them
]

# A page's actions wait this long: the box runs the site, its judging worker and Chromium on
# two cores beside other jobs (a load of 5 to 8 is common while this test runs).
PAGE_TIMEOUT_MS = 90_000

VECTOR_ADD = "import torch\n\n\ndef solve(A, B, C, N):\n    torch.add(A, B, out=C)\n"
RELU = "import torch\n\n\ndef solve(input, output, N):\n    output.copy_(torch.relu(input))\n"


def stamp(moment: datetime) -> str:
    """A datetime-local value in UTC (the site's time zone), to the second."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")


def new_user_page(browser, errors: list[str]):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    return page


def submit(page, site, label: str, source: str) -> int:
    """Submit through the contest problem page; the submission's id (its page follows)."""
    page.goto(site.url(f"/contests/private-cup/problems/{label}/"))
    page.get_by_label("Language").select_option("pytorch")
    page.get_by_label("Device").select_option("cpu")
    page.get_by_label("Source").fill(source)
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url(re.compile(r".*/submissions/\d+/$"))
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def judged(page, site, submission_id: int, timeout_s: float = 240) -> str:
    """The submission's verdict once judged, with the judge's message where not accepted."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        data = page.request.get(site.url(f"/api/v1/submissions/{submission_id}/")).json()
        if data["status"] in ("done", "cancelled"):
            if data["verdict"] == "accepted":
                return "accepted"
            return f"{data['verdict']}: {data['message']} {data.get('stderr', '')[-2000:]}"
        time.sleep(0.5)
    raise AssertionError(f"submission {submission_id} was not judged in {timeout_s} s")


def board_rows(page) -> list[dict]:
    """The standings table as rank, name, solved, penalty and each cell's text."""
    rows = []
    table = page.locator("table.board").last
    for tr in table.locator("tbody tr").all():
        cells = [td.inner_text().strip() for td in tr.locator("td").all()]
        rows.append({"rank": cells[0], "name": cells[1].split("\n")[0].strip(),
                     "solved": cells[2], "penalty": cells[3], "A": cells[4], "B": cells[5]})  # fmt: skip
    return rows


def test_private_contest_join_by_code_freeze_unfreeze_and_csv(site, page, browser):
    errors: list[str] = []
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    # The organiser (the site's admin) creates the contest from the page.
    page.goto(site.url("/accounts/login/?next=/contests/new/"))
    page.get_by_label("Username").fill(site.admin_user)
    page.get_by_label("Password").fill(site.admin_password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(site.url("/contests/new/"))
    now = datetime.now(UTC)
    page.get_by_label("Title").fill("Private Cup")
    page.get_by_label("Slug").fill("private-cup")
    page.get_by_label("Access").select_option("code")
    page.get_by_label("Starts (UTC)").fill(stamp(now - timedelta(minutes=1)))
    page.get_by_label("Ends (UTC)").fill(stamp(now + timedelta(hours=1)))
    page.get_by_label("Scoring").select_option("icpc")
    page.get_by_label("Devices").fill("cpu")
    page.get_by_label("Problems").fill("vector-add 100\nrelu 200")
    page.get_by_role("button", name="Create contest").click()
    page.wait_for_url(site.url("/contests/private-cup/"))
    code = page.locator("#join-code-value").inner_text().strip()
    assert code
    page.evaluate("document.getElementById('org-title').scrollIntoView()")
    site.screenshot(page, "contest-organiser")

    # Ada joins by code and solves A while the board is live.
    ada = new_user_page(browser, errors)
    sign_up(ada, site, "ada")
    ada.goto(site.url("/contests/private-cup/"))
    assert ada.locator("#problems-title").count() == 0  # not before joining
    ada.get_by_label("Join code").fill("not-the-code")
    ada.get_by_role("button", name="Join").click()
    assert "not right" in ada.locator(".messages").inner_text()
    ada.get_by_label("Join code").fill(code)
    ada.get_by_role("button", name="Join").click()
    assert "registered as ada" in ada.locator(".messages").inner_text()
    assert judged(ada, site, submit(ada, site, "A", VECTOR_ADD)) == "accepted"

    # The organiser moves the end to four minutes from now with a four-minute freeze: the
    # board freezes now.
    page.reload()
    end = datetime.now(UTC) + timedelta(minutes=4)
    page.get_by_label("Ends (UTC)").fill(stamp(end))
    page.get_by_label("Freeze (minutes)").fill("4")
    page.get_by_role("button", name="Save").click()
    assert "Saved." in page.locator(".messages").inner_text()

    # Bob joins by code and solves A and B during the freeze.
    bob = new_user_page(browser, errors)
    sign_up(bob, site, "bob")
    bob.goto(site.url("/contests/private-cup/"))
    bob.get_by_label("Join code").fill(code)
    bob.get_by_role("button", name="Join").click()
    bob_ids = [submit(bob, site, "A", VECTOR_ADD), submit(bob, site, "B", RELU)]
    assert datetime.now(UTC) < end, "the machine was too slow: bob submitted after the end"
    assert [judged(bob, site, i) for i in bob_ids] == ["accepted", "accepted"]

    # Ada sees the frozen board: bob's results pending, her own row live.
    ada.goto(site.url("/contests/private-cup/board/"))
    assert ada.locator(".banner.frozen").is_visible()
    frozen = {r["name"]: r for r in board_rows(ada)}
    assert frozen["ada"]["solved"] == "1" and frozen["bob"]["solved"] == "0"
    assert "?" in frozen["bob"]["A"] and "?" in frozen["bob"]["B"]
    site.screenshot(ada, "contest-board-frozen")

    # The organiser ends the contest now (the freeze still covers its last four minutes);
    # after the end, Ada solves B: practice, not on the board.
    page.reload()
    page.get_by_label("Ends (UTC)").fill(stamp(datetime.now(UTC)))
    page.get_by_role("button", name="Save").click()
    assert "Saved." in page.locator(".messages").inner_text()
    late = submit(ada, site, "B", RELU)
    assert judged(ada, site, late) == "accepted"

    # The organiser unfreezes: bob's results show; Ada's late B does not count.
    page.goto(site.url("/contests/private-cup/"))
    page.get_by_role("button", name="Unfreeze the board").click()
    assert "unfrozen" in page.locator(".messages").inner_text()
    page.goto(site.url("/contests/private-cup/board/"))
    assert page.locator(".banner.frozen").count() == 0
    shown = board_rows(page)
    assert [(r["rank"], r["name"], r["solved"]) for r in shown] == [("1", "bob", "2"),
                                                                    ("2", "ada", "1")]  # fmt: skip
    assert "+" not in shown[1]["B"]
    site.screenshot(page, "contest-board")

    # The CSV export holds the same standings.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV").click()
    text = open(download.value.path(), encoding="utf-8").read()
    exported = list(csv.DictReader(io.StringIO(text)))
    assert [(r["rank"], r["name"], r["solved"], r["penalty"]) for r in exported] == [
        (r["rank"], r["name"], r["solved"], r["penalty"]) for r in shown
    ]

    # Phone width and dark mode.
    ada.set_viewport_size({"width": 390, "height": 844})
    ada.emulate_media(color_scheme="dark")
    ada.goto(site.url("/contests/private-cup/board/"))
    assert ada.evaluate("document.documentElement.scrollWidth") <= 390
    site.screenshot(ada, "contest-board-phone-dark")
    assert errors == []
