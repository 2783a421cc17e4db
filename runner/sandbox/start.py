"""Starting a request: the backend's command under the job cgroup and rlimits (``spawn``),
or run to completion with capped output (``run``)."""

from __future__ import annotations

import os
import resource
import subprocess
import threading
from pathlib import Path

from . import backends
from .backends.docker_run import spawn_container
from .cgroups import JobCgroup
from .env import SANDBOX_GID, SANDBOX_UID, scrub_env
from .handle import SandboxProcess, output_streams
from .types import SandboxLimits, SandboxOutcome, SandboxRequest

AS_HEADROOM_PY = 16 << 30


def _rlimits(lim: SandboxLimits, gpu: bool, python: bool = True) -> list[tuple[int, int]]:
    cpu = (
        lim.cpu_s
        if lim.cpu_s is not None
        else (int(lim.wall_s) + 1 if lim.wall_s else resource.RLIM_INFINITY)
    )
    out = [
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_FSIZE, lim.fsize_bytes),
        (resource.RLIMIT_NOFILE, lim.nofile),
        (resource.RLIMIT_NPROC, lim.nproc),
        (resource.RLIMIT_CPU, cpu),
    ]
    use_as = lim.address_space if lim.address_space is not None else not gpu
    if use_as:
        # Address space, not memory: a CUDA build of torch maps gigabytes of libraries even
        # for a CPU job, so interpreter jobs get AS_HEADROOM_PY on top of the memory cap (the
        # cgroup is the real cap where the host has one); nvcc gets 1 GiB.
        out.append((resource.RLIMIT_AS, lim.memory_bytes + (AS_HEADROOM_PY if python else 1 << 30)))
    return out


def _prepare_workdir(workdir: Path) -> None:
    workdir.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        os.chown(workdir, SANDBOX_UID, SANDBOX_GID)
        os.chmod(workdir, 0o755)


def spawn(req: SandboxRequest) -> SandboxProcess:
    """Start ``req.command()`` (``req.wrap + req.argv``) in the sandbox and return at once
    (see the package docstring)."""
    backend = backends.choose_backend(req.backend)
    req.workdir = Path(req.workdir).resolve()
    env = scrub_env(req.env, req.workdir)
    _prepare_workdir(req.workdir)
    if backend == "docker":
        return spawn_container(req, env, _rlimits(req.limits, req.gpu, req.python))
    cmd = backends.command(backend, req, env)
    to_close: list[int] = list(cmd.keep_fds)
    try:
        cg = JobCgroup.create(req.limits.memory_bytes, req.limits.nproc)
    except BaseException:
        for fd in to_close:
            os.close(fd)
        raise
    if not cg.available:
        cg = None
    limits = _rlimits(req.limits, req.gpu, req.python)
    procs_files = cg.procs_files() if cg else []
    nice = max(0, req.limits.nice)

    def preexec() -> None:  # runs in the forked child before exec: no allocation-heavy work
        for p in procs_files:
            fd = os.open(p, os.O_WRONLY)
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
        for res, val in limits:
            try:
                resource.setrlimit(res, (val, val))
            except (ValueError, OSError):
                pass
        if nice:
            os.nice(nice)

    proc = SandboxProcess(req, backend, cgroup=cg)
    try:
        out, err, log_fd = output_streams(req)
        if log_fd is not None:
            to_close.append(log_fd)
        proc.start(
            cmd.argv,
            stdin=req.stdin,
            stdout=out,
            stderr=err,
            pass_fds=tuple(req.pass_fds) + tuple(cmd.keep_fds),
            env=cmd.env,
            cwd=str(req.cwd or req.workdir) if backend == "none" else "/",
            preexec_fn=preexec,
        )
    except BaseException:
        if cg:
            cg.cleanup()
        raise
    finally:
        for fd in to_close:
            os.close(fd)
    proc.arm()
    return proc


def _reader(stream, cap: int, buf: bytearray, flags: dict, key: str, on_over) -> None:
    try:
        while True:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            if not chunk:
                break
            room = cap - len(buf)
            if room > 0:
                buf += chunk[:room]
            if len(chunk) > max(room, 0):
                flags[key] = True
                on_over()
    except (OSError, ValueError):
        pass


def run(req: SandboxRequest, input: bytes | None = None) -> SandboxOutcome:
    """Run to completion with the wall-clock limit and capped output."""
    req.stdin = subprocess.PIPE if input is not None else subprocess.DEVNULL
    req.stdout = req.stderr = subprocess.PIPE
    proc = spawn(req)
    out, err = bytearray(), bytearray()
    flags = {"stdout": False, "stderr": False}
    lim = req.limits

    def over() -> None:
        if lim.kill_on_output_overflow:
            proc.kill()

    threads = [
        threading.Thread(
            target=_reader,
            args=(proc.stdout, lim.stdout_bytes, out, flags, "stdout", over),
            daemon=True,
        ),
        threading.Thread(
            target=_reader,
            args=(proc.stderr, lim.stderr_bytes, err, flags, "stderr", over),
            daemon=True,
        ),
    ]
    for t in threads:
        t.start()
    if input is not None:
        try:
            proc.stdin.write(input)
        except (BrokenPipeError, OSError):
            pass
        try:
            proc.stdin.close()
        except OSError:
            pass
    try:
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    for t in threads:
        t.join(5)
    for f in (proc.stdout, proc.stderr):
        try:
            f.close()
        except OSError:
            pass
    rc = proc.returncode
    return SandboxOutcome(
        returncode=rc,
        signal=-rc if rc is not None and rc < 0 else None,
        timed_out=proc.timed_out,
        stdout=bytes(out),
        stderr=bytes(err),
        stdout_truncated=flags["stdout"],
        stderr_truncated=flags["stderr"],
        output_limit_exceeded=flags["stdout"] or flags["stderr"],
        wall_s=proc.wall_s,
        memory_exceeded=proc.memory_exceeded,
        peak_memory_bytes=proc.peak_memory_bytes,
        backend=proc.backend,
    )
