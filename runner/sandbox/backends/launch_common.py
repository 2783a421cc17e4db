"""What the in-sandbox launchers share (``unshare_launch.py``, ``docker_launch.py``): stdlib only,
importable both from the package and beside a launcher run as a script (``python -I -S``).
"""

from __future__ import annotations

import ctypes
import os
import signal

_libc = ctypes.CDLL(None, use_errno=True)


def check(rc: int, what: str) -> None:
    """An ``OSError`` with errno's text when a libc call returned non-zero."""
    if rc != 0:
        e = ctypes.get_errno()
        raise OSError(e, f"{what}: {os.strerror(e)}")


def install_seccomp(program: bytes) -> None:
    """``no_new_privs``, then the BPF ``program`` (8-byte instructions) as this thread's filter."""

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    check(_libc.prctl(38, 1, 0, 0, 0), "PR_SET_NO_NEW_PRIVS")
    buf = ctypes.create_string_buffer(program, len(program))
    fprog = SockFprog(len(program) // 8, ctypes.cast(buf, ctypes.c_void_p))
    check(_libc.prctl(22, 2, ctypes.byref(fprog), 0, 0), "PR_SET_SECCOMP")


def reap(pid: int) -> int:
    """As PID 1: pass a termination signal on to ``pid``'s group as SIGKILL, reap every orphan,
    and return once ``pid`` is done with its exit status (128 + the signal that killed it)."""
    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, lambda *_: os.kill(-pid, signal.SIGKILL))
    status = 0
    while True:
        try:
            got, st = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if got == pid:
            status = st
            break
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)
