"""`make run`'s run_site: the summary box (URL, login, password, token) ends its start-up
output once the server answers."""

from __future__ import annotations

import sys
import time

import pytest

from accounts.services import DemoAdmin
from judge.management.commands.run_site import summary_box
from tests.live import ROOT, child_env, free_port, process, run_id


def test_summary_box_lists_url_login_password_and_token():
    box = summary_box("http://127.0.0.1:8000/", DemoAdmin("admin", "pw123", "kj_abc"))
    lines = box.splitlines()
    assert lines[0] == lines[-1] and lines[0].startswith("+-")
    assert len({len(line) for line in lines}) == 1  # a closed rectangle
    text = "\n".join(lines)
    for words in ("http://127.0.0.1:8000/", "Login      admin", "Password   pw123", "kj_abc"):
        assert words in text


@pytest.mark.integration
@pytest.mark.timeout(120)
def test_run_site_prints_the_box_last_with_the_same_token_each_run(tmp_path):
    import subprocess

    env = child_env(KJ_VAR_DIR=str(tmp_path / "var"))
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   capture_output=True)  # fmt: skip
    tokens = []
    for run in range(2):
        port, log = free_port(), tmp_path / f"site{run}.log"
        argv = [*manage, "run_site", "--port", str(port), "--no-worker", "--demo-admin", "admin"]
        with process(argv, env, log):
            deadline = time.monotonic() + 60
            while "API token" not in log.read_text() and time.monotonic() < deadline:
                time.sleep(0.3)
        text = log.read_text()
        box = text[text.index("+-") :]
        assert f"http://127.0.0.1:{port}/" in box and "Login      admin" in box
        tokens.append(next(x for x in box.splitlines() if "API token" in x).split()[-2])
    assert tokens[0] == tokens[1] and tokens[0].startswith("kj_")


@pytest.mark.integration
@pytest.mark.timeout(300)
def test_with_a_worker_the_box_comes_after_the_celery_banner_and_its_ready_line(tmp_path):
    import subprocess

    env = child_env(KJ_VAR_DIR=str(tmp_path / "var"), KJ_QUEUE_PREFIX=run_id())
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   capture_output=True)  # fmt: skip
    port, log = free_port(), tmp_path / "site.log"
    argv = [*manage, "run_site", "--port", str(port), "--demo-admin", "admin",
            "--worker-arg=--device-kind", "--worker-arg=cpu"]  # fmt: skip
    with process(argv, env, log) as proc:
        deadline = time.monotonic() + 240
        while "API token" not in log.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()[-3000:]
            time.sleep(0.3)
        time.sleep(3.0)  # anything the worker still had to say would be printed by now
        text = log.read_text()
    assert "API token" in text, text[-3000:]
    before, after = text[: text.index("+-")], text[text.index("+-") :]
    assert "[tasks]" in before and " ready." in before  # Celery's banner and its ready line
    assert "[tasks]" not in after and " ready." not in after and "celery@" not in after
