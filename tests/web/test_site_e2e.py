"""End to end like `make run`: migrate, sync, demo admin, then `run_site` (web server and a
local judge_worker with its Celery worker) on a free port with a temp SQLite database and the
embedded filesystem broker; a submission POSTed over HTTP comes back judged."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tests.conftest import PYTORCH_VECTOR_ADD
from tests.live import ROOT, child_env, free_port, process, run_id, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(360)]


def http(method: str, url: str, token: str | None = None, body: dict | None = None):
    request = urllib.request.Request(url, method=method)
    if token:
        request.add_header("Authorization", f"Token {token}")
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, data=data, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()
    except OSError:
        return None, b""


def manage(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_site_judges_a_submission_posted_over_http(tmp_path):
    env = child_env(KJ_VAR_DIR=str(tmp_path / "var"), KJ_QUEUE_PREFIX=run_id())
    manage(env, "migrate", "--noinput")
    assert "vector-add" in manage(env, "sync_problems", "vector-add")
    token = re.search(r"API token\s+(\w+)", manage(env, "ensure_demo_admin")).group(1)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "site.log"
    with process([sys.executable, "manage.py", "run_site", "--port", str(port)], env, log):
        wait_until(lambda: http("GET", f"{base}/")[0] == 200, 60, "the web server", log)
        status, page = http("GET", f"{base}/problems/vector-add/")
        assert status == 200 and b"Vector Addition" in page

        body = {"problem": "vector-add", "language": "pytorch", "device": "cpu"}
        status, raw = http(
            "POST", f"{base}/api/v1/submissions/", token, {**body, "source": PYTORCH_VECTOR_ADD}
        )
        assert status == 201, raw
        submission_id = json.loads(raw)["id"]

        def judged() -> dict | None:
            code, raw = http("GET", f"{base}/api/v1/submissions/{submission_id}/", token)
            data = json.loads(raw) if code == 200 else {}
            return data if data.get("status") == "done" else None

        data = wait_until(judged, 240, "the submission to be judged", log)
    assert data["verdict"] == "accepted", data["message"]
    assert data["score_ms"] > 0
    assert data["result"]["benchmark"]["cases"]
