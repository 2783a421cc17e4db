"""docker/entrypoint-web.sh and docker/healthcheck.py, run for real without Docker.

The entry point runs here against SQLite (the image runs it against PostgreSQL): wait for the
database, migrate, sync the catalog, exec gunicorn; then the image's health check must call the
site healthy. torch, numpy, triton and cupy are made unimportable for every process of the
site (a sitecustomize import blocker), which proves the web image needs none of them.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEALTHCHECK = ROOT / "docker" / "healthcheck.py"
BLOCKED = ("torch", "numpy", "triton", "cupy")

BLOCKER = """
import os, sys
_BLOCKED = {blocked!r}
_LOG = os.environ.get("KJ_TEST_IMPORT_LOG")

class _NotInTheWebImage:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in _BLOCKED:
            if _LOG:
                with open(_LOG, "a") as handle:
                    handle.write(name + "\\n")
            raise ImportError(name + " is not installed in the web image")
        return None

sys.meta_path.insert(0, _NotInTheWebImage())
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthcheck(what: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(HEALTHCHECK), what], env=env, capture_output=True, text=True
    )


@pytest.fixture
def site_env(tmp_path: Path) -> dict:
    blocker_dir = tmp_path / "blocker"
    blocker_dir.mkdir()
    (blocker_dir / "sitecustomize.py").write_text(BLOCKER.format(blocked=BLOCKED))
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL") and not k.startswith("KJ_")
    }
    port = free_port()
    env.update(
        PATH=f"{Path(sys.executable).parent}:{env.get('PATH', '/usr/bin:/bin')}",
        PYTHONPATH=str(blocker_dir),
        KJ_TEST_IMPORT_LOG=str(tmp_path / "blocked-imports.log"),
        KJ_VAR_DIR=str(tmp_path / "var"),
        SECRET_KEY="test-only",
        ALLOWED_HOSTS="judge.test,localhost",
        PORT=str(port),
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="1",
        DB_WAIT_TIMEOUT_S="20",
    )
    return env


def test_blocker_really_blocks(site_env: dict) -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import torch"], env=site_env, capture_output=True, text=True
    )
    assert out.returncode != 0 and "not installed in the web image" in out.stderr


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_entrypoint_migrates_syncs_and_serves_without_torch(site_env: dict, tmp_path: Path):
    log = tmp_path / "entrypoint.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [str(ROOT / "docker" / "entrypoint-web.sh")],  # default command: serve
            cwd=tmp_path,  # the script finds the project from its own location
            env=site_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 240
        while True:
            check = healthcheck("web", site_env)
            if check.returncode == 0:
                break
            assert proc.poll() is None, f"entry point exited {proc.returncode}:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"never healthy: {check.stderr}\n{log.read_text()}"
            time.sleep(1)
        text = log.read_text()
        assert "database is up" in text
        assert "Applying" in text or "No migrations to apply" in text, text
        request = urllib.request.Request(
            f"http://127.0.0.1:{site_env['PORT']}/api/v1/problems/",
            headers={"Host": "judge.test"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            body = json.loads(response.read())
        problems = body["results"] if isinstance(body, dict) and "results" in body else body
        assert len(problems) >= 1, body  # sync_problems ran
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
    blocked = Path(site_env["KJ_TEST_IMPORT_LOG"])
    tried = blocked.read_text().split() if blocked.exists() else []
    assert not tried, f"the site tried to import {sorted(set(tried))}: the web image lacks them"


def test_entrypoint_runs_other_commands_as_given(site_env: dict) -> None:
    out = subprocess.run(
        [str(ROOT / "docker" / "entrypoint-web.sh"), "python", "-c", "print('one-off')"],
        env=site_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "one-off"
    assert "database" not in out.stderr  # no waiting, no migrating for one-off commands


def test_entrypoint_gives_up_on_an_unreachable_database(site_env: dict) -> None:
    env = dict(site_env, DATABASE_URL="postgres://u:p@127.0.0.1:9/none", DB_WAIT_TIMEOUT_S="3")
    out = subprocess.run(
        [str(ROOT / "docker" / "entrypoint-web.sh")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 1
    assert "did not answer within 3s" in out.stderr


def test_web_healthcheck_fails_when_nothing_listens(site_env: dict) -> None:
    out = healthcheck("web", dict(site_env, PORT=str(free_port())))
    assert out.returncode == 1 and "unhealthy" in out.stderr


def test_shellcheck_passes_on_entrypoint() -> None:
    exe = Path(sys.executable).parent / "shellcheck"
    if not exe.is_file():
        pytest.fail("shellcheck is not installed: pip install -r requirements-dev.txt")
    out = subprocess.run(
        [str(exe), str(ROOT / "docker" / "entrypoint-web.sh")], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout


@pytest.mark.parametrize(
    "local",
    [{"SECRET_KEY": "kj-local-only-change-me"},
     {"DATABASE_URL": "postgres://kerneljudge:kj-local-only@127.0.0.1:9/kerneljudge"}],
)  # fmt: skip
def test_entrypoint_refuses_local_only_secrets_for_a_public_host(site_env: dict, local) -> None:
    env = dict(site_env, DB_WAIT_TIMEOUT_S="1", **local)  # ALLOWED_HOSTS names judge.test
    out = subprocess.run([str(ROOT / "docker" / "entrypoint-web.sh")], env=env,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 1
    assert "ALLOWED_HOSTS names judge.test" in out.stderr, out.stderr
    local_only = dict(env, ALLOWED_HOSTS="localhost,127.0.0.1",
                      DATABASE_URL="postgres://u:kj-local-only@127.0.0.1:9/none")  # fmt: skip
    out = subprocess.run([str(ROOT / "docker" / "entrypoint-web.sh")], env=local_only,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert "ALLOWED_HOSTS names" not in out.stderr
    assert "did not answer within 1s" in out.stderr  # it went on to wait for the database
