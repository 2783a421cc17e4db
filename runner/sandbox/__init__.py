"""Process sandbox for untrusted code: the child that runs a submission, and nvcc.

One call does it::

    from runner.sandbox import SandboxRequest, SandboxLimits, spawn, run

(a) compile with nvcc (CPU only; /usr, so /usr/local/cuda*, is visible read-only)::

    out = run(SandboxRequest(
        argv=["nvcc", "-O3", "-arch=sm_90", "-shared", "-Xcompiler", "-fPIC",
              "solution.cu", "-o", "solution.so"],
        workdir=job_dir,                       # the ONLY writable place; cwd and HOME/TMPDIR
        python=False,                          # nvcc needs no interpreter
        limits=SandboxLimits(wall_s=60, memory_bytes=4 << 30, stdout_bytes=64 << 10,
                             stderr_bytes=64 << 10)))
    out.returncode, out.timed_out, out.stderr (capped, see out.stderr_truncated)

(b) the untrusted child (the interpreter + venv are bound read-only automatically)::

    proc = spawn(SandboxRequest(
        argv=[sys.executable, "-m", "runner.child.torch_child", ...],
        workdir=job_dir, gpu=(device == "cuda"),
        env={"PYTHONPATH": str(repo_root)},    # secrets are refused, not passed
        ro_binds=[repo_root / "runner"],       # only the runner package of the project tree
        pass_fds=(chan_r, chan_w),             # your pipes survive into the child
        limits=SandboxLimits(wall_s=job_wall_s, memory_bytes=8 << 30)))
    ... talk over the pipes / proc.stdin / proc.stdout ...
    proc.wait(timeout) ; proc.kill()           # kill() takes the whole tree down
    proc.timed_out, proc.memory_exceeded, proc.returncode (negative = signal)

Every path is mounted at the same path inside as outside, so argv needs no translation.
Inside: an unprivileged uid/gid of its own (65534 or 200000+k, one per live supervisor), empty network namespace, own pid/ipc/uts/mount namespaces, read-only
root (the job dir is the only writable mount), no /root, no host /tmp, no project files except
``ro_binds``, synthetic /etc/passwd, ``/dev/nvidia*`` and /sys only when ``gpu=True``, rlimits
(CORE=0, FSIZE, NOFILE, NPROC, CPU; AS only for non-GPU jobs), a per-job memory+pids cgroup
when the host allows, a seccomp deny-list, a wall-clock kill and a scrubbed environment.

Backend: ``$KERNELJUDGE_SANDBOX`` = ``bwrap`` | ``unshare`` | ``docker`` | ``none`` (default:
bwrap when it works, else the unshare fallback). ``none`` is for explicit dev use only and is
reported loudly. ``active_protections(gpu)`` / ``python -m runner doctor`` say what is on.
Read files the child wrote with ``safe_read(workdir, name)`` (no symlink tricks).

Layout: ``types`` (request, limits, outcome), ``env`` (the sandbox uid, the scrubbed
environment), ``mounts`` (what is visible inside), ``backends/`` (``bwrap``, ``unshare`` with
its in-namespace ``unshare_launch.py``, ``docker`` with ``docker_launch.py``, ``none``, what the two
launchers share in ``launch_common.py``, and the choice between them),
``start`` (``spawn``/``run``: cgroup, rlimits, wall clock), ``handle`` (the process handle,
``safe_read``), ``cgroups``, ``seccomp``, ``protections`` (what this host enforces), and
``process``, the runner's entry point (a plain process group where this package is absent).
"""

from .backends import choose_backend
from .env import SANDBOX_GID, SANDBOX_UID
from .handle import SandboxProcess, safe_read
from .protections import active_protections
from .start import run, spawn
from .types import SandboxError, SandboxLimits, SandboxOutcome, SandboxRequest

__all__ = [
    "SANDBOX_GID",
    "SANDBOX_UID",
    "SandboxError",
    "SandboxLimits",
    "SandboxOutcome",
    "SandboxProcess",
    "SandboxRequest",
    "active_protections",
    "choose_backend",
    "run",
    "safe_read",
    "spawn",
]
