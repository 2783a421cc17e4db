"""A CPU worker whose self-tests passed only PyTorch: the problem page's language picker, the
API's problem detail and `kerneljudge languages` offer only what it judges, and a submission in
another language gets a 400 naming the device kinds that can judge it. The worker's report is
written on a worker row of the real site, as judge_worker records it (the session's own worker
runs no self-tests in the suite: tests/conftest.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tests.browser.conftest import _manage
from tests.browser.test_problem_page import open_problem
from tests.live import ROOT, child_env

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(300),
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all browser tests
]

REGISTER = """
from judge.worker.services import worker_register
worker_register("selftest-host:cpu", device_kind="cpu", gpu_model="", queues=["cpu"],
                languages={"pytorch": "2.13.0"})
worker_register("selftest-host:gpu0", device_kind="gpu-h200", gpu_model="NVIDIA H200",
                queues=["gpu-h200"], languages={"triton": "3.6.0", "cuda": "13.0"})
"""
UNREGISTER = """
from judge.models import Worker
Worker.objects.filter(name__startswith="selftest-host:").delete()
"""


def manage_shell(site, script: str) -> str:
    return _manage(child_env(KJ_VAR_DIR=str(site.log.parent / "var")), "shell", "-c", script)


def api(site, path: str, body: dict | None = None) -> tuple[int, dict | list]:
    request = urllib.request.Request(
        site.url(f"/api/v1/{path}"),
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


@pytest.fixture
def advertising_workers(site):
    manage_shell(site, REGISTER)
    try:
        yield
    finally:
        manage_shell(site, UNREGISTER)


def test_only_the_languages_a_live_worker_judges_are_offered(site, page, advertising_workers):
    open_problem(page, site)
    options = (
        page.get_by_label("Language").locator("option").evaluate_all("els => els.map(e => e.value)")
    )
    assert sorted(options) == ["cuda", "pytorch", "triton"]
    page.get_by_label("Language").select_option("triton")
    assert page.get_by_label("Device").input_value() == "gpu-h200"  # moved to a kind that can
    page.get_by_label("Device").select_option("cpu")
    assert page.get_by_role("button", name="Submit").is_disabled()  # not on the cpu worker
    site.screenshot(page, "worker-languages", docs=False)

    status, detail = api(site, "problems/vector-add/")
    assert status == 200
    assert sorted(detail["languages"]) == ["cuda", "pytorch", "triton"]
    assert {d["kind"]: d["languages"] for d in detail["devices"]} == {
        "cpu": ["pytorch"],
        "gpu-h200": ["cuda", "triton"],
    }

    cli = subprocess.run(
        [sys.executable, "-m", "kerneljudge", "--url", site.base, "languages"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    rows = {line.split()[0]: line for line in cli.stdout.splitlines()[2:] if line.strip()}
    assert "cpu (2.13.0)" in rows["pytorch"]
    assert "gpu-h200 (3.6.0)" in rows["triton"] and "cpu" not in rows["triton"]
    assert "no live worker judges it now" in rows["jax"]


def test_a_submission_in_a_language_no_worker_of_the_kind_judges_is_a_clear_400(
    site, advertising_workers
):
    token = site_token(site)
    request = urllib.request.Request(
        site.url("/api/v1/submissions/"),
        data=json.dumps(
            {"problem": "vector-add", "language": "triton", "device": "cpu", "mode": "run",
             "source": "import triton\n"}
        ).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
    )  # fmt: skip
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(request, timeout=30)
    assert info.value.code == 400
    body = json.loads(info.value.read())
    text = json.dumps(body)
    assert "No live cpu worker can judge triton right now" in text
    assert "Device kinds that can: gpu-h200." in text


def site_token(site) -> str:
    env = child_env(KJ_VAR_DIR=str(site.log.parent / "var"))
    manage_shell(
        site,
        "from django.contrib.auth import get_user_model\n"
        "get_user_model().objects.get_or_create(username='langs400')\n",
    )
    return _manage(env, "issue_token", "langs400").strip().split()[-1]
