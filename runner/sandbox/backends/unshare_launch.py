"""In-namespace launcher for the ``unshare`` backend (stdlib only, run as a script).

The supervisor runs, as root::

    unshare --mount --net --pid --ipc --uts --fork --kill-child --propagation private -- \\
        PYTHON -I -S .../runner/sandbox/backends/unshare_launch.py CONFIG_JSON

so this process is PID 1 of a fresh pid namespace, alone in an empty network namespace, with
a private mount namespace. It builds a new root on a tmpfs (read-only binds of the system and
the caller's ``ro_binds``, the job dir read-write, a fresh /proc, a minimal /dev, a synthetic
/etc), pivots into it, then forks the target: the target drops to the unprivileged uid, gets
``no_new_privs`` + the seccomp filter, and execs. PID 1 stays behind as a reaper and exits with
the target's status (128+signal when killed); when PID 1 dies the kernel kills the namespace.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys

if __package__:
    from . import launch_common
else:  # run as a script (python -I -S): the sibling file beside this one, stdlib only
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import launch_common

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
MNT_DETACH = 2

_libc = ctypes.CDLL(None, use_errno=True)


def mount(src, dst, fstype, flags, data=None):
    launch_common.check(
        _libc.mount(
            src.encode() if src else None,
            dst.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            data.encode() if data else None,
        ),
        f"mount {src} -> {dst}",
    )


def bind(src: str, dst: str, ro: bool, dev: bool = False) -> None:
    mount(src, dst, None, MS_BIND | MS_REC)
    flags = MS_REMOUNT | MS_BIND | MS_NOSUID | (MS_RDONLY if ro else 0) | (0 if dev else MS_NODEV)
    mount(None, dst, None, flags)


def _mkdirs(path: str) -> None:
    """Parents of mount points: traversable but not listable (0711), like bwrap's."""
    missing = []
    p = path
    while p not in ("", "/") and not os.path.exists(p):
        missing.append(p)
        p = os.path.dirname(p)
    for d in reversed(missing):
        os.mkdir(d)
        os.chmod(d, 0o711)


def _target(newroot: str, dst: str) -> str:
    return os.path.join(newroot, dst.lstrip("/"))


def setup_root(cfg: dict) -> None:
    newroot = cfg["scratch"]
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    mount("tmpfs", newroot, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=16m")
    for src, dst, kind in cfg["binds"]:  # kind: ro | rw | dev
        t = _target(newroot, dst)
        if os.path.isdir(src):
            _mkdirs(t)
        else:
            _mkdirs(os.path.dirname(t))
            open(t, "a").close()
        bind(src, t, ro=(kind == "ro"), dev=(kind == "dev"))
    for link, target in cfg["symlinks"]:
        t = _target(newroot, link)
        _mkdirs(os.path.dirname(t))
        os.symlink(target, t)
    for path, content in cfg["files"]:
        t = _target(newroot, path)
        _mkdirs(os.path.dirname(t))
        with open(t, "w") as f:
            f.write(content)
        os.chmod(t, 0o644)
    _mkdirs(_target(newroot, "/proc"))
    mount("proc", _target(newroot, "/proc"), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    old = _target(newroot, ".oldroot")
    _mkdirs(old)
    os.chdir(newroot)
    launch_common.check(
        _libc.syscall(155 if os.uname().machine == "x86_64" else 41, b".", b".oldroot"),
        "pivot_root",
    )
    os.chroot(".")
    launch_common.check(_libc.umount2(b"/.oldroot", MNT_DETACH), "umount old root")
    os.rmdir("/.oldroot")
    mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def loopback_up() -> None:
    """Bring ``lo`` up in the new network namespace (unshare leaves it down; bwrap brings it
    up itself): only for a profiler's wrap, which talks to its target over the loopback."""
    import fcntl  # noqa: PLC0415
    import socket  # noqa: PLC0415
    import struct  # noqa: PLC0415

    siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        req = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(s.fileno(), siocgifflags, req))[1]
        fcntl.ioctl(s.fileno(), siocsifflags, struct.pack("16sH14x", b"lo", flags | iff_up))


def run_target(cfg: dict) -> None:
    os.setsid()
    for cap in range(64):  # empty the bounding set while we still hold CAP_SETPCAP
        if _libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            break
    os.setgroups([])
    os.setgid(cfg["gid"])
    os.setuid(cfg["uid"])
    os.chdir(cfg["cwd"])
    if cfg.get("seccomp") is not None:
        launch_common.install_seccomp(bytes.fromhex(cfg["seccomp"]))
    os.execve(cfg["argv"][0], cfg["argv"], cfg["env"])


def main() -> int:
    cfg = json.loads(sys.argv[1])
    try:
        setup_root(cfg)
        if cfg.get("loopback"):
            loopback_up()
    except OSError as e:
        print(f"sandbox launch failed: {e}", file=sys.stderr)
        return 125
    pid = os.fork()
    if pid == 0:
        try:
            run_target(cfg)
        except OSError as e:
            os.write(2, f"sandbox exec failed: {e}\n".encode())
            os._exit(127)
    return launch_common.reap(pid)


if __name__ == "__main__":
    sys.exit(main())
