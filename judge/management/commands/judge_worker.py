"""python manage.py judge_worker: register this host's devices and run Celery workers.

One Celery worker process per device (the CPU, and each GPU with CUDA_VISIBLE_DEVICES=N),
concurrency 1, prefetch 1. A thread heartbeats the Worker rows every ~10 s and another runs
the stale-submission reconciler.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections, connection

from judge.devices import Device, detect_devices
from judge.queues import queue_for
from judge.services import submissions_requeue_stale, worker_register, workers_heartbeat

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


def celery_argv(worker: ManagedWorker, loglevel: str) -> list[str]:
    node = worker.name.replace(":", "-")
    return [
        sys.executable, "-m", "celery", "-A", "judge", "worker",
        "-Q", worker.queue, "-c", "1", "--prefetch-multiplier", "1",
        "-n", f"{node}@{socket.gethostname()}", "-P", "prefork",
        "--without-gossip", "--without-mingle", "-l", loglevel,
    ]  # fmt: skip


def celery_env(worker: ManagedWorker) -> dict[str, str]:
    env = dict(os.environ, KJ_WORKER_NAME=worker.name)
    # The CPU worker sees no GPU; a GPU worker sees exactly its own.
    env["CUDA_VISIBLE_DEVICES"] = "" if worker.device.index is None else str(worker.device.index)
    return env


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
        for worker in workers:
            self.stdout.write(f"{worker.name}: queue {worker.queue} {worker.device.model}".rstrip())
            if opts["dry_run"]:
                self.stdout.write("  " + " ".join(celery_argv(worker, opts["loglevel"])))
        if opts["dry_run"]:
            return
        for worker in workers:
            worker_register(worker.name, worker.device.kind, worker.device.model, [worker.queue])
        connection.close()
        stop = threading.Event()
        threads = [threading.Thread(target=self._heartbeat, args=(workers, stop), daemon=True)]
        if not opts["no_reconciler"]:
            threads.append(threading.Thread(
                target=self._reconcile, args=(stop, opts["reconcile_every"]), daemon=True))  # fmt: skip
        for thread in threads:
            thread.start()
        self._supervise(workers, stop, opts["loglevel"])

    def _plan(self, kinds: list[str] | None, gpus: str | None) -> list[ManagedWorker]:
        wanted_gpus = {int(i) for i in gpus.split(",") if i.strip()} if gpus else None
        host = socket.gethostname()
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
                stop.wait(1.0)
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
