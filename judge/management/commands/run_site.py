"""python manage.py run_site: the web server and a local judge_worker, supervised together.

This is what `make run` starts (after migrate, sync_problems and ensure_demo_admin).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the web server and a local judge worker until interrupted."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-worker", action="store_true")
        parser.add_argument("--worker-arg", action="append", default=[],
                            help="extra argument for judge_worker (repeatable)")  # fmt: skip

    def handle(self, *args, host: str, port: int, no_worker: bool, worker_arg: list[str], **o):
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        procs = {
            "web": subprocess.Popen(
                [*manage, "runserver", "--noreload", "--skip-checks", f"{host}:{port}"]
            )
        }
        if not no_worker:
            procs["worker"] = subprocess.Popen([*manage, "judge_worker", *worker_arg])
        self.stdout.write(f"KernelJudge at http://{host}:{port}/  (Ctrl-C stops)")
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
