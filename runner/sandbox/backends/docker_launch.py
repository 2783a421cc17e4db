"""Run inside the job's container as its PID 1 (``python -I -S docker_launch.py CONFIG_JSON``),
stdlib only.

Connects to the supervisor's Unix socket in the job folder (``socket``), takes the descriptors
it sends (SCM_RIGHTS) and waits for the supervisor's go. Then it forks: the child puts each
descriptor at the number the request gave it (``fds``: the channel, the log as stdout and
stderr), sets the rlimits of the process sandbox, installs the seccomp deny-list
(``runner/sandbox/seccomp.py``'s program, as hex) and executes ``argv`` with exactly ``env``
(none of the image's variables); this process closes its
copies, makes itself undumpable (its ``/proc`` entries, environment included, are root's, as
bubblewrap's init is), reaps every orphan and leaves with the command's status (128 + signal
when it was killed), which ends the container and everything left in it.
"""

from __future__ import annotations

import array
import ctypes
import fcntl
import json
import os
import resource
import socket
import sys

if __package__:
    from . import launch_common
else:  # run as a script (python -I -S): the sibling file beside this one, stdlib only
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import launch_common

_libc = ctypes.CDLL(None, use_errno=True)


def receive_fds(path: str, count: int) -> list[int]:
    """Connect to ``path``, take ``count`` descriptors and the go byte that follows them."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(path)
        fds = array.array("i")
        msg, anc, _flags, _addr = s.recvmsg(1, socket.CMSG_SPACE(max(1, count) * fds.itemsize))
        for level, kind, data in anc:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(data[: len(data) - (len(data) % fds.itemsize)])
        if msg != b"F" or len(fds) != count:
            raise OSError(f"expected {count} descriptors, got {len(fds)} ({msg!r})")
        if s.recv(1) != b"G":  # the supervisor knows this process: go
            raise OSError("the supervisor did not say go")
        return list(fds)
    finally:
        s.close()


def place_fds(received: list[int], targets: list[int]) -> None:
    """Put ``received[i]`` at descriptor ``targets[i]`` (inheritable), whatever the overlap."""
    high = max([*targets, *received, 2]) + 1
    moved = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, high) for fd in received]
    for fd in received:
        os.close(fd)
    for src, dst in zip(moved, targets, strict=True):
        os.dup2(src, dst, inheritable=True)
    for fd in moved:
        os.close(fd)


def run_target(cfg: dict, received: list[int]) -> None:
    """In the forked child: descriptors, rlimits, niceness, seccomp, then exec."""
    os.setsid()
    place_fds(received, cfg["fds"])
    for res, val in cfg["rlimits"]:
        try:
            resource.setrlimit(res, (val, val))
        except (ValueError, OSError):
            pass
    if cfg.get("nice"):
        os.nice(cfg["nice"])
    if cfg.get("seccomp"):
        launch_common.install_seccomp(bytes.fromhex(cfg["seccomp"]))
    argv = cfg["argv"]
    os.execvpe(argv[0], argv, cfg["env"])


def main() -> int:
    cfg = json.loads(sys.argv[1])
    try:
        received = receive_fds(cfg["socket"], len(cfg["fds"])) if cfg.get("socket") else []
    except OSError as e:
        print(f"sandbox launch failed: {e}", file=sys.stderr)
        return 125
    pid = os.fork()
    if pid == 0:
        try:
            run_target(cfg, received)
        except OSError as e:
            os.write(2, f"sandbox launch failed: {e}\n".encode())
        os._exit(127)
    for fd in received:
        os.close(fd)
    _libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0
    return launch_common.reap(pid)


if __name__ == "__main__":
    sys.exit(main())
