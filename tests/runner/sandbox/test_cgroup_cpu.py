"""The job cgroup counts the CPU time of every task that ran in it: children the kernel reaps by
itself (SIGCHLD ignored) included, which the /proc times of the process tree miss
(runner/sandbox/cgroups.py, runner/supervisor/cputime.py)."""

from __future__ import annotations

import sys
import textwrap

import pytest

from runner.sandbox import SandboxLimits, SandboxRequest, spawn
from runner.sandbox.backends import bwrap_works
from runner.sandbox.cgroups import JobCgroup
from runner.supervisor import cputime

WORK_S = 0.3

# the sandboxed process ignores SIGCHLD and lets a forked child burn WORK_S of CPU time; it
# waits on a pipe, then sleeps so that the supervisor reads its tree while it is alive
AUTO_REAPED_WORK = textwrap.dedent(
    f"""
    import os, select, signal, time
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    r, w = os.pipe()
    if os.fork() == 0:
        end = time.process_time() + {WORK_S}
        while time.process_time() < end:
            pass
        os.write(w, b"x")
        os._exit(0)
    select.select([r], [], [])
    print("done", flush=True)
    time.sleep(30)
    """
)


def _cgroup_accounts_cpu() -> bool:
    cg = JobCgroup.create(64 << 20, 16)
    try:
        return cg.accounts_cpu and cg.cpu_usage() is not None
    finally:
        cg.cleanup()


@pytest.mark.skipif(not _cgroup_accounts_cpu(), reason="no job cgroup that accounts CPU time")
@pytest.mark.skipif(not bwrap_works()[0], reason="no bwrap")
def test_cgroup_counts_a_child_the_kernel_reaped_that_proc_misses(tmp_path):
    import subprocess

    proc = spawn(
        SandboxRequest(
            argv=[sys.executable, "-c", AUTO_REAPED_WORK],
            workdir=tmp_path,
            backend="bwrap",
            limits=SandboxLimits(wall_s=40),
            stdout=subprocess.PIPE,
        )
    )
    try:
        meter = cputime.cgroup_meter(proc)
        assert meter is not None
        assert proc.stdout.readline().strip() == b"done"
        reading = meter()
        assert reading.total_ns / 1e9 >= 0.9 * WORK_S
        # the exited child ran on one CPU at a time: the busiest CPU holds most of it
        start = cputime.CpuReading(0, tuple(0 for _ in reading.per_cpu_ns))
        assert cputime.busiest_ms(start, reading, cores=cputime.usable_cores()) >= (
            1e3 * WORK_S / cputime.usable_cores()
        )
        # the /proc tree of the live processes never saw it (its parent ignored SIGCHLD)
        assert cputime.tree_cpu_seconds(proc.pid) < 0.5 * WORK_S
    finally:
        proc.kill()
        proc.wait(10)
