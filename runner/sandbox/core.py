"""Sandbox requests, the process wrapper and the backends (bwrap, unshare, none, docker)."""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import seccomp
from .cgroups import JobCgroup

UID_SLOTS = 4096
UID_BASE = 200_000


def _claim_uid_slot() -> int:
    """An unprivileged uid that no other live supervisor on this host is using.

    RLIMIT_NPROC counts every process and thread of a uid on the whole host, so sandboxes
    that shared one uid would share one process budget: several judges side by side (one
    worker per GPU) would make each other's thread creation fail, and one fork bomb would
    starve its neighbours. Each supervisor process therefore holds an flock on a slot file
    for its lifetime; slot 0 is the traditional 65534 (nobody), slot k is 200000 + k.
    """
    import fcntl
    import tempfile

    lock_dir = Path(tempfile.gettempdir()) / "kerneljudge-uid-slots"
    try:
        lock_dir.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return 65534
    for slot in range(UID_SLOTS):
        try:
            fd = os.open(lock_dir / str(slot), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return 65534
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue
        _UID_LOCKS.append(fd)  # held until this process exits; os.open fds are not inherited
        return 65534 if slot == 0 else UID_BASE + slot
    return 65534


_UID_LOCKS: list[int] = []
SANDBOX_UID = _claim_uid_slot()
SANDBOX_GID = SANDBOX_UID
BACKENDS = ("bwrap", "unshare", "docker", "none")
ENV_SETTING = "KERNELJUDGE_SANDBOX"

# Names that must never reach untrusted code, even if a caller passes them by mistake.
FORBIDDEN_ENV_PREFIXES = ("DJANGO_", "CELERY_", "AWS_", "KERNELJUDGE_SECRET")
FORBIDDEN_ENV_NAMES = {
    "SECRET_KEY",
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "BROKER_URL",
    "PGPASSWORD",
    "POSTGRES_PASSWORD",
    "SSH_AUTH_SOCK",
}
FORBIDDEN_ENV_MARKERS = ("PASSWORD", "TOKEN", "SECRET")

SYNTH_PASSWD = (
    f"sandbox:x:{SANDBOX_UID}:{SANDBOX_GID}:KernelJudge sandbox:/nonexistent:/usr/sbin/nologin\n"
)
SYNTH_GROUP = f"sandbox:x:{SANDBOX_GID}:\n"
SYNTH_HOSTS = "127.0.0.1 localhost\n"
ETC_RO = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    "/etc/nsswitch.conf",
)
DEV_NODES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")
SANDBOX_PATH = "/usr/local/cuda/bin:/usr/local/bin:/usr/bin:/bin"


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


# ----------------------------------------------------------------------------------------
# backend choice


