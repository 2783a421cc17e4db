"""Per-job cgroups (v1 or v2): memory cap, pids cap, CPU accounting, kill-all and OOM detection.

``JobCgroup.create(memory_bytes, pids)`` makes ``kerneljudge-<id>`` under this process's own
cgroup for each controller it can write to, and returns an object that knows how to put a
process in (``join(pid)``, called from the spawned process before exec), kill everything in it,
tell whether the OOM killer fired, read the CPU time every task that ever ran in it used
(``cpu_usage()``: v1 ``cpuacct``, per CPU in ns; v2 ``cpu.stat``, in us: a task cannot leave its
cgroup, and an exited task's time stays counted, whoever reaped it), and remove itself. When the host does not let us create a
cgroup (read-only /sys/fs/cgroup, no controller delegated), ``create`` returns a JobCgroup with
``available == False`` and a ``reason``; the sandbox still runs and reports the gap.
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
# Every job cgroup this process created: name -> dirs (kept after cleanup, for the hostile
# corpus's "nothing left behind" check, which must not look at other processes' jobs).
CREATED: dict[str, list[Path]] = {}


def _own_paths() -> dict[str, str]:
    """controller -> path of this process's cgroup ('' key = the v2 unified hierarchy)."""
    out: dict[str, str] = {}
    try:
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, ctrls, path = line.split(":", 2)
            for c in ctrls.split(",") if ctrls else [""]:
                out[c] = path
    except OSError:
        pass
    return out


def version() -> int:
    """2 for a pure cgroup v2 host, 1 when v1 controllers are mounted (hybrid counts as 1)."""
    if (ROOT / "cgroup.controllers").exists():
        return 2
    if (ROOT / "memory").is_dir() or (ROOT / "pids").is_dir():
        return 1
    return 0


def _write(path: Path, value: str) -> None:
    with open(path, "w") as f:
        f.write(value)


