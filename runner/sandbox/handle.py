"""The handle on a started sandbox (Popen-like; ``kill()`` takes the whole tree down) and
``safe_read`` for the files the child wrote."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import threading
import time
from pathlib import Path

from .cgroups import JobCgroup
from .memwatch import MemoryWatch
from .types import SandboxError, SandboxRequest


class SandboxProcess:
    """Popen-like handle on a sandboxed process tree. ``kill()`` kills all of it."""

    def __init__(self, req: SandboxRequest, backend: str, cgroup: JobCgroup | None = None) -> None:
        self.req = req
        self.backend = backend
        self.timed_out = False
        self.started = time.monotonic()
        self.ended: float | None = None
        self._cg: JobCgroup | None = cgroup
        self._closed = False
        self._lock = threading.Lock()
        self._popen: subprocess.Popen | None = None
        self._timer: threading.Timer | None = None
        self._memwatch: MemoryWatch | None = None

    # Popen-ish surface
    @property
    def pid(self) -> int:
        return self._popen.pid

    @property
    def stdin(self):
        return self._popen.stdin

    @property
    def stdout(self):
        return self._popen.stdout

    @property
    def stderr(self):
        return self._popen.stderr

    @property
    def returncode(self) -> int | None:
        rc = self._popen.returncode
        if rc is None:
            return None
        if self.backend in ("bwrap", "unshare", "docker") and rc > 128:
            return -(rc - 128)  # the reaper (or the container's init): 128 + signal
        return rc

    def poll(self) -> int | None:
        if self._popen.poll() is not None:
            self._finish()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int | None:
        """Wait up to ``timeout`` s; returns the return code, or None if still running."""
        try:
            self._popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        self._finish()
        return self.returncode

    def kill(self) -> None:
        """SIGKILL the whole tree: the process group, the pid namespace, the cgroup."""
        p = self._popen
        if p is None:
            return
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            p.kill()
        except OSError:
            pass
        if self._cg is not None:
            self._cg.kill_all()

    terminate = kill

    def start(self, argv: list[str], **popen_kwargs) -> None:
        """``subprocess.Popen(argv, start_new_session=True, **popen_kwargs)``: the process
        group is what ``kill()`` signals."""
        self._popen = subprocess.Popen(argv, start_new_session=True, **popen_kwargs)

    def arm(self) -> None:
        """Start the wall-clock kill (``req.limits.wall_s``) and the memory cap
        (``req.limits.memory_bytes``, runner/sandbox/memwatch.py), once the process runs."""
        w = self.req.limits.wall_s
        if w:
            self._timer = threading.Timer(w, self._on_wall)
            self._timer.daemon = True
            self._timer.start()
        # (a container's processes are not below ``docker run``: docker_run.py watches them)
        if self.req.limits.memory_bytes and self._popen is not None and self.backend != "docker":
            self._memwatch = MemoryWatch(self._popen.pid, self.req.limits.memory_bytes, self.kill)
            self._memwatch.start()

    def _on_wall(self) -> None:
        if self._popen.poll() is None:
            self.timed_out = True
            self.kill()

    @property
    def memory_exceeded(self) -> bool:
        watched = self._memwatch is not None and self._memwatch.exceeded
        return watched or bool(self._cg and self._cg.oom_killed())

    oom_killed = memory_exceeded

    @property
    def peak_memory_bytes(self) -> int | None:
        return self._cg.peak_memory() if self._cg else None

    def cpu_usage(self) -> tuple[int, tuple[int, ...]] | None:
        """The job cgroup's CPU time so far (JobCgroup.cpu_usage); None without one."""
        cg = self._cg
        return cg.cpu_usage() if isinstance(cg, JobCgroup) and cg.accounts_cpu else None

    def thread_ids(self) -> list[int]:
        cg = self._cg
        return cg.thread_ids() if isinstance(cg, JobCgroup) else []

    @property
    def wall_s(self) -> float:
        return (self.ended or time.monotonic()) - self.started

    def _finish(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self.ended = time.monotonic()
            if self._timer:
                self._timer.cancel()
            if self._memwatch is not None:
                self._memwatch.stop()
            try:
                os.killpg(self._popen.pid, signal.SIGKILL)  # stragglers in the group
            except OSError:
                pass
            if self._cg is not None:
                self._oom = self._cg.oom_killed()
                self._peak = self._cg.peak_memory()
                self._cg.cleanup()
                cg = self._cg
                self._cg = _Frozen(self._oom, self._peak, cg)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._popen.poll() is None:
            self.kill()
        self.wait()
        for f in (self.stdin, self.stdout, self.stderr):
            if f:
                f.close()


class _Frozen:
    """What is left of a cgroup after cleanup: its last readings."""

    def __init__(self, oom: bool, peak: int | None, cg: JobCgroup) -> None:
        self._oom, self._peak, self.available = oom, peak, cg.available

    def oom_killed(self) -> bool:
        return self._oom

    def peak_memory(self) -> int | None:
        return self._peak

    def kill_all(self) -> None:
        pass

    def cleanup(self) -> None:
        pass


def safe_read(workdir: Path, name: str, max_bytes: int = 1 << 20) -> bytes:
    """Read a file the child wrote, refusing symlinks, non-regular files and escapes."""
    workdir = Path(workdir).resolve()
    if "/" in name or name in ("", ".", ".."):
        raise SandboxError(f"bad file name {name!r}")
    dfd = os.open(workdir, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dfd)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise SandboxError(f"{name} is a symlink") from e
            raise
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SandboxError(f"{name} is not a regular file")
            data = b""
            while len(data) < max_bytes:
                chunk = os.read(fd, min(65536, max_bytes - len(data)))
                if not chunk:
                    break
                data += chunk
            return data
        finally:
            os.close(fd)
    finally:
        os.close(dfd)


def output_streams(req: SandboxRequest) -> tuple[object, object, int | None]:
    """The child's stdout and stderr: the request's own, or where it asks for none, the job log
    ``req.log_path`` (appended, no symlink followed), whose descriptor is returned third for the
    caller to close once the child has started (None without a log)."""
    out, err = req.stdout, req.stderr
    if req.log_path is None:
        return out, err, None
    log_fd = os.open(req.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o644)
    out = log_fd if out in (None, subprocess.DEVNULL) else out
    err = log_fd if err in (None, subprocess.DEVNULL) else err
    return out, err, log_fd
