"""python manage.py run_site: the web server and a local judge_worker, supervised together.

This is what `make run` starts (after migrate and sync_problems); with --demo-admin it also
makes sure of the demo admin and, once the server answers and every Celery worker has said
ready (after its banner), prints a summary box (URL, login, password, API token) as the last
thing of the start-up output.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.services import DemoAdmin, demo_admin_ensure


def summary_box(url: str, demo: DemoAdmin | None) -> str:
    rows = [("KernelJudge is running", ""), ("URL", url)]
    if demo is not None:
        rows += [("Login", demo.username), ("Password", demo.password), ("API token", demo.token)]
    rows.append(("Stop", "Ctrl-C"))
    lines = [rows[0][0]] + [f"  {k:<10} {v}" for k, v in rows[1:]]
    width = max(len(line) for line in lines)
    rule = "+" + "-" * (width + 2) + "+"
    return "\n".join([rule, *(f"| {line:<{width}} |" for line in lines), rule])


WORKER_READY_TIMEOUT_S = 180.0  # a cold CPU worker and its runner service, on a busy box
READY_LOG_GRACE_S = 0.5  # Celery logs "ready." just after its worker_ready signal


def wait_for_file(path: Path, timeout_s: float, alive) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and alive():
        if path.exists():
            return True
        time.sleep(0.2)
    return path.exists()


def wait_for_port(host: str, port: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.2)
    return False


class Command(BaseCommand):
    help = "Run the web server and a local judge worker until interrupted."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-worker", action="store_true")
        parser.add_argument(
            "--demo-admin",
            metavar="USERNAME",
            help="ensure this demo admin and show its login in the summary",
        )
        parser.add_argument("--worker-arg", action="append", default=[],
                            help="extra argument for judge_worker (repeatable)")  # fmt: skip

    def handle(self, *args, host: str, port: int, no_worker: bool, worker_arg: list[str], **o):
        demo = None
        if o.get("demo_admin"):
            demo = demo_admin_ensure(username=o["demo_admin"], var_dir=settings.VAR_DIR)
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        # unbuffered children: their lines reach a pipe (a log file) in the order written
        unbuffered = {**os.environ, "PYTHONUNBUFFERED": "1"}
        procs = {
            "web": subprocess.Popen(
                [*manage, "runserver", "--noreload", "--skip-checks", f"{host}:{port}"],
                env=unbuffered,
            )
        }
        ready = Path(tempfile.mkdtemp(prefix="kj-site-")) / "workers-ready"
        if not no_worker:
            # the local worker judges through a warm runner service (a child booted before
            # the job comes: a Run in about a second); KJ_RUNNER_SERVICE=0 turns it off
            env = {**unbuffered, "KJ_READY_FILE": str(ready),
                   "KJ_RUNNER_SERVICE": os.environ.get("KJ_RUNNER_SERVICE", "1")}  # fmt: skip
            procs["worker"] = subprocess.Popen([*manage, "judge_worker", *worker_arg], env=env)
        url = f"http://{host}:{port}/"
        if wait_for_port(host, port, 30):
            worker = procs.get("worker")
            if worker is not None:  # the box comes after the workers' banners
                alive = lambda: worker.poll() is None  # noqa: E731
                if wait_for_file(ready, WORKER_READY_TIMEOUT_S, alive):
                    time.sleep(READY_LOG_GRACE_S)
                else:
                    self.stdout.write("(the judging worker is not ready yet; see above)")
            self.stdout.write(summary_box(url, demo))
        else:
            self.stdout.write(f"KernelJudge at {url} (not answering yet)  (Ctrl-C stops)")
        self.stdout.flush()
        stopping = False

        def on_signal(signum, frame) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        try:
            while not stopping:
                for name, proc in procs.items():
                    if proc.poll() is not None:
                        self.stderr.write(f"{name} exited with status {proc.returncode}")
                        stopping = True
                time.sleep(0.5)
        finally:
            for proc in procs.values():
                if proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
            for proc in procs.values():
                try:
                    proc.wait(40)
                except subprocess.TimeoutExpired:
                    proc.kill()
