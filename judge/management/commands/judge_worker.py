"""python manage.py judge_worker: register this host's devices and run Celery workers.

One Celery worker process per device (the CPU, and each GPU with CUDA_VISIBLE_DEVICES=N),
concurrency 1, prefetch 1. A thread heartbeats the Worker rows every ~10 s, another runs
the stale-submission reconciler, and a third runs each worker's language self-tests at start
and every KJ_SELFTEST_EVERY_S (judge/worker/selftests.py).

With KJ_RUNNER_SERVICE=1, each worker also gets a warm runner service
(``python -m runner serve --socket PATH --device cpu|cuda``, runner/service/server.py) that sees the
same device, restarted when it exits; its Celery worker judges through it (KJ_RUNNER_SOCKET)
and falls back to spawning ``python -m runner job`` while it is down.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections, connection

from judge.judging.reconcile import submissions_requeue_stale
from judge.queue import queue_for
from judge.worker.devices import Device, detect_devices
from judge.worker.selftests import worker_selftest
from judge.worker.services import worker_register, workers_heartbeat

HEARTBEAT_S = 10.0
RESTART_BACKOFF_S = 5.0
SHUTDOWN_GRACE_S = 30.0  # then kill; the reconciler requeues what was cut off


@dataclass
class ManagedWorker:
    name: str
    device: Device
    queue: str
    proc: subprocess.Popen | None = None
    started: float = 0.0
    socket_path: str = ""  # the warm runner service's socket ("" = no service)
    service: subprocess.Popen | None = None
    service_started: float = 0.0


def worker_host() -> str:
    """This judging host's name: KJ_WORKER_HOST, else the machine's."""
    return settings.KJ_WORKER_HOST or socket.gethostname()


def celery_argv(worker: ManagedWorker, loglevel: str) -> list[str]:
    node = worker.name.replace(":", "-")
    return [
        sys.executable, "-m", "celery", "-A", "config", "worker",
        "-Q", worker.queue, "-c", "1", "--prefetch-multiplier", "1",
        "-n", f"{node}@{worker_host()}", "-P", "prefork",
        "--without-gossip", "--without-mingle", "-l", loglevel,
    ]  # fmt: skip


def celery_env(worker: ManagedWorker) -> dict[str, str]:
    env = dict(os.environ, KJ_WORKER_NAME=worker.name)
    if env.get("KJ_READY_FILE"):  # run_site waits for it (ready_mark_when_all)
        env["KJ_CELERY_READY_DIR"] = env["KJ_READY_FILE"] + ".d"
    # The CPU worker sees no GPU; a GPU worker sees exactly its own.
    env["CUDA_VISIBLE_DEVICES"] = "" if worker.device.index is None else str(worker.device.index)
    if worker.socket_path:
        env["KJ_RUNNER_SERVICE"] = "1"
        env["KJ_RUNNER_SOCKET"] = worker.socket_path
    return env


SERVICE_SECRET_ENV = ("SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL")


def service_argv(worker: ManagedWorker) -> list[str]:
    device = "cpu" if worker.device.index is None else "cuda"
    return [settings.KJ_RUNNER_PYTHON, "-m", "runner", "serve",
            "--socket", worker.socket_path, "--device", device]  # fmt: skip


def service_env(worker: ManagedWorker) -> dict[str, str]:
    """The service sees its worker's device and none of the site's secrets."""
    env = {k: v for k, v in celery_env(worker).items() if k not in SERVICE_SECRET_ENV}
    env.pop("KJ_RUNNER_SOCKET", None)
    return env


def ready_mark_when_all(workers: list[ManagedWorker]) -> None:
    """Touch KJ_READY_FILE once every Celery worker here has marked itself ready (each one's
    file in KJ_READY_FILE.d, written by config.celery on worker_ready)."""
    target = os.environ.get("KJ_READY_FILE")
    if not target or os.path.exists(target):
        return
    names = {w.name.replace("/", "_") for w in workers}
    folder = Path(target + ".d")
    if folder.is_dir() and names <= {p.name for p in folder.iterdir()}:
        Path(target).touch()


def socket_dir() -> Path:
    """A 0700 directory for the service sockets: the configured one, else a fresh temp dir
    (short paths: a unix socket path has ~100 bytes at most)."""
    if settings.KJ_RUNNER_SOCKET_DIR:
        path = Path(settings.KJ_RUNNER_SOCKET_DIR)
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path, 0o700)
        return path
    return Path(tempfile.mkdtemp(prefix="kj-runner-"))


class Command(BaseCommand):
    help = "Register this host's devices and run one Celery judging worker per device."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--device-kind",
            action="append",
            default=None,
            help="only devices of this kind (repeatable), e.g. cpu, gpu-h200",
        )
        parser.add_argument(
            "--gpus", default=None, help="comma-separated GPU indexes to use (default: all found)"
        )
        parser.add_argument(
            "--no-reconciler",
            action="store_true",
            help="do not run the stale-submission reconciler here",
        )
        parser.add_argument("--reconcile-every", type=float, default=30.0)
        parser.add_argument("--loglevel", default="info")
        parser.add_argument("--dry-run", action="store_true",
                            help="print the devices and worker commands, then exit")  # fmt: skip

    def handle(self, *args, **opts) -> None:
        workers = self._plan(opts["device_kind"], opts["gpus"])
        if not workers:
            raise CommandError("No devices selected.")
        use_service = settings.KJ_RUNNER_SERVICE and not settings.KJ_RUNNER_SOCKET
        sockets = socket_dir() if use_service and not opts["dry_run"] else Path("/run/kj")
        for worker in workers:
            if use_service:
                worker.socket_path = str(sockets / f"{worker.name.rsplit(':', 1)[-1]}.sock")
            self.stdout.write(f"{worker.name}: queue {worker.queue} {worker.device.model}".rstrip())
            if opts["dry_run"]:
                self.stdout.write("  " + " ".join(celery_argv(worker, opts["loglevel"])))
                if use_service:
                    self.stdout.write("  " + " ".join(service_argv(worker)))
        if opts["dry_run"]:
            return
        for worker in workers:
            worker_register(
                worker.name,
                device_kind=worker.device.kind,
                gpu_model=worker.device.model,
                queues=[worker.queue],
            )
        connection.close()
        stop = threading.Event()
        threads = [threading.Thread(target=self._heartbeat, args=(workers, stop), daemon=True)]
        if settings.KJ_SELFTEST_EVERY_S >= 0:
            threads.append(
                threading.Thread(target=self._selftests, args=(workers, stop), daemon=True)
            )
        if not opts["no_reconciler"]:
            threads.append(threading.Thread(
                target=self._reconcile, args=(stop, opts["reconcile_every"]), daemon=True))  # fmt: skip
        for thread in threads:
            thread.start()
        if os.environ.get("KJ_READY_FILE"):
            Path(os.environ["KJ_READY_FILE"] + ".d").mkdir(parents=True, exist_ok=True)
        self._supervise(workers, stop, opts["loglevel"])

    def _plan(self, kinds: list[str] | None, gpus: str | None) -> list[ManagedWorker]:
        wanted_gpus = {int(i) for i in gpus.split(",") if i.strip()} if gpus else None
        host = worker_host()
        workers = []
        for device in detect_devices():
            if kinds and device.kind not in kinds:
                continue
            if (
                device.index is not None
                and wanted_gpus is not None
                and device.index not in wanted_gpus
            ):
                continue
            suffix = "cpu" if device.index is None else f"gpu{device.index}"
            workers.append(ManagedWorker(f"{host}:{suffix}", device, queue_for(device.kind)))
        return workers

    def _heartbeat(self, workers: list[ManagedWorker], stop: threading.Event) -> None:
        names = [w.name for w in workers]
        while not stop.wait(HEARTBEAT_S):
            try:
                close_old_connections()
                workers_heartbeat(names)
            except Exception as exc:  # noqa: BLE001 - keep beating through DB hiccups
                self.stderr.write(f"heartbeat failed: {exc}")
            finally:
                connection.close()

    def _selftests(self, workers: list[ManagedWorker], stop: threading.Event) -> None:
        """Each worker's self-tests now, then every KJ_SELFTEST_EVERY_S (0: only at start)."""
        every = settings.KJ_SELFTEST_EVERY_S
        while not stop.is_set():
            for worker in workers:
                device = "cpu" if worker.device.index is None else "cuda"
                try:
                    close_old_connections()
                    passed, problems = worker_selftest(worker.name, device, service_env(worker))
                    self.stdout.write(
                        f"{worker.name}: judges {', '.join(sorted(passed)) or 'no language'}"
                        + (f" (failed: {problems[:500]})" if problems else "")
                    )
                except Exception as exc:  # noqa: BLE001 - try again next round
                    self.stderr.write(f"{worker.name}: self-tests failed: {exc}")
                finally:
                    connection.close()
            if every <= 0 or stop.wait(every):
                return

    def _reconcile(self, stop: threading.Event, every: float) -> None:
        while not stop.wait(every):
            try:
                close_old_connections()
                touched = submissions_requeue_stale()
                if touched:
                    self.stdout.write(f"reconciler: requeued or failed {touched} submission(s)")
            except Exception as exc:  # noqa: BLE001 - retry next round
                self.stderr.write(f"reconciler failed: {exc}")
            finally:
                connection.close()

    def _supervise(
        self, workers: list[ManagedWorker], stop: threading.Event, loglevel: str
    ) -> None:
        def on_signal(signum, frame) -> None:
            stop.set()

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        try:
            while not stop.is_set():
                for worker in workers:
                    self._keep_service(worker)
                    if worker.proc is None or worker.proc.poll() is not None:
                        if worker.proc is not None:
                            self.stderr.write(
                                f"{worker.name}: celery exited ({worker.proc.returncode}); restarting"
                            )
                            if time.monotonic() - worker.started < RESTART_BACKOFF_S:
                                time.sleep(RESTART_BACKOFF_S)
                        worker.proc = subprocess.Popen(
                            celery_argv(worker, loglevel), env=celery_env(worker)
                        )
                        worker.started = time.monotonic()
                ready_mark_when_all(workers)
                stop.wait(0.25)
        finally:
            for worker in workers:
                if worker.proc and worker.proc.poll() is None:
                    worker.proc.terminate()  # Celery warm shutdown
            deadline = time.monotonic() + SHUTDOWN_GRACE_S
            for worker in workers:
                if worker.proc:
                    try:
                        worker.proc.wait(max(1.0, deadline - time.monotonic()))
                    except subprocess.TimeoutExpired:
                        worker.proc.kill()
            for worker in workers:  # after Celery: a job in flight finishes first
                if worker.service and worker.service.poll() is None:
                    worker.service.terminate()
            for worker in workers:
                if worker.service:
                    try:
                        worker.service.wait(max(1.0, deadline - time.monotonic()))
                    except subprocess.TimeoutExpired:
                        worker.service.kill()
                        worker.service.wait()

    def _keep_service(self, worker: ManagedWorker) -> None:
        """Start the worker's runner service, or restart it after it exited (the Celery task
        falls back to `python -m runner job` meanwhile)."""
        if not worker.socket_path:
            return
        if worker.service is not None and worker.service.poll() is None:
            return
        if worker.service is not None:
            self.stderr.write(
                f"{worker.name}: runner service exited ({worker.service.returncode}); restarting"
            )
            if time.monotonic() - worker.service_started < RESTART_BACKOFF_S:
                return  # try again on a later round; the task falls back meanwhile
        worker.service = subprocess.Popen(
            service_argv(worker), env=service_env(worker), cwd=settings.KJ_RUNNER_CWD
        )
        worker.service_started = time.monotonic()
