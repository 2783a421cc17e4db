"""The job's memory cap, enforced by the supervisor itself: a thread that sums the anonymous
resident memory (``RssAnon``: what a solution allocates, not the shared libraries it maps nor
the supervisor's shared buffers) of every process in the sandboxed tree and kills the tree the
moment the sum passes the cap.

The cgroup's own limit (runner/sandbox/cgroups.py) stays where the host gives one; this makes
the cap hard and prompt everywhere: on a host without a delegated memory cgroup the only other
bound is the loose RLIMIT_AS (memory + 16 GiB for the interpreter's mappings), and a solution
taking 1 GiB at a time pushed the host into reclaim until the wall clock ended the job, reported
as a time limit. Killed here, the verdict is ``memory_limit_exceeded``."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

POLL_S = 0.05  # 1 GiB of fresh pages takes ~0.2 s to write: the cap is passed by < 1/4 GiB
PROC = Path("/proc")


def descendants(root: int) -> list[int]:
    """``root`` and every process below it (through /proc/PID/task/TID/children)."""
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        try:
            tasks = list((PROC / str(pid) / "task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                todo.extend(int(c) for c in (task / "children").read_text().split())
            except (OSError, ValueError):
                pass
    return out


def anon_rss_bytes(pid: int) -> int:
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def tree_anon_rss_bytes(root: int) -> int:
    return sum(anon_rss_bytes(pid) for pid in descendants(root))


class MemoryWatch:
    """Polls the tree under ``root`` until ``stop()``; over ``limit_bytes``: ``exceeded`` is
    set, then ``kill()`` is called (once)."""

    def __init__(self, root: int, limit_bytes: int, kill: Callable[[], None]) -> None:
        self.root, self.limit, self._kill = root, limit_bytes, kill
        self.exceeded = False
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kj-memwatch", daemon=True)

    def start(self) -> MemoryWatch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(POLL_S):
            if not os.path.exists(PROC / str(self.root)):
                return
            used = tree_anon_rss_bytes(self.root)
            self.peak = max(self.peak, used)
            if used > self.limit:
                self.exceeded = True
                self._kill()
                return
