"""End to end: the real `kerneljudge` command against a real server and a real CPU worker.

`run_site` (web server + judge_worker with its Celery worker, embedded filesystem broker,
temp SQLite) on a free port; a token from `manage.py issue_token`; then the CLI as a
subprocess: login, problems, show, init, submit (accepted -> exit 0; wrong -> the failing
test's name, index, expected/got and exit 1), status, leaderboard."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.live import ROOT, child_env, free_port, process, run_id, wait_until
from tests.web.test_site_e2e import http, manage

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

SOLUTIONS = ROOT / "problems" / "catalog" / "vector-add" / "solutions"


def kerneljudge_argv() -> list[str]:
    script = Path(sys.executable).parent / "kerneljudge"
    return [str(script)] if script.exists() else [sys.executable, "-m", "kerneljudge"]


def test_cli_against_a_live_site(tmp_path):
    env = child_env(KJ_VAR_DIR=str(tmp_path / "var"), KJ_QUEUE_PREFIX=run_id())
    manage(env, "migrate", "--noinput")
    assert "vector-add" in manage(env, "sync_problems", "vector-add")
    manage(env, "ensure_demo_admin", "--username", "ada")
    key = manage(env, "issue_token", "ada", "--name", "e2e").strip()
    assert re.fullmatch(r"kj_[0-9a-f]+", key), key

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cli_env = {
        **{k: v for k, v in env.items() if not k.startswith("KERNELJUDGE_")},
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    work = tmp_path / "work"
    work.mkdir()

    def kj(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*kerneljudge_argv(), *args], cwd=work, env=cli_env,
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip

    log = tmp_path / "site.log"
    with process([sys.executable, "manage.py", "run_site", "--port", str(port)], env, log):
        wait_until(lambda: http("GET", f"{base}/api/v1/problems/")[0] == 200, 60, "the site", log)

        out = kj("login", "--token", key, "--url", base)
        assert out.returncode == 0, out.stderr
        assert "Logged in as ada" in out.stdout
        config = tmp_path / "config" / "kerneljudge" / "config.json"
        assert oct(os.stat(config).st_mode & 0o777) == "0o600"

        out = kj("problems")
        assert (
            out.returncode == 0 and "vector-add" in out.stdout and "Vector Addition" in out.stdout
        )
        out = kj("problems", "--json", "--difficulty", "hard")
        assert out.returncode == 0 and "vector-add" not in out.stdout

        out = kj("show", "vector-add")
        assert out.returncode == 0, out.stderr
        assert (
            'extern "C" void solve(const float* A, const float* B, float* C, int N)' in out.stdout
        )
        assert "Devices:   cpu" in out.stdout
        out = kj("show", "no-such-problem")
        assert out.returncode == 2 and "There is no problem 'no-such-problem'" in out.stderr

        out = kj("init", "vector-add", "--language", "pytorch")
        assert out.returncode == 0, out.stderr
        starter = (work / "vector-add-solution_pytorch.py").read_text()
        assert starter.startswith("# problem: vector-add\n") and "def solve" in starter

        out = kj("submit", str(SOLUTIONS / "correct_pytorch.py"), "--problem", "vector-add")
        assert out.returncode == 0, out.stdout + out.stderr + log.read_text()[-3000:]
        assert "ACCEPTED" in out.stdout and "score (geometric mean)" in out.stdout
        accepted_id = int(re.search(r"Submission (\d+): ACCEPTED", out.stdout).group(1))

        wrong = SOLUTIONS / "wrong_no_tail_pytorch.py"
        out = kj("submit", str(wrong), "--problem", "vector-add", "--json")
        assert out.returncode == 1, out.stdout + out.stderr
        data = json.loads(out.stdout)
        assert data["verdict"] == "wrong_answer"
        failing = [t for t in data["tests"] if t["passed"] is False][0]
        out = kj("status", str(data["id"]))
        assert out.returncode == 1
        text = out.stdout
        assert "WRONG ANSWER" in text
        assert f"failing test #{failing['index']} {failing['name']!r}" in text, text
        mismatch = failing["first_mismatch"]
        assert f"expected {mismatch['expected']}, got {mismatch['got']}" in text, text

        out = kj("status", str(accepted_id))
        assert out.returncode == 0 and "ACCEPTED" in out.stdout and "rank 1" in out.stdout

        out = kj("leaderboard", "vector-add", "--device", "cpu")
        assert out.returncode == 0, out.stderr
        assert re.search(r"^1\s+ada\s+", out.stdout, re.M), out.stdout
        out = kj("leaderboard", "vector-add", "--json")
        assert json.loads(out.stdout)["results"][0]["user"] == "ada"