@lru_cache(maxsize=1)
def _bwrap_works() -> tuple[bool, str]:
    exe = shutil.which("bwrap")
    if not exe:
        return False, "bwrap not installed (apt-get install bubblewrap)"
    try:
        r = subprocess.run(
            [
                exe,
                "--unshare-net",
                "--unshare-pid",
                "--ro-bind",
                "/",
                "/",
                "--proc",
                "/proc",
                "--",
                "/bin/true",
            ],
            capture_output=True,
            timeout=20,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"bwrap failed to start: {e}"
    if r.returncode != 0:
        return False, "bwrap cannot create namespaces here: " + r.stderr.decode(errors="replace")[
            :200
        ]
    return True, exe


@lru_cache(maxsize=1)
def _unshare_works() -> tuple[bool, str]:
    exe = shutil.which("unshare")
    if not exe:
        return False, "unshare(1) not installed"
    if os.geteuid() != 0:
        return False, "the unshare fallback needs root (to mount and drop to an unprivileged uid)"
    try:
        r = subprocess.run(
            [exe, "--mount", "--net", "--pid", "--ipc", "--uts", "--fork", "--", "/bin/true"],
            capture_output=True,
            timeout=20,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"unshare failed: {e}"
    if r.returncode != 0:
        return False, "unshare cannot create namespaces: " + r.stderr.decode(errors="replace")[:200]
    return True, exe


def choose_backend(requested: str | None = None) -> str:
    """The backend a request gets: explicit > $KERNELJUDGE_SANDBOX > bwrap > unshare."""
    name = (requested or os.environ.get(ENV_SETTING, "") or "auto").strip().lower()
    if name in ("docker", "none"):
        return name
    if name == "bwrap":
        ok, why = _bwrap_works()
        if not ok:
            raise SandboxError(f"{ENV_SETTING}=bwrap but {why}")
        return name
    if name == "unshare":
        ok, why = _unshare_works()
        if not ok:
            raise SandboxError(f"{ENV_SETTING}=unshare but {why}")
        return name
    if name != "auto":
        raise SandboxError(f"{ENV_SETTING}={name!r}: expected one of {', '.join(BACKENDS)}")
    if _bwrap_works()[0]:
        return "bwrap"
    if _unshare_works()[0]:
        return "unshare"
    raise SandboxError(
        "no process sandbox available: "
        + _bwrap_works()[1]
        + "; "
        + _unshare_works()[1]
        + f" (set {ENV_SETTING}=none for unsafe dev use)"
    )


# ----------------------------------------------------------------------------------------
# what goes inside


def scrub_env(extra: dict[str, str], workdir: Path) -> dict[str, str]:
    env = {
        "PATH": SANDBOX_PATH,
        "HOME": str(workdir),
        "TMPDIR": str(workdir),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
    }
    for k, v in (extra or {}).items():
        ku = k.upper()
        if (
            ku in FORBIDDEN_ENV_NAMES
            or ku.startswith(FORBIDDEN_ENV_PREFIXES)
            or any(m in ku for m in FORBIDDEN_ENV_MARKERS)
        ):
            raise SandboxError(f"refusing to pass {k} into the sandbox")
        env[k] = str(v)
    env["HOME"] = env["TMPDIR"] = str(workdir)  # the only writable place
    return env


def python_paths() -> list[Path]:
    """The interpreter prefix, the venv and its site-packages (all read-only inside)."""
    out: list[Path] = []
    for p in (sys.base_prefix, sys.prefix, *_site_dirs()):
        if not p:
            continue
        pp = Path(p).resolve()
        if pp.exists() and not any(pp == q or q in pp.parents for q in out):
            if str(pp).startswith(("/usr/", "/lib")) and str(pp) != "/usr":
                continue  # already under /usr
            out.append(pp)
    exe = Path(sys.executable)  # a venv's bin/python is a symlink into base_prefix
    if exe.parent.parent.resolve() not in out and not str(exe).startswith("/usr/"):
        out.append(exe.parent.parent.resolve())
    return out


def _site_dirs() -> list[str]:
    import site

    try:
        return [*site.getsitepackages()]
    except AttributeError:
        return []


def gpu_device_nodes() -> list[str]:
    dev = Path("/dev")
    return sorted(str(p) for p in dev.glob("nvidia*"))


@dataclass
class Plan:
    ro: list[str]
    rw: list[str]
    dev: list[str]
    symlinks: list[tuple[str, str]]
    files: list[tuple[str, str]]


def mount_plan(req: SandboxRequest) -> Plan:
    ro: list[str] = []
    symlinks: list[tuple[str, str]] = []
    ro.append("/usr")
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        p = Path(top)
        if p.is_symlink():
            symlinks.append((top, os.readlink(top)))
        elif p.is_dir():
            ro.append(top)
    ro += [p for p in ETC_RO if os.path.exists(p)]
    if req.python:
        ro += [str(p) for p in python_paths()]
    ro.append("/sys/devices/system/cpu")
    if req.gpu:
        ro.append("/sys")  # the NVIDIA driver and NVML read PCI topology
    for b in req.ro_binds:
        ro.append(str(Path(b).resolve()))
    ro = [p for p in dict.fromkeys(ro) if os.path.exists(p)]
    dev = list(
        req.gpu_devices if req.gpu_devices is not None else (gpu_device_nodes() if req.gpu else [])
    )
    files = [
        ("/etc/passwd", SYNTH_PASSWD),
        ("/etc/group", SYNTH_GROUP),
        ("/etc/hosts", SYNTH_HOSTS),
        ("/etc/hostname", "sandbox\n"),
    ]
    return Plan(
        ro=ro, rw=[str(Path(req.workdir).resolve())], dev=dev, symlinks=symlinks, files=files
    )


def _parents(path: str) -> list[str]:
    out = []
    p = Path(path).parent
    while str(p) != "/":
        out.append(str(p))
        p = p.parent
    return out[::-1]


def bwrap_argv(
    req: SandboxRequest,
    plan: Plan,
    env: dict[str, str],
    seccomp_fd: int | None,
    file_fds: list[int],
) -> list[str]:
    ok, exe = _bwrap_works()
    root = os.geteuid() == 0
    a = [
        exe,
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
        "--hostname",
        "sandbox",
        "--clearenv",
    ]
    if root:
        # bwrap stays real root (no user namespace) so that it can bind paths only root can
        # traverse (the pyenv interpreter under /root), then setpriv drops to SANDBOX_UID for real.
        a += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP"]
    else:
        a += [
            "--unshare-user",
            "--disable-userns",
            "--uid",
            str(SANDBOX_UID),
            "--gid",
            str(SANDBOX_GID),
        ]
    made: set[str] = set()

    def dirs_for(dst: str) -> None:
        for d in _parents(dst):
            if d not in made and not any(d == s for s, _ in plan.symlinks):
                made.add(d)
                a.extend(["--perms", "0711", "--dir", d])  # traversable, not listable

    for link, target in plan.symlinks:
        a += ["--symlink", target, link]
    for p in plan.ro:
        dirs_for(p)
        a += ["--ro-bind", p, p]
    a += ["--proc", "/proc", "--dev", "/dev"]
    for d in plan.dev:
        a += ["--dev-bind", d, d]
    for fd, (path, _content) in zip(file_fds, plan.files, strict=True):
        a += ["--perms", "0644", "--file", str(fd), path]
    for p in plan.rw:
        dirs_for(p)
        a += ["--bind", p, p]
    a += ["--remount-ro", "/"]
    if seccomp_fd is not None:
        a += ["--seccomp", str(seccomp_fd)]
    for k, v in env.items():
        a += ["--setenv", k, v]
    a += ["--chdir", str(req.cwd or req.workdir)]
    a.append("--")
    if root:
        a += [
            shutil.which("setpriv") or "/usr/bin/setpriv",
            "--reuid",
            str(SANDBOX_UID),
            "--regid",
            str(SANDBOX_GID),
            "--clear-groups",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--no-new-privs",
            "--",
        ]
    return a + list(req.argv)


def unshare_argv(req: SandboxRequest, plan: Plan, env: dict[str, str]) -> list[str]:
    import json

    ok, exe = _unshare_works()
    scratch = next(
        (
            d
            for d in ("/mnt", "/srv", "/opt", "/media", "/boot")
            if os.path.isdir(d)
            and not any(p == d or p.startswith(d + "/") for p in plan.ro + plan.rw)
        ),
        None,
    )
    if scratch is None:
        raise SandboxError("unshare backend: no empty mount point for the new root")
    binds = [(p, p, "ro") for p in plan.ro] + [
        (d, d, "dev") for d in DEV_NODES + tuple(plan.dev) if os.path.exists(d)
    ]
    binds += [(p, p, "rw") for p in plan.rw]
    argv0 = req.argv[0]
    if "/" not in argv0:
        for d in SANDBOX_PATH.split(":"):
            if os.access(os.path.join(d, argv0), os.X_OK):
                argv0 = os.path.join(d, argv0)
                break
    cfg = {
        "scratch": scratch,
        "binds": binds,
        "symlinks": plan.symlinks,
        "files": plan.files,
        "uid": SANDBOX_UID,
        "gid": SANDBOX_GID,
        "cwd": str(req.cwd or req.workdir),
        "argv": [argv0, *req.argv[1:]],
        "env": env,
        "seccomp": seccomp.build_filter().hex() if seccomp.supported()[0] else None,
    }
    launcher = Path(__file__).with_name("launch.py")
    return [
        exe,
        "--mount",
        "--net",
        "--pid",
        "--ipc",
        "--uts",
        "--fork",
        "--kill-child",
        "--propagation",
        "private",
        "--",
        sys.executable,
        "-I",
        "-S",
        str(launcher),
        json.dumps(cfg),
    ]


# ----------------------------------------------------------------------------------------
# the process


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


class SandboxProcess:
    """Popen-like handle on a sandboxed process tree. ``kill()`` kills all of it."""

    def __init__(self, req: SandboxRequest, backend: str) -> None:
        self.req = req
        self.backend = backend
        self.timed_out = False
        self.started = time.monotonic()
        self.ended: float | None = None
        self._cg: JobCgroup | None = None
        self._closed = False
        self._lock = threading.Lock()
        self._popen: subprocess.Popen | None = None
        self._timer: threading.Timer | None = None

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
        if self.backend in ("bwrap", "unshare") and rc > 128:
            return -(rc - 128)  # the reaper reports a killed child as 128 + signal
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

    def _on_wall(self) -> None:
        if self._popen.poll() is None:
            self.timed_out = True
            self.kill()

    @property
    def memory_exceeded(self) -> bool:
        return bool(self._cg and self._cg.oom_killed())

    oom_killed = memory_exceeded

    @property
    def peak_memory_bytes(self) -> int | None:
        return self._cg.peak_memory() if self._cg else None

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


def _prepare_workdir(workdir: Path) -> None:
    workdir.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        os.chown(workdir, SANDBOX_UID, SANDBOX_GID)
        os.chmod(workdir, 0o755)


def spawn(req: SandboxRequest) -> SandboxProcess:
    """Start ``req.argv`` in the sandbox and return at once (see the package docstring)."""
    backend = choose_backend(req.backend)
    req.workdir = Path(req.workdir).resolve()
    env = scrub_env(req.env, req.workdir)
    if backend == "docker":
        from .docker import docker_run_argv

        if req.pass_fds:
            raise SandboxError("pass_fds cannot cross into a container; use stdin/stdout")
        argv = docker_run_argv(req, env)
        proc = SandboxProcess(req, backend)
        proc._popen = subprocess.Popen(
            argv, stdin=req.stdin, stdout=req.stdout, stderr=req.stderr, start_new_session=True
        )
        _arm(proc)
        return proc
    if backend == "none":
        warnings.warn(
            "KERNELJUDGE_SANDBOX=none: untrusted code runs UNSANDBOXED (dev only)", stacklevel=2
        )
        print(
            "WARNING: sandbox backend 'none' - untrusted code runs with the supervisor's "
            "rights (dev only)",
            file=sys.stderr,
        )
    _prepare_workdir(req.workdir)
    plan = mount_plan(req)
    cg = JobCgroup.create(req.limits.memory_bytes, req.limits.nproc)
    if not cg.available:
        cg = None
    limits = _rlimits(req.limits, req.gpu, req.python)
    keep_fds: list[int] = []
    to_close: list[int] = []
    if backend == "bwrap":
        sfd = None
        if seccomp.supported()[0]:
            sfd = _data_fd(seccomp.build_filter())
            keep_fds.append(sfd)
        file_fds = [_data_fd(c.encode()) for _, c in plan.files]
        keep_fds += file_fds
        argv = bwrap_argv(req, plan, env, sfd, file_fds)
        popen_env = {"PATH": SANDBOX_PATH}
    elif backend == "unshare":
        argv = unshare_argv(req, plan, env)
        popen_env = {"PATH": SANDBOX_PATH}
    else:  # none
        argv, popen_env = list(req.argv), env
    to_close += keep_fds
    procs_files = cg.procs_files() if cg else []

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

    proc = SandboxProcess(req, backend)
    proc._cg = cg
    out, err = req.stdout, req.stderr
    if req.log_path is not None:
        log_fd = os.open(
            req.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o644
        )
        to_close.append(log_fd)
        out = log_fd if out in (None, subprocess.DEVNULL) else out
        err = log_fd if err in (None, subprocess.DEVNULL) else err
    try:
        proc._popen = subprocess.Popen(
            argv,
            stdin=req.stdin,
            stdout=out,
            stderr=err,
            pass_fds=tuple(req.pass_fds) + tuple(keep_fds),
            env=popen_env,
            cwd=str(req.cwd or req.workdir) if backend == "none" else "/",
            start_new_session=True,
            preexec_fn=preexec,
        )
    except BaseException:
        if cg:
            cg.cleanup()
        raise
    finally:
        for fd in to_close:
            os.close(fd)
    _arm(proc)
    return proc


def _arm(proc: SandboxProcess) -> None:
    w = proc.req.limits.wall_s
    if w:
        proc._timer = threading.Timer(w, proc._on_wall)
        proc._timer.daemon = True
        proc._timer.start()


def _data_fd(data: bytes) -> int:
    """A readable fd holding ``data`` (memfd; a pipe where memfd is missing)."""
    try:
        fd = os.memfd_create("kj-sandbox", 0)
        os.write(fd, data)
        os.lseek(fd, 0, os.SEEK_SET)
        return fd
    except (AttributeError, OSError):
        r, w = os.pipe()
        os.write(w, data)
        os.close(w)
        return r


# ----------------------------------------------------------------------------------------
# convenience


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
        if proc._popen.poll() is None:
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
            import stat

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
