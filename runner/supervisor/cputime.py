"""The CPU time a sandboxed job used, read from the kernel's own accounting: on the CPU device,
the supervisor's bound on a solution's time (runner/supervisor/clock.py).

The source is the job's cgroup (runner/sandbox/cgroups.py): every task that ever ran in it is
counted, in nanoseconds, whether it still runs, was reaped by its parent, was reaped by the
kernel itself (a parent that ignores SIGCHLD or sets SA_NOCLDWAIT), was re-parented to a
subreaper or detached into a new session; no task can leave the cgroup. A reading before and
after each window gives that window's figure (:func:`busiest_ms`): the most CPU time any one
CPU or any one thread of the job spent in it, which the window's wall time cannot be below.

Without a job cgroup (the Docker backend, a host that delegates none) the fallback is
:func:`tree_cpu_seconds`, the ``/proc`` times of the child's live process tree and the children
it reaped, in clock ticks: the result's flags say so (``cpu_time_from_proc``), since a child
the kernel reaps by itself escapes it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass(frozen=True)
class CpuReading:
    total_ns: int
    per_cpu_ns: tuple[int, ...] = ()  # () where the cgroup has no per-CPU figures (v2)
    per_thread_ns: dict[int, int] = field(default_factory=dict)  # live thread -> ns run


def busiest_ms(before: CpuReading, after: CpuReading, cores: int) -> float:
    """A lower bound on the wall time between two readings, in ms, from the CPU time the job
    used meanwhile: the larger of the most any one CPU ran its tasks (v1), the most any one of
    its threads ran (a thread runs on one CPU at a time; a thread born in between counts from
    zero) and the total over the usable cores. Only the total over the cores is left to a
    single thread whose work is spread over several threads or CPUs one after the other."""
    total = max(0, after.total_ns - before.total_ns)
    best = total / max(1, cores)
    if before.per_cpu_ns and len(before.per_cpu_ns) == len(after.per_cpu_ns):
        best = max(best, *(a - b for a, b in zip(after.per_cpu_ns, before.per_cpu_ns, strict=True)))
    for tid, ns in after.per_thread_ns.items():
        best = max(best, min(total, ns - before.per_thread_ns.get(tid, 0)))
    return best / 1e6


def cgroup_meter(handle) -> Callable[[], CpuReading] | None:
    """A function that reads the job cgroup of ``handle`` (a runner.sandbox SandboxProcess),
    or None where the job has no cgroup that accounts CPU time."""
    usage = getattr(handle, "cpu_usage", None)
    if usage is None or usage() is None:
        return None

    def read() -> CpuReading:
        threads = {tid: ns for tid in handle.thread_ids() if (ns := _thread_ns(tid)) is not None}
        got = usage()
        if got is None:  # the cgroup is gone: the child died, and the next request says so
            return CpuReading(0)
        return CpuReading(got[0], got[1], threads)

    return read


def _thread_ns(tid: int) -> int | None:
    """Nanoseconds thread ``tid`` has run (/proc/<tid>/schedstat, the scheduler's own figure)."""
    try:
        with open(f"/proc/{tid}/schedstat") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _stat(pid: str) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process and its reaped children) of one process."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    # state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from field 3
    ppid = int(fields[1])
    ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))
    return ppid, ticks / _TICK


def tree_cpu_seconds(root: int) -> float:
    """The fallback without a cgroup: CPU seconds used so far by ``root`` and every live
    descendant (and the children they have reaped)."""
    stats = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = _stat(name)
            if st is not None:
                stats[int(name)] = st
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            total += stats[pid][1]
        todo.extend(children.get(pid, []))
    return total


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)
