"""The compose stack on a real Docker engine, driven as an operator and a user would: compose
commands, container health, the site's sign-up form, its REST API, and PostgreSQL read over
its port. Standard library plus psycopg; every address is on the loopback (the stack uses the
host's network), the ports are the test's own so the host's PostgreSQL and Redis are untouched.

The images must exist (scripts/docker-build.sh); the stack never builds them."""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "docker-compose.yml"
CORE_SERVICES = ("postgres", "redis", "web", "worker-cpu")
CATALOG = ROOT / "problems" / "catalog"


class StackError(RuntimeError):
    pass


def wait_for(what: str, check: Callable[[], object], timeout_s: float, every_s: float = 1.0):
    """``check()``'s first truthy answer within ``timeout_s``, else StackError."""
    deadline = time.monotonic() + timeout_s
    last: object = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(every_s)
    raise StackError(f"timed out after {timeout_s:.0f} s waiting for {what} (last: {last!r})")


@dataclass
class Stack:
    """One compose project of docker-compose.yml on this engine."""

    project: str
    db_port: int = 55432
    redis_port: int = 56379
    web_port: int = 58000
    worker_host: str = ""
    extra_env: dict[str, str] = field(default_factory=dict)
    password: str = field(default_factory=lambda: secrets.token_hex(16))
    secret_key: str = field(default_factory=lambda: secrets.token_hex(32))

    # --- compose ------------------------------------------------------------------------

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KJ_", "KERNELJUDGE_"))}
        for name in ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "SECRET_KEY"):
            env.pop(name, None)
        env.update(
            COMPOSE_PROJECT_NAME=self.project,
            POSTGRES_PASSWORD=self.password,
            SECRET_KEY=self.secret_key,
            KJ_DB_PORT=str(self.db_port),
            KJ_REDIS_PORT=str(self.redis_port),
            WEB_PORT=str(self.web_port),
            KJ_WORKER_HOST=self.worker_host or f"{self.project}-host",
            KJ_BASE_IMAGE=os.environ.get("KJ_BASE_IMAGE", "kj-base:bookworm"),
            GUNICORN_WORKERS="2",
        )
        env.update(self.extra_env)
        return env

    def compose(self, *args: str, timeout_s: float = 600, check: bool = True):
        exe = shutil.which("docker-compose")
        argv = [exe] if exe else ["docker", "compose"]
        # an empty --env-file: an operator's .env in the checkout must not leak into the test
        env_file = Path(tempfile.gettempdir()) / "kj-stack-empty.env"
        env_file.write_text("")
        argv += ["--env-file", str(env_file), "-f", str(COMPOSE_FILE), *args]
        out = subprocess.run(argv, cwd=ROOT, env=self.env(), capture_output=True, text=True,
                             timeout=timeout_s)  # fmt: skip
        if check and out.returncode != 0:
            raise StackError(f"{' '.join(args)}: exit {out.returncode}\n{out.stderr[-3000:]}")
        return out

    def up(self, *services: str) -> None:
        self.compose("up", "-d", "--no-build", *services, timeout_s=1200)

    def down(self) -> None:
        self.compose("down", "-v", "--remove-orphans", "--timeout", "20", check=False)

    def container(self, service: str) -> str:
        out = self.compose("ps", "-q", service).stdout.split()
        if not out:
            raise StackError(f"no container for {service} in {self.project}")
        return out[0]

    def health(self, service: str) -> str:
        out = subprocess.run(
            ["docker", "inspect", "-f", "{{.State.Status}}/{{if .State.Health}}"
             "{{.State.Health.Status}}{{end}}", self.container(service)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        return out.stdout.strip()

    def health_log(self, service: str) -> str:
        """The engine's last health check results of ``service`` ('' if it has no container)."""
        try:
            container = self.container(service)
        except StackError as exc:
            return str(exc)
        out = subprocess.run(["docker", "inspect", "-f", "{{json .State.Health}}", container],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
        return out.stdout[-2000:]

    def wait_healthy(self, services=CORE_SERVICES, timeout_s: float = 300) -> float:
        start = time.monotonic()
        for service in services:
            wait_for(f"{service} to be healthy", lambda s=service: self.health(s) == "running/healthy",
                     max(10.0, timeout_s - (time.monotonic() - start)), 2.0)  # fmt: skip
        return time.monotonic() - start

    def logs(self, service: str, tail: int = 80) -> str:
        return self.compose("logs", "--no-color", "--tail", str(tail), service, check=False).stdout

    def docker(self, *args: str, timeout_s: float = 120) -> subprocess.CompletedProcess:
        out = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout_s)
        if out.returncode != 0:
            raise StackError(f"docker {' '.join(args)}: {out.stderr[-2000:]}")
        return out

    # --- the database, read as an operator would -----------------------------------------

    def sql(self, query: str, params: tuple = ()) -> list[tuple]:
        import psycopg  # the test environment's; the images have their own

        dsn = (f"postgresql://kerneljudge:{self.password}@127.0.0.1:{self.db_port}"
               "/kerneljudge?connect_timeout=10")  # fmt: skip
        with psycopg.connect(dsn) as conn:
            return list(conn.execute(query, params).fetchall())

    def submission_rows(self, ids: list[int]) -> dict[int, dict]:
        rows = self.sql(
            "SELECT id, status, verdict, attempt, worker_name, finished_at "
            "FROM judge_submission WHERE id = ANY(%s)",
            (ids,),
        )
        keys = ("id", "status", "verdict", "attempt", "worker_name", "finished_at")
        return {row[0]: dict(zip(keys, row, strict=True)) for row in rows}


@dataclass
class Site:
    """A user of the site at 127.0.0.1:port: signs up through the form, then uses a token."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    token: str = ""

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None, timeout_s: float = 60):  # fmt: skip
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout_s)
        try:
            h = {"Host": "localhost", **(headers or {})}
            if self.cookies:
                h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if self.token:
                h["Authorization"] = f"Token {self.token}"
            conn.request(method, path, body=body, headers=h)
            resp = conn.getresponse()
            data = resp.read()
            for value in resp.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
            return resp.status, resp.headers, data
        finally:
            conn.close()

    def api(self, method: str, path: str, payload: dict | None = None) -> tuple[int, dict]:
        body = json.dumps(payload).encode() if payload is not None else None
        headers = {"Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if self.cookies.get("csrftoken") and not self.token:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        status, _, data = self.request(method, path, body, headers)
        try:
            return status, json.loads(data or b"{}")
        except json.JSONDecodeError:
            return status, {"raw": data[:300].decode(errors="replace")}

    def sign_up(self, username: str, password: str) -> None:
        """The sign-up form as a browser posts it; the site signs the new user in."""
        status, _, page = self.request("GET", "/accounts/signup/")
        if status != 200:
            raise StackError(f"GET /accounts/signup/: {status}")
        match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if not match:
            raise StackError("the sign-up page has no CSRF token")
        form = {"csrfmiddlewaretoken": match.group(1).decode(), "username": username,
                "email": "", "password1": password, "password2": password}  # fmt: skip
        status, headers, page = self.request(
            "POST", "/accounts/signup/", urlencode(form).encode(),
            {"Content-Type": "application/x-www-form-urlencoded",
             "Referer": f"http://localhost:{self.port}/accounts/signup/"},
        )  # fmt: skip
        if status != 302 or "sessionid" not in self.cookies:
            raise StackError(f"sign-up answered {status}: {page[:500]!r}")

    def create_token(self) -> None:
        status, data = self.api("POST", "/api/v1/tokens/", {"name": "e2e"})
        if status != 201:
            raise StackError(f"POST /api/v1/tokens/: {status} {data}")
        self.token = data["key"]
        self.cookies.clear()

    def submit(self, problem: str, language: str, source: str, mode: str = "submit") -> int:
        status, data = self.api("POST", "/api/v1/submissions/",
                                {"problem": problem, "language": language, "device": "cpu",
                                 "mode": mode, "source": source})  # fmt: skip
        if status != 201:
            raise StackError(f"POST /api/v1/submissions/: {status} {data}")
        return data["id"]

    def submission(self, submission_id: int) -> dict:
        status, data = self.api("GET", f"/api/v1/submissions/{submission_id}/")
        if status != 200:
            raise StackError(f"GET submission {submission_id}: {status} {data}")
        return data

    def wait_done(self, submission_id: int, timeout_s: float = 600) -> dict:
        def done():
            row = self.submission(submission_id)
            return row if row["status"] in ("done", "cancelled") else None

        return wait_for(f"submission {submission_id} to be judged", done, timeout_s, 2.0)


def solution(slug: str, name: str) -> str:
    return (CATALOG / slug / "solutions" / name).read_text()
