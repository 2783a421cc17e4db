"""CPU seconds a process tree has used, read from the kernel's own accounting (/proc): on the
CPU device, the supervisor's bound on a solution's time (runner/supervisor/clock.py). Every
thread and process of the sandboxed child counts, whenever it ran; the child cannot change
what the kernel accounts."""

from __future__ import annotations

import os

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


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
    """CPU seconds used so far by ``root`` and every live descendant (and the children they
    have reaped)."""
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
