"""The runner service's spare children: a pool of sandboxed children booted before the jobs
that will adopt them (runner/service/server.py; runner.supervisor.childproc.Spare)."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time

REFILL_RETRY_S = 5.0


SPARES_ENV = "KERNELJUDGE_SPARES"
CONTEXT_LOCK_ENV = "KERNELJUDGE_SPARE_CONTEXT_LOCK"
DEFAULT_SPARES = 2


def spares_wanted(device: str) -> int:
    """How many spare children a service keeps: ``$KERNELJUDGE_SPARES`` (1-4); by default 2
    on a GPU, so that a job sent the moment the previous one ended still finds a booted child
    (a spare boots in about 1.5 s there: torch's import and a CUDA context), and 1 on the CPU,
    where a second boot would compete with the job for the cores."""
    default = DEFAULT_SPARES if device == "cuda" else 1
    try:
        return max(1, min(4, int(os.environ.get(SPARES_ENV, default))))
    except ValueError:
        return default


class SpareSlot:
    """Holds up to ``depth`` spare children, refilled by one long-lived thread (their boots
    run side by side).

    The spawning thread must outlive its children: the sandbox (bwrap --die-with-parent,
    PR_SET_PDEATHSIG) kills a child when the *thread* that started it exits."""

    def __init__(self, device: str, enabled: bool = True, depth: int | None = None):
        self.device = device
        self.enabled = enabled
        self.depth = depth if depth is not None else spares_wanted(device)
        # whether a spare creates its CUDA context under the GPU lock (_boot_guard); without
        # the lock it creates it at boot, in one step
        self.context_lock = device == "cuda" and os.environ.get(CONTEXT_LOCK_ENV) == "1"
        self._lock = threading.Lock()
        self._spares: list = []  # oldest first
        self._filling = False
        self._want = threading.Event()
        self._thread: threading.Thread | None = None
        self.failures = 0
        self.last_error = ""

    def refill(self) -> None:
        if not self.enabled:
            return
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="kj-spare", daemon=True)
                self._thread.start()
        self._want.set()

    def _loop(self) -> None:
        from runner.supervisor.childproc import Spare  # noqa: PLC0415

        while self.enabled:
            wanted = self._want.wait(1.0)
            self._reap_failed()
            if not wanted:
                continue
            with self._lock:
                if len(self._spares) >= self.depth:
                    self._want.clear()
                    continue
                self._filling = True
            # boots run side by side (each pings its child in a thread of its own); a job
            # may adopt a spare while it boots (overlapping the compile)
            guard = self._boot_guard if self.context_lock else None
            spare = Spare(self.device, context_guard=guard)
            with self._lock:
                self._filling = False
                self._spares.append(spare)

    def _reap_failed(self) -> None:
        """Drop the spares whose boot failed, and back off before booting more."""
        with self._lock:
            failed = [s for s in self._spares if not s.booting() and not s.ready(False)]
            for spare in failed:
                self._spares.remove(spare)
            booted = any(s.ready(False) for s in self._spares)
        for spare in failed:
            self.failures += 1
            self.last_error = spare.error
            print(f"runner serve: spare child failed: {spare.error}", file=sys.stderr, flush=True)
            spare.discard()
        if failed:
            self._want.set()
            time.sleep(min(60.0, REFILL_RETRY_S * self.failures))
        elif booted:
            self.failures = 0

    def _boot_guard(self) -> contextlib.AbstractContextManager:
        """The GPU's benchmark lock, for a spare's CUDA context where
        ``$KERNELJUDGE_SPARE_CONTEXT_LOCK=1`` (off by default). Off, a context is created
        beside other supervisors' timed calls, as their functional tests run beside them. On
        an H200 with six services (bench/results/archive/2026-11-24-h200-session3/): the lock held
        0.28-0.30 s of every judgement for it and capped the GPU near 4,700 judgements/hour;
        without it 5,500, each solution's median score under that load within
        0.98-1.04 of its score judged alone (the lock: 0.98-1.01). Only the context
        creation would be locked: the torch import (seconds) and the driver's initialisation
        run freely either way."""
        from runner.supervisor import gpulock  # noqa: PLC0415
        from runner.supervisor.childproc import SPARE_BOOT_TIMEOUT_S  # noqa: PLC0415

        try:
            key = gpulock.current_cuda_key()
        except Exception:  # noqa: BLE001 - no usable GPU: the spare's boot will say so
            return contextlib.nullcontext()
        return gpulock.exclusive_gpu(key, SPARE_BOOT_TIMEOUT_S)

    def _pop(self):
        """The best spare, removed from the pool: the oldest booted one, else the oldest."""
        with self._lock:
            if not self._spares:
                return None
            spare = next((s for s in self._spares if s.ready(False)), self._spares[0])
            self._spares.remove(spare)
            return spare

    def take(self, wait_s: float = 0.0):
        """A spare (removed from the pool), waiting up to ``wait_s`` for one that is booting;
        None when there is none."""
        deadline = time.monotonic() + wait_s
        while True:
            spare = self._pop()
            with self._lock:
                filling = self._filling or (self._want.is_set() and self.enabled)
            if spare is not None:
                from runner.supervisor.childproc import SPARE_MAX_AGE_S  # noqa: PLC0415

                if spare.age_s() < SPARE_MAX_AGE_S and (spare.booting() or spare.ready(False)):
                    return spare
                spare.discard()
                self.refill()
                continue
            if not filling or time.monotonic() >= deadline:
                return None
            time.sleep(max(0.0, min(0.02, deadline - time.monotonic())))

    def expire_old(self) -> None:
        """Replace spares that have waited too long (their sandbox wall clock is running)."""
        from runner.supervisor.childproc import SPARE_MAX_AGE_S  # noqa: PLC0415

        with self._lock:
            old = [s for s in self._spares if s.age_s() >= SPARE_MAX_AGE_S * 0.8]
            for spare in old:
                self._spares.remove(spare)
        for spare in old:
            spare.discard()
        if old:
            self.refill()

    def ready(self) -> bool:
        with self._lock:
            spares = list(self._spares)
        return any(spare.ready(wait=False) for spare in spares)

    def close(self) -> None:
        self.enabled = False
        with self._lock:
            spares, self._spares = self._spares, []
        for spare in spares:
            spare.discard()
