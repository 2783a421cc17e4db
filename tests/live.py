"""Helpers for integration tests that run real processes (Celery workers, the web server)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
SCRUBBED = ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "KJ_QUEUE_PREFIX", "KJ_BROKER_DIR")


def run_id() -> str:
    """Unique per test run: queue names carry it so parallel runs on one Redis never mix."""
    return f"t{os.getpid()}-{uuid.uuid4().hex[:8]}-"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL naming the database this test process is connected to."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{Path(settings_dict['NAME']).resolve()}"
    user = quote(settings_dict.get("USER") or "")
    password = quote(settings_dict.get("PASSWORD") or "")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return (
        f"postgres://{auth}{settings_dict.get('HOST') or 'localhost'}{port}/{settings_dict['NAME']}"
    )


def child_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    # the workers of a test's site run no language self-tests (session fixtures start before
    # tests/conftest.py's autouse settings); tests/browser/test_worker_languages.py writes the
    # workers' reports itself
    env["KJ_SELFTEST_EVERY_S"] = "-1"
    env.update(extra)
    return env


@contextlib.contextmanager
def process(argv: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen]:
    """A child in its own process group, killed (whole group) on exit; output goes to log."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()  # the leader shuts its own children down (Celery: warm shutdown)
            try:
                proc.wait(45)
            except subprocess.TimeoutExpired:
                pass
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def celery_worker_argv(queue: str, name: str) -> list[str]:
    return [
        sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue, "-c", "1",
        "--prefetch-multiplier", "1", "-P", "prefork", "-n", f"{name}@%h",
        "--without-gossip", "--without-mingle", "-l", "info",
    ]  # fmt: skip


def wait_until(check: Callable[[], object], timeout_s: float, what: str, log: Path | None = None):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.5)
    tail = log.read_text(errors="replace")[-4000:] if log and log.exists() else ""
    raise AssertionError(f"timed out after {timeout_s} s waiting for {what}\n{tail}")


@contextlib.contextmanager
def celery_broker(app, url: str, transport_options: dict) -> Iterator[None]:
    """Point this process's Celery producer at another broker for the duration."""
    conf = app.conf
    saved = (conf.broker_url, conf.broker_transport_options)
    saved_env = os.environ.get("CELERY_BROKER_URL")  # Celery prefers it over conf.broker_url
    _drop_pools(app)
    conf.broker_url, conf.broker_transport_options = url, transport_options
    os.environ["CELERY_BROKER_URL"] = url
    try:
        yield
    finally:
        _drop_pools(app)
        conf.broker_url, conf.broker_transport_options = saved
        if saved_env is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = saved_env


def _drop_pools(app) -> None:
    """Forget cached broker connections and producers (what Celery does after a fork)."""
    if app._pool is not None:
        app._pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
