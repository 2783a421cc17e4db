"""What a caller asks of the sandbox and what it gets back (plain dataclasses, no I/O)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path


class SandboxError(RuntimeError):
    """The sandbox could not be set up as asked (never raised for what the child does)."""


@dataclass
class SandboxLimits:
    wall_s: float | None = 60.0  # whole-sandbox wall clock; None: caller kills
    cpu_s: int | None = None  # RLIMIT_CPU; default ceil(wall_s) + 1
    memory_bytes: int = 4 << 30  # cgroup memory cap (and RLIMIT_AS for non-GPU jobs)
    address_space: bool | None = None  # RLIMIT_AS: None = only when not gpu
    nproc: int = 128  # pids cgroup (threads count) and RLIMIT_NPROC
    fsize_bytes: int = 256 << 20  # RLIMIT_FSIZE: biggest file the job may write
    nofile: int = 512  # RLIMIT_NOFILE
    stdout_bytes: int = 1 << 20  # cap used by run() and by the supervisor's reader
    stderr_bytes: int = 1 << 20
    kill_on_output_overflow: bool = True
    # niceness added to the process (background work, e.g. nvcc: on a busy judge host the
    # processes that hold the GPU's benchmark lock get the cores first)
    nice: int = 0
    wall_time_s: float | None = None  # alias of wall_s (wins when set)

    def __post_init__(self) -> None:
        if self.wall_time_s is not None:
            self.wall_s = self.wall_time_s


@dataclass
class SandboxRequest:
    argv: list[str]
    workdir: Path
    gpu: bool = False
    env: dict[str, str] = field(default_factory=dict)
    limits: SandboxLimits = field(default_factory=SandboxLimits)
    ro_binds: list[Path] = field(default_factory=list)
    pass_fds: tuple[int, ...] = ()
    cwd: Path | None = None  # default: workdir
    backend: str | None = None  # default: $KERNELJUDGE_SANDBOX or auto
    python: bool = True  # make the interpreter + venv visible (read-only)
    gpu_devices: list[str] | None = None  # /dev nodes for GPU jobs; default /dev/nvidia*
    # stdio: subprocess.PIPE / DEVNULL / an fd. Default: nothing in, output to log_path
    # (appended; its size is capped by RLIMIT_FSIZE) or discarded. run() uses capped pipes.
    stdin: int | None = subprocess.DEVNULL
    stdout: int | None = subprocess.DEVNULL
    stderr: int | None = subprocess.DEVNULL
    log_path: Path | None = None
    # A command put in front of argv inside the sandbox, e.g. a profiler
    # (["ncu", "--target-processes", "all", "-o", "report"]): it runs under every protection
    # argv would (uid, namespaces, seccomp, cgroup, rlimits, wall clock) and argv runs as its
    # child. Its program must be visible inside: under /usr, or its directory in ro_binds.
    wrap: list[str] = field(default_factory=list)
    # The seccomp filter also allows AF_INET/AF_INET6 sockets (seccomp.build_filter): only for
    # a profiler's wrap, whose front end talks to the profiled process over the loopback (the
    # network namespace holds nothing else)
    loopback_sockets: bool = False

    def command(self) -> list[str]:
        """What is executed inside the sandbox: ``wrap + argv``."""
        return [*self.wrap, *self.argv]


@dataclass
class SandboxOutcome:
    returncode: int | None
    signal: int | None
    timed_out: bool
    stdout: bytes
    stderr: bytes
    stdout_truncated: bool
    stderr_truncated: bool
    output_limit_exceeded: bool
    wall_s: float
    memory_exceeded: bool
    peak_memory_bytes: int | None
    backend: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out


@dataclass
class BackendCommand:
    """How a namespace backend starts the request: the host-side argv, the environment of
    that host-side process, and descriptors it must inherit (closed by the caller after the
    start)."""

    argv: list[str]
    env: dict[str, str]
    keep_fds: list[int] = field(default_factory=list)
