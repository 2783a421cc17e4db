"""The host around the corpus: canaries planted before it (a secret in the environment, a
Redis key, a PostgreSQL table, a watched file) and the checks after each case."""

from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import time
import uuid
from pathlib import Path

from .cases import REPO, Case

# Paths hostile cases try to create; none may exist after a case.
PWN_PATHS = [
    "/tmp/kj-pwned",
    "/tmp/kj-pwned-dir",
    "/root/kj-pwned",
    "/etc/kj-pwned",
    "/var/tmp/kj-pwned",
    str(REPO / "kj-pwned"),
    str(REPO / "var" / "kj-pwned"),
    str(REPO / "problems" / "catalog" / "vector-add" / "kj-pwned"),
    # Mojo's default home and cache folders on the host, and the runner's compile caches
    str(Path.home() / ".modular" / "kj-pwned"),
    str(Path.home() / ".cache" / "modular" / ".mojo_cache" / "kj-pwned"),
    str(Path.home() / ".cache" / "kerneljudge" / "mojo" / "kj-pwned"),
    "/tmp/kerneljudge-cache/mojo/kj-pwned",
]


def _mojo_install_paths() -> list[str]:
    """Where a planted file would reach every later Mojo library: the install's runtime
    libraries and its packages (none without Mojo)."""
    from runner.supervisor import mojo  # noqa: PLC0415

    install = mojo.find_install()
    if install is None:
        return []
    return [str(install.lib_dir / "kj-pwned"), str(install.import_dir / "kj-pwned")]


PWN_PATHS += _mojo_install_paths()


def _redis(cmd: list[str], addr=("127.0.0.1", 6379)) -> str:
    """One command over raw RESP (no client library needed on a GPU box)."""
    payload = f"*{len(cmd)}\r\n" + "".join(f"${len(c.encode())}\r\n{c}\r\n" for c in cmd)
    with socket.create_connection(addr, timeout=3) as s:
        s.sendall(payload.encode())
        f = s.makefile("rb")
        line = f.readline().decode(errors="replace").rstrip("\r\n")
        if line.startswith("$"):
            n = int(line[1:])
            return "" if n < 0 else f.read(n + 2)[:n].decode(errors="replace")
        if line.startswith("-"):
            raise OSError(line)
        return line[1:]


