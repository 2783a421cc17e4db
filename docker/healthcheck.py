#!/usr/bin/env python3
"""Container health checks (stdlib only, no Django import): exit 0 healthy, 1 unhealthy.

healthcheck.py web     GET http://127.0.0.1:$PORT$KJ_HEALTHCHECK_PATH (default "/") with a
                       Host header the site accepts (first ALLOWED_HOSTS entry); healthy
                       when the answer is below 400 (the page reads the database).
healthcheck.py worker  at least one live `celery ... worker` process (judge_worker starts one
                       per device and restarts them); with KJ_HEALTHCHECK_GPU=1 also
                       `nvidia-smi -L` must list a GPU (a GPU that fell off the bus makes
                       the container unhealthy instead of silently failing jobs).
"""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
from pathlib import Path


def host_header(allowed_hosts: str | None) -> str:
    for entry in (allowed_hosts or "").split(","):
        entry = entry.strip()
        if entry and entry != "*":
            return entry.lstrip(".") or "localhost"
    return "localhost"


def check_web(port: int, path: str, allowed_hosts: str | None, timeout: float = 8.0) -> str:
    """'' when healthy, else why not."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Host": host_header(allowed_hosts)})
        status = conn.getresponse().status
    except OSError as exc:
        return f"GET {path} failed: {exc}"
    finally:
        conn.close()
    return "" if status < 400 else f"GET {path} answered {status}"


def celery_worker_pids(proc_root: Path = Path("/proc")) -> list[int]:
    pids = []
    for entry in proc_root.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # the process ended meanwhile
            continue
        words = [a.decode(errors="replace") for a in argv if a]
        celery = any(w.endswith("celery") for w in words) and "worker" in words
        if celery or any(w.startswith("[celeryd") for w in words):  # setproctitle'd name
            pids.append(int(entry.name))
    return sorted(pids)


def check_gpu() -> str:
    try:
        out = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"nvidia-smi failed: {exc}"
    if out.returncode != 0 or "GPU " not in out.stdout:
        return f"nvidia-smi -L lists no GPU (exit {out.returncode}): {out.stderr.strip()[:200]}"
    return ""


def check_worker(proc_root: Path = Path("/proc"), want_gpu: bool = False) -> str:
    if not celery_worker_pids(proc_root):
        return "no celery worker process is running"
    return check_gpu() if want_gpu else ""


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else ""
    if what == "web":
        problem = check_web(
            int(os.environ.get("PORT", "8000")),
            os.environ.get("KJ_HEALTHCHECK_PATH", "/"),
            os.environ.get("ALLOWED_HOSTS"),
        )
    elif what == "worker":
        problem = check_worker(want_gpu=os.environ.get("KJ_HEALTHCHECK_GPU") == "1")
    else:
        print("usage: healthcheck.py web|worker", file=sys.stderr)
        return 2
    if problem:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
