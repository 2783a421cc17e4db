"""The supervisor's own memory cap (runner/sandbox/memwatch.py): a tree whose anonymous memory
passes the cap is killed and marked, one below it is left alone; children count too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from runner.sandbox.memwatch import MemoryWatch, tree_anon_rss_bytes

MiB = 1 << 20
HOLD = "import sys, time\nx = bytearray({n} * 2**20)\nsys.stdout.write('held\\n'); sys.stdout.flush()\ntime.sleep(60)\n"


def _spawn(code: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, start_new_session=True
    )


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass


def test_a_tree_over_the_cap_is_killed_and_marked():
    # a parent holding 100 MiB and its child taking 100 MiB steps
    child = HOLD.format(n=100).replace(
        "bytearray(100 * 2**20)", "[bytearray(100 * 2**20) for _ in range(20)]"
    )
    code = (
        f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {child!r}])\n"
        + HOLD.format(n=100)
    )
    proc = _spawn(code)
    watch = MemoryWatch(proc.pid, 400 * MiB, lambda: _kill_group(proc)).start()
    try:
        proc.wait(50)  # killed long before its 60 s sleep ends
        assert watch.exceeded and proc.returncode == -9
        assert watch.peak > 400 * MiB
    finally:
        watch.stop()
        _kill_group(proc)


def test_a_tree_under_the_cap_is_left_alone():
    proc = _spawn(HOLD.format(n=50))
    watch = MemoryWatch(proc.pid, 400 * MiB, proc.kill).start()
    try:
        assert proc.stdout.readline() == "held\n"
        time.sleep(0.5)
        assert proc.poll() is None and not watch.exceeded
        assert 50 * MiB <= tree_anon_rss_bytes(proc.pid) < 400 * MiB
    finally:
        watch.stop()
        _kill_group(proc)
        proc.wait()
