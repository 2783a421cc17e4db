"""Starting a request as a container (``docker run``, spec in ``docker.py``) and keeping hold
of it: the descriptors handed in over a Unix socket, the container's own cgroup, removal.

The supervisor stays outside: it creates the job folder, the channel and the buffers, and
hands the child's ends in through ``docker_launch.py``'s socket (SCM_RIGHTS), exactly the
descriptors the process sandbox would let it inherit. The launcher's peer credentials name its
pid on this host, whose ``/proc/<pid>/cgroup`` is the container's cgroup: the CPU-time bound,
the thread list, the memory peak, the OOM kill and the kill-everything of the process sandbox
read and act on it (``ContainerCgroup``). Where this process cannot see the container's pids (a
supervisor in another pid namespace) the engine kills and reports instead (``docker kill``,
``docker inspect``). Every container is removed (``docker rm -f``) when its process is reaped.
"""

from __future__ import annotations

import array
import os
import shutil
import socket
import struct
import subprocess
import threading
import time
import uuid
from pathlib import Path

from .. import cgroups
from ..cgroups import JobCgroup
from ..handle import SandboxProcess, output_streams
from ..memwatch import MemoryWatch
from ..types import SandboxError, SandboxRequest
from .docker import container_user, docker_run_argv, launch_config

DOCKER_TIMEOUT_S = 60.0
ATTACH_WAIT_S = 120.0  # a container's start on a loaded host


def _docker() -> str:
    exe = shutil.which("docker")
    if exe is None:
        raise SandboxError("KERNELJUDGE_SANDBOX=docker but no docker command on PATH")
    return exe


def _engine(*args: str, timeout: float = DOCKER_TIMEOUT_S) -> subprocess.CompletedProcess:
    return subprocess.run(
        [_docker(), *args], capture_output=True, text=True, timeout=timeout, check=False
    )


class ContainerCgroup(JobCgroup):
    """The cgroup the engine made for one container, read like a job cgroup once its first
    process is known (``attach``); ``cleanup`` removes the container itself."""

    def __init__(self, container: str) -> None:
        super().__init__()
        self.container = container
        self._oom: bool | None = None
        self.attached = threading.Event()

    def attach(self, pid: int) -> None:
        """Find the container's cgroup from one of its processes (a host pid)."""
        try:
            lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
        except OSError:
            return
        for line in lines:
            _, ctrls, path = line.split(":", 2)
            for ctrl in ctrls.split(",") if ctrls else ["unified"]:
                if ctrl in ("memory", "pids", "cpuacct", "unified"):
                    d = cgroups.ROOT / ("" if ctrl == "unified" else ctrl) / path.lstrip("/")
                    if d.is_dir() and d != cgroups.ROOT:
                        self.dirs[ctrl] = d
        if self.dirs:
            self.name = next(iter(self.dirs.values())).name
            cgroups.CREATED[self.name] = list(self.dirs.values())
            self.available = True
            self.memory_limited = "memory" in self.dirs or "unified" in self.dirs
            self.pids_limited = "pids" in self.dirs or "unified" in self.dirs

    @property
    def accounts_cpu(self) -> bool:
        self.attached.wait(ATTACH_WAIT_S)  # the container's first process names its cgroup
        return super().accounts_cpu

    def kill_all(self) -> None:
        if self.dirs:
            super().kill_all()
        if not self.dirs or self.pids():  # not ours to see, or not ours to kill
            _engine("kill", self.container)

    def oom_killed(self) -> bool:
        if self._oom is None:
            d = self.dirs.get("memory") or self.dirs.get("unified")
            if d is not None and d.is_dir():
                return super().oom_killed()
            got = _engine(
                "inspect", "--format", "{{.State.Running}} {{.State.OOMKilled}}", self.container
            ).stdout.split()
            if got[:1] == ["true"]:
                return got[1:] == ["true"]
            self._oom = got[1:] == ["true"]  # final once the container has stopped
        return self._oom

    def cleanup(self) -> None:
        if self._oom is None:
            self.oom_killed()
        _engine("rm", "--force", "--volumes", self.container)
        for d in list(self.dirs.values()):
            for _ in range(100):  # the engine removes it once the last task is gone
                if not d.exists():
                    break
                time.sleep(0.02)
        self.dirs.clear()


def _peer(conn: socket.socket) -> tuple[int, int]:
    pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
    return pid, uid


def _hand_over(
    listener: socket.socket,
    path: str,
    fds: list[int],
    proc: SandboxProcess,
    cg: ContainerCgroup,
    deadline: float,
) -> None:
    """Wait for the launcher, send it ``fds``, learn its pid, say go; then close our copies."""
    want_uid = container_user()[0]
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            with conn:
                pid, uid = _peer(conn)
                if uid != want_uid:
                    continue  # not the container's launcher
                rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))]
                conn.sendmsg([b"F"], rights if fds else [])
                if pid > 0:
                    cg.attach(pid)
                    lim = proc.req.limits.memory_bytes
                    if lim and cg.available:
                        proc._memwatch = MemoryWatch(pid, lim, proc.kill).start()
                conn.sendall(b"G")
                return
    except OSError:
        pass
    finally:
        cg.attached.set()
        listener.close()
        for fd in fds:
            os.close(fd)
        try:
            os.unlink(path)
        except OSError:
            pass


def _listen(workdir: Path) -> tuple[socket.socket, str]:
    path = str(workdir / f".kj-launch-{uuid.uuid4().hex[:8]}.sock")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    uid, gid = container_user()
    if os.geteuid() == 0:
        os.chown(path, uid, gid)
    os.chmod(path, 0o600)
    s.listen(1)
    s.settimeout(0.2)
    return s, path


def spawn_container(
    req: SandboxRequest, env: dict[str, str], rlimits: list[tuple[int, int]]
) -> SandboxProcess:
    """Start the request in a new container; return its handle at once (see the module)."""
    name = f"kj-job-{uuid.uuid4().hex[:16]}"
    targets: list[int] = list(req.pass_fds)
    sources: list[int] = list(req.pass_fds)
    out, err, log_fd = output_streams(req)
    to_close: list[int] = [] if log_fd is None else [log_fd]
    for target, stream in ((1, out), (2, err)):
        if isinstance(stream, int) and stream >= 0:  # a descriptor of ours: handed in
            targets.append(target)
            sources.append(stream)
    cli_out = subprocess.PIPE if out == subprocess.PIPE else subprocess.DEVNULL
    cli_err = subprocess.PIPE if err == subprocess.PIPE else subprocess.DEVNULL
    dups = [os.dup(fd) for fd in sources]
    listener, path = _listen(req.workdir)
    cg = ContainerCgroup(name)
    proc = SandboxProcess(req, "docker", cgroup=cg)
    try:
        argv = docker_run_argv(
            req,
            env,
            stdin=req.stdin == subprocess.PIPE,
            name=name,
            launch=launch_config(req, rlimits, path, targets, env),
        )
        argv[0] = _docker()
        proc.start(argv, stdin=req.stdin, stdout=cli_out, stderr=cli_err, cwd="/")
    except BaseException:
        listener.close()
        os.unlink(path)
        for fd in dups:
            os.close(fd)
        raise
    finally:
        for fd in to_close:
            os.close(fd)
    wall = req.limits.wall_s or 3600.0
    threading.Thread(
        target=_hand_over,
        args=(listener, path, dups, proc, cg, time.monotonic() + wall),
        name="kj-docker-launch",
        daemon=True,
    ).start()
    proc.arm()
    return proc
