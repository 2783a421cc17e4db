"""python manage.py run_site: the web server and a local judge_worker, supervised together.

This is what `make run` starts (after migrate and sync_problems); with --demo-admin it also
makes sure of the demo admin and, once the server answers, prints a summary box (URL, login,
password, API token) as the last thing of the start-up output.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

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
        procs = {
            "web": subprocess.Popen(
                [*manage, "runserver", "--noreload", "--skip-checks", f"{host}:{port}"]
            )
        }
        if not no_worker:
            # the local worker judges through a warm runner service (a child booted before
            # the job comes: a Run in about a second); KJ_RUNNER_SERVICE=0 turns it off
            env = {**os.environ, "KJ_RUNNER_SERVICE": os.environ.get("KJ_RUNNER_SERVICE", "1")}
            procs["worker"] = subprocess.Popen([*manage, "judge_worker", *worker_arg], env=env)
        url = f"http://{host}:{port}/"
        if wait_for_port(host, port, 30):
            time.sleep(1.0)  # let the worker's start-up lines come first
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