class JobCgroup:
    def __init__(self) -> None:
        self.dirs: dict[str, Path] = {}  # controller -> dir ("unified" for v2)
        self.available = False
        self.reason = ""
        self.version = version()
        self.memory_limited = False
        self.pids_limited = False

    # -- creation -----------------------------------------------------------------------
    @classmethod
    def create(cls, memory_bytes: int | None, pids: int | None) -> JobCgroup:
        cg = cls()
        name = f"kerneljudge-{uuid.uuid4().hex[:12]}"
        own = _own_paths()
        problems: list[str] = []
        if cg.version == 1:
            for ctrl in ("memory", "pids", "cpuacct"):
                base = ROOT / ctrl / own.get(ctrl, "/").lstrip("/")
                d = base / name
                try:
                    d.mkdir()
                except OSError as e:
                    problems.append(f"{ctrl}: cannot create {d}: {e.strerror}")
                    continue
                cg.dirs[ctrl] = d
                try:
                    if ctrl == "memory" and memory_bytes:
                        _write(d / "memory.limit_in_bytes", str(memory_bytes))
                        sw = d / "memory.memsw.limit_in_bytes"
                        if sw.exists():
                            try:
                                _write(sw, str(memory_bytes))
                            except OSError:
                                pass
                        cg.memory_limited = True
                    if ctrl == "pids" and pids:
                        _write(d / "pids.max", str(pids))
                        cg.pids_limited = True
                except OSError as e:
                    problems.append(f"{ctrl}: cannot set limit: {e.strerror}")
        elif cg.version == 2:
            base = ROOT / own.get("", "/").lstrip("/")
            d = base / name
            try:
                d.mkdir()
                cg.dirs["unified"] = d
                ctrls = (d / "cgroup.controllers").read_text().split()
                if memory_bytes and "memory" in ctrls:
                    _write(d / "memory.max", str(memory_bytes))
                    try:
                        _write(d / "memory.swap.max", "0")
                    except OSError:
                        pass
                    cg.memory_limited = True
                else:
                    problems.append("memory controller not delegated to " + str(base))
                if pids and "pids" in ctrls:
                    _write(d / "pids.max", str(pids))
                    cg.pids_limited = True
                else:
                    problems.append("pids controller not delegated to " + str(base))
            except OSError as e:
                problems.append(f"cannot create {d}: {e.strerror}")
        else:
            problems.append("no cgroup filesystem at /sys/fs/cgroup")
        cg.name = name
        CREATED[name] = list(cg.dirs.values())
        cg.available = bool(cg.dirs)
        cg.reason = "; ".join(problems)
        return cg

    # -- use ----------------------------------------------------------------------------
    def procs_files(self) -> list[str]:
        return [str(d / "cgroup.procs") for d in list(self.dirs.values())]

    def join(self, pid: int = 0) -> None:
        """Move ``pid`` (0: the caller) into every controller. Safe in a preexec hook."""
        data = str(pid or os.getpid()).encode()
        for p in self.procs_files():
            fd = os.open(p, os.O_WRONLY)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)

    @property
    def accounts_cpu(self) -> bool:
        """Whether :meth:`cpu_usage` reads this job's CPU time (v1 cpuacct, or v2)."""
        return "cpuacct" in self.dirs or "unified" in self.dirs

    def cpu_usage(self) -> tuple[int, tuple[int, ...]] | None:
        """(total ns, ns per CPU) that every task of the job has run so far, exited ones
        included; the per-CPU figures are () on v2, whose ``cpu.stat`` has none. None when
        this cgroup does not account CPU time or cannot be read."""
        d = self.dirs.get("cpuacct")
        try:
            if d is not None:
                per_cpu = tuple(int(x) for x in (d / "cpuacct.usage_percpu").read_text().split())
                return sum(per_cpu), per_cpu
            d = self.dirs.get("unified")
            if d is not None:
                for line in (d / "cpu.stat").read_text().splitlines():
                    k, _, v = line.partition(" ")
                    if k == "usage_usec":
                        return int(v) * 1000, ()
        except (OSError, ValueError):
            pass
        return None

    def thread_ids(self) -> list[int]:
        """Every live thread of the job (host thread ids)."""
        d = self.dirs.get("cpuacct") or self.dirs.get("unified")
        name = "tasks" if "cpuacct" in self.dirs else "cgroup.threads"
        try:
            return [int(x) for x in (d / name).read_text().split()] if d else []
        except (OSError, ValueError):
            return []

    def pids(self) -> set[int]:
        out: set[int] = set()
        # a copy: the wall-clock killer thread may run this while cleanup() empties dirs
        for d in list(self.dirs.values()):
            try:
                out.update(int(x) for x in (d / "cgroup.procs").read_text().split())
            except OSError:
                pass
        return out

    def kill_all(self) -> None:
        d = self.dirs.get("unified")
        if d is not None and (d / "cgroup.kill").exists():
            try:
                _write(d / "cgroup.kill", "1")
            except OSError:
                pass
        for _ in range(50):
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.01)

    def oom_killed(self) -> bool:
        d = self.dirs.get("memory")
        if d is not None:
            try:
                for line in (d / "memory.oom_control").read_text().splitlines():
                    k, _, v = line.partition(" ")
                    if k == "oom_kill" and int(v) > 0:
                        return True
                return int((d / "memory.failcnt").read_text()) > 0 and self._near_limit(d)
            except (OSError, ValueError):
                return False
        d = self.dirs.get("unified")
        if d is not None:
            try:
                for line in (d / "memory.events").read_text().splitlines():
                    k, _, v = line.partition(" ")
                    if k in ("oom_kill", "oom") and int(v) > 0:
                        return True
            except (OSError, ValueError):
                return False
        return False

    @staticmethod
    def _near_limit(d: Path) -> bool:
        try:
            peak = int((d / "memory.max_usage_in_bytes").read_text())
            limit = int((d / "memory.limit_in_bytes").read_text())
            return peak >= limit * 0.95
        except (OSError, ValueError):
            return False

    def peak_memory(self) -> int | None:
        for d, f in (
            (self.dirs.get("memory"), "memory.max_usage_in_bytes"),
            (self.dirs.get("unified"), "memory.peak"),
        ):
            if d is not None:
                try:
                    return int((d / f).read_text())
                except (OSError, ValueError):
                    pass
        return None

    def cleanup(self) -> None:
        self.kill_all()
        for d in list(self.dirs.values()):
            for _ in range(100):
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)
        self.dirs.clear()


def probe() -> tuple[bool, str]:
    """Can this host give a job a memory cgroup? (creates and removes one)"""
    cg = JobCgroup.create(64 << 20, 64)
    try:
        if cg.memory_limited:
            where = ", ".join(f"{k}={v.parent}" for k, v in cg.dirs.items())
            extra = f" (partial: {cg.reason})" if cg.reason else ""
            return True, f"cgroup v{cg.version}: per-job memory+pids limits under {where}{extra}"
        return False, f"cgroup v{cg.version}: {cg.reason or 'memory controller not writable'}"
    finally:
        cg.cleanup()
