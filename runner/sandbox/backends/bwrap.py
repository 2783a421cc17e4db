"""The bubblewrap backend (the default): bwrap builds the namespaces and the root from the
mount plan and installs the seccomp filter; as root, setpriv then drops to the sandbox uid."""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from .. import seccomp
from ..env import SANDBOX_GID, SANDBOX_PATH, SANDBOX_UID
from ..mounts import Plan
from ..types import BackendCommand, SandboxRequest


@lru_cache(maxsize=1)
def bwrap_works() -> tuple[bool, str]:
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


def command(req: SandboxRequest, plan: Plan, env: dict[str, str]) -> BackendCommand:
    """bwrap's argv; the seccomp program and the synthetic /etc files go in on memfds."""
    keep_fds: list[int] = []
    sfd = None
    if seccomp.supported()[0]:
        sfd = data_fd(seccomp.build_filter(loopback_sockets=req.loopback_sockets))
        keep_fds.append(sfd)
    file_fds = [data_fd(c.encode()) for _, c in plan.files]
    keep_fds += file_fds
    argv = bwrap_argv(req, plan, env, sfd, file_fds)
    return BackendCommand(argv=argv, env={"PATH": SANDBOX_PATH}, keep_fds=keep_fds)


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
    ok, exe = bwrap_works()
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
    return a + req.command()


def data_fd(data: bytes) -> int:
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