def _psql(sql: str) -> tuple[bool, str]:
    url = os.environ.get("KERNELJUDGE_HOSTILE_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
    try:
        import psycopg  # noqa: PLC0415

        with psycopg.connect(url, connect_timeout=3, autocommit=True) as c:
            rows = (
                c.execute(sql).fetchall()
                if sql.strip().lower().startswith("select")
                else (c.execute(sql), [])[1]
            )
        return True, repr(rows)
    except ImportError:
        pass
    except Exception as e:  # noqa: BLE001
        return False, str(e)[:200]
    try:
        r = subprocess.run(["psql", url, "-tAc", sql], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, str(e)
    return r.returncode == 0, (r.stdout or r.stderr).strip()[:200]


def _has_marker(path: Path) -> bool:
    try:
        return b"pwned" in path.read_bytes()
    except OSError:
        return False


def _sha(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as e:
        return f"<{e.strerror}>"


def _leftovers(names: set[str]) -> tuple[list[int], list[str]]:
    """Processes still in, and cgroup dirs still present for, the job cgroups in ``names``."""
    from runner.sandbox.cgroups import CREATED  # noqa: PLC0415

    dirs = [str(d) for n in names for d in CREATED.get(n, []) if d.exists()]
    pids = []
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                cg = Path(f"/proc/{p}/cgroup").read_text()
            except OSError:
                continue
            if any(n in cg for n in names):
                pids.append(int(p))
    return pids, dirs


class HostGuard:
    """Plants canaries before the corpus and checks the host after each case."""

    def __init__(self) -> None:
        tag = uuid.uuid4().hex[:12]
        self.secret = f"kj-canary-secret-{tag}"
        self.redis_key = f"kerneljudge:hostile:canary:{tag}"
        self.pg_table = f"kj_hostile_canary_{tag}"
        self.var_canary = REPO / "var" / f"hostile-canary-{tag}.sqlite3"
        # Files of ours: must stay byte-identical. Project files other people edit while the
        # corpus runs: must never gain the marker the cases write ("pwned").
        self.watched = [self.var_canary]
        self.project_files = [
            REPO / "config" / "settings.py",
            REPO / "manage.py",
            REPO / "runner" / "__init__.py",
            REPO / "problems" / "catalog" / "vector-add" / "reference.py",
            REPO / "problems" / "catalog" / "vector-add" / "problem.toml",
        ]
        self.redis_ok = self.pg_ok = False
        self.redis_why = self.pg_why = ""
        self._env_saved: dict[str, str | None] = {}

    def __enter__(self) -> HostGuard:
        self.var_canary.parent.mkdir(exist_ok=True)
        self.var_canary.write_text(f"SQLite format 3 fake {self.secret}\n")
        self.hashes = {p: _sha(p) for p in self.watched}
        from runner.sandbox.cgroups import CREATED  # noqa: PLC0415

        self.cgroups_before = set(CREATED)
        try:
            _redis(["SET", self.redis_key, self.secret])
            self.redis_ok = _redis(["GET", self.redis_key]) == self.secret
            self.redis_run_id = self._redis_state()[1]
        except OSError as e:
            self.redis_why = f"Redis not reachable on 127.0.0.1:6379: {e}"
        ok, why = _psql(
            f"CREATE TABLE {self.pg_table} (v text); "
            f"INSERT INTO {self.pg_table} VALUES ('{self.secret}')"
        )
        self.pg_ok, self.pg_why = ok, ("" if ok else f"PostgreSQL not usable: {why}")
        # secrets the sandbox must never see, set where a careless runner would leak them
        for k in ("SECRET_KEY", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            self._env_saved[k] = os.environ.get(k)
            os.environ[k] = f"{self.secret}-{k}"
        return self

    def __exit__(self, *exc) -> None:
        for k, v in self._env_saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        try:
            self.var_canary.unlink()
        except OSError:
            pass
        if self.redis_ok:
            try:
                _redis(["DEL", self.redis_key])
            except OSError:
                pass
        if self.pg_ok:
            _psql(f"DROP TABLE IF EXISTS {self.pg_table}")

    def _redis_state(self) -> tuple[str, str]:
        info = _redis(["INFO", "server"])
        run_id = next(
            (ln.split(":", 1)[1].strip() for ln in info.splitlines() if ln.startswith("run_id:")),
            "",
        )
        return _redis(["GET", self.redis_key]), run_id

    def _check_redis(self) -> dict:
        if not self.redis_ok:
            return {"ok": None, "detail": self.redis_why or "not checked"}
        err = ""
        for _ in range(20):  # ride out a restart by a concurrent test of someone else
            try:
                val, run_id = self._redis_state()
                pwned = _redis(["EXISTS", "kj-pwned"])
                break
            except OSError as e:
                err = str(e)
                time.sleep(0.5)
        else:
            return {"ok": False, "detail": f"Redis unreachable after the case: {err}"}
        if pwned != "0":
            return {"ok": False, "detail": "a kj-pwned key appeared"}
        if val == self.secret:
            return {"ok": True, "detail": "canary intact, no kj-pwned key"}
        if run_id != self.redis_run_id:
            # the server was restarted (run_id changed) by something outside this run: the
            # canary's loss says nothing about the sandbox. Plant it again.
            self.redis_run_id = run_id
            _redis(["SET", self.redis_key, self.secret])
            return {
                "ok": None,
                "detail": "Redis was restarted during the case (run_id changed) "
                "by another process; canary re-planted, not judged",
            }
        return {"ok": False, "detail": "canary CHANGED or deleted on a running server"}

    def check(self, case: Case, result_json: str | None, returned: bool) -> dict[str, dict]:
        c: dict[str, dict] = {}
        want = set(case.checks)
        if "files" in want:
            made = [p for p in PWN_PATHS if os.path.lexists(p)]
            changed = [str(p) for p, h in self.hashes.items() if _sha(p) != h]
            changed += [str(p) for p in self.project_files if _has_marker(p)]
            c["files"] = {
                "ok": not made and not changed,
                "detail": "; ".join(
                    filter(
                        None,
                        [
                            "created: " + ", ".join(made) if made else "",
                            "changed: " + ", ".join(changed) if changed else "",
                        ],
                    )
                )
                or "nothing written outside the job folder; watched files intact",
            }
            for p in made:  # leave the host clean for the next case
                subprocess.run(["rm", "-rf", "--", p], check=False)
        if "redis" in want:
            c["redis"] = self._check_redis()
        if "postgres" in want:
            if not self.pg_ok:
                c["postgres"] = {"ok": None, "detail": self.pg_why or "not checked"}
            else:
                ok, rows = _psql(f"SELECT v FROM {self.pg_table}")
                for _ in range(20):  # ride out a restart by a concurrent test of someone else
                    if ok:
                        break
                    time.sleep(0.5)
                    ok, rows = _psql(f"SELECT v FROM {self.pg_table}")
                c["postgres"] = {
                    "ok": ok and self.secret in rows,
                    "detail": "reachable, canary table intact"
                    if ok and self.secret in rows
                    else f"canary table damaged: {rows}",
                }
        if "processes" in want:
            from runner.sandbox.cgroups import CREATED  # noqa: PLC0415

            names = set(CREATED) - self.cgroups_before
            self.cgroups_before = set(CREATED)
            left, cgs = _leftovers(names)
            for _ in range(40):
                if not left and not cgs:
                    break
                time.sleep(0.05)
                left, cgs = _leftovers(names)
            c["processes"] = {
                "ok": (not left and not cgs) if names else None,
                "detail": (
                    f"left behind: pids {left} cgroups {cgs}"
                    if left or cgs
                    else f"{len(names)} job cgroup(s) created and removed, no process left"
                    if names
                    else "no job cgroup on this host: not checked"
                ),
            }
        if "secrets" in want:
            text = result_json or ""
            bad = [s for s in [self.secret, *case.forbidden, "KJ-LEAK"] if s and s in text]
            c["secrets"] = {
                "ok": not bad,
                "detail": ("leaked into the result: " + ", ".join(bad))
                if bad
                else "no canary or forbidden string in the result",
            }
        if "supervisor" in want:
            c["supervisor"] = {
                "ok": returned,
                "detail": "judge() returned a result"
                if returned
                else "the supervisor died or raised",
            }
        return c
