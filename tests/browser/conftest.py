"""The real site for browser tests: migrate, sync vector-add, demo admin, then `run_site`
(web server + a real CPU judge worker) on a free port with a temp SQLite database; and the
Debian Chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.live import ROOT, child_env, free_port, process, run_id, wait_until

CHROMIUM = os.environ.get("KJ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
SCREENSHOTS = ROOT / "docs" / "screenshots"


@dataclass
class Site:
    base: str
    admin_user: str
    admin_password: str
    log: Path
    shots: Path

    def url(self, path: str) -> str:
        return self.base + path

    def screenshot(self, page, name: str, docs: bool = True) -> None:
        """Into the test's temp dir; also into docs/screenshots when KJ_UPDATE_SCREENSHOTS=1
        (unless docs=False: a picture for the test's own record only)."""
        target = self.shots / f"{name}.png"
        page.screenshot(path=str(target), full_page=False)
        if docs and os.environ.get("KJ_UPDATE_SCREENSHOTS") == "1":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shutil.copy(target, SCREENSHOTS / target.name)


def _manage(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=240,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("site")
    # gpu-test: a device kind that takes submissions but has no worker, so a submission to it
    # stays queued (the My submissions panel's Cancel).
    env = child_env(
        KJ_VAR_DIR=str(tmp / "var"),
        KJ_QUEUE_PREFIX=run_id(),
        KJ_ALLOW_OFFLINE_DEVICE_KINDS="gpu-test",
    )
    _manage(env, "migrate", "--noinput")
    # relu: a board of its own; gemm: a statement with `#include <cuda_fp16.h>`
    _manage(env, "sync_problems", "vector-add", "relu", "gemm")
    _manage(env, "ensure_demo_admin")
    password = (tmp / "var" / "demo-admin.txt").read_text().strip()
    port = free_port()
    log = tmp / "site.log"
    shots = tmp / "screenshots"
    shots.mkdir()
    argv = [sys.executable, "manage.py", "run_site", "--port", str(port)]
    with process(argv, env, log):
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: _up(base + "/"), 180, "the web server", log)  # a loaded box
        yield Site(base, "admin", password, log, shots)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"{CHROMIUM} is missing: apt-get install chromium (scripts/install-system-deps.sh)"
        )
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, request):
    """A fresh browser context; any page error, console error or HTTP error fails the test,
    except the statuses a test names with @pytest.mark.allow_http_status(404, ...)."""
    marker = request.node.get_closest_marker("allow_http_status")
    allowed = set(marker.args) if marker else set()
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)  # the site shares a loaded two-core box with the suite
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda m: (
            m.type == "error" and "Failed to load resource" not in m.text and errors.append(m.text)
        ),
    )
    page.on(
        "response",
        lambda r: r.status >= 400 and r.status not in allowed
        and errors.append(f"{r.status} {r.url}"),
    )  # fmt: skip
    yield page
    assert not errors, errors
    context.close()
