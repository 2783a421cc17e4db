"""A seccomp deny-list written as a classic BPF program, with no libseccomp.

Stdlib only, so that code outside the ``runner`` package could load it; the unshare launcher
(``backends/unshare_launch.py``) gets the program as hex in its config and installs it itself.

``build_filter()`` returns the raw ``struct sock_filter[]`` bytes. bubblewrap takes those
bytes on a file descriptor (``--seccomp FD``); the unshare fallback installs them itself with
``prctl(PR_SET_NO_NEW_PRIVS)`` + ``prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER)`` right before
``execve`` (``install()``).

Policy (default allow, deny what a judged program never needs):

* syscalls that attack other processes or the kernel: ptrace, process_vm_readv/writev,
  pidfd_getfd, kcmp, bpf, perf_event_open, userfaultfd, keyctl/add_key/request_key,
  io_uring_*, kexec_*, (f)init/delete_module, reboot, swapon/off, acct, the clock setters,
  iopl/ioperm, open_by_handle_at, quotactl, vhangup;
* syscalls that rebuild the sandbox: mount, umount2, pivot_root, chroot, unshare, setns,
  the new mount API (fsopen, fsmount, move_mount, open_tree, mount_setattr...);
* ``clone`` with any CLONE_NEW* flag (threads and fork stay allowed) and ``clone3`` (answered
  with ENOSYS so glibc falls back to ``clone``, whose flags we can inspect);
* ``socket`` for every address family except AF_UNIX (no AF_INET/AF_INET6/AF_PACKET/
  AF_NETLINK...); the network namespace is already empty, this is the second wall;
* ``ioctl(TIOCSTI)`` (typing into a terminal);
* on x86_64 the x32 ABI (syscall numbers with bit 30 set); a foreign architecture is killed.

Denied calls fail with EPERM (EAFNOSUPPORT for sockets), they do not kill, so a program sees
an ordinary error and the judge reports it as a runtime error.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct

# BPF opcodes
_LD_W_ABS = 0x20
_JEQ_K = 0x15
_JGE_K = 0x35
_JSET_K = 0x45
_RET_K = 0x06

RET_KILL_PROCESS = 0x80000000
RET_ALLOW = 0x7FFF0000
RET_ERRNO = 0x00050000

AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}

# seccomp_data offsets
_OFF_NR = 0
_OFF_ARCH = 4


def _off_arg(i: int) -> int:
    return 16 + 8 * i  # low 32 bits on little-endian


AF_UNIX = 1
AF_INET = 2
AF_INET6 = 10
TIOCSTI = 0x5412
CLONE_NS_FLAGS = (
    0x00020000  # CLONE_NEWNS
    | 0x02000000  # CLONE_NEWCGROUP
    | 0x04000000  # CLONE_NEWUTS
    | 0x08000000  # CLONE_NEWIPC
    | 0x10000000  # CLONE_NEWUSER
    | 0x20000000  # CLONE_NEWPID
    | 0x40000000  # CLONE_NEWNET
    | 0x00000080  # CLONE_NEWTIME
)

DENIED = (
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "pidfd_getfd",
    "kcmp",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "unshare",
    "setns",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "move_mount",
    "open_tree",
    "mount_setattr",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "keyctl",
    "add_key",
    "request_key",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "settimeofday",
    "clock_settime",
    "adjtimex",
    "clock_adjtime",
    "open_by_handle_at",
    "name_to_handle_at",
    "quotactl",
    "vhangup",
    "iopl",
    "ioperm",
)

SYSCALLS = {
    "x86_64": {
        "ptrace": 101,
        "process_vm_readv": 310,
        "process_vm_writev": 311,
        "pidfd_getfd": 438,
        "kcmp": 312,
        "mount": 165,
        "umount2": 166,
        "pivot_root": 155,
        "chroot": 161,
        "unshare": 272,
        "setns": 308,
        "fsopen": 430,
        "fsconfig": 431,
        "fsmount": 432,
        "fspick": 433,
        "move_mount": 429,
        "open_tree": 428,
        "mount_setattr": 442,
        "bpf": 321,
        "perf_event_open": 298,
        "userfaultfd": 323,
        "keyctl": 250,
        "add_key": 248,
        "request_key": 249,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "kexec_load": 246,
        "kexec_file_load": 320,
        "init_module": 175,
        "finit_module": 313,
        "delete_module": 176,
        "reboot": 169,
        "swapon": 167,
        "swapoff": 168,
        "acct": 163,
        "settimeofday": 164,
        "clock_settime": 227,
        "adjtimex": 159,
        "clock_adjtime": 305,
        "open_by_handle_at": 304,
        "name_to_handle_at": 303,
        "quotactl": 179,
        "vhangup": 153,
        "iopl": 172,
        "ioperm": 173,
        "socket": 41,
        "clone": 56,
        "clone3": 435,
        "ioctl": 16,
    },
    "aarch64": {
        "ptrace": 117,
        "process_vm_readv": 270,
        "process_vm_writev": 271,
        "pidfd_getfd": 438,
        "kcmp": 272,
        "mount": 40,
        "umount2": 39,
        "pivot_root": 41,
        "chroot": 51,
        "unshare": 97,
        "setns": 268,
        "fsopen": 430,
        "fsconfig": 431,
        "fsmount": 432,
        "fspick": 433,
        "move_mount": 429,
        "open_tree": 428,
        "mount_setattr": 442,
        "bpf": 280,
        "perf_event_open": 241,
        "userfaultfd": 282,
        "keyctl": 219,
        "add_key": 217,
        "request_key": 218,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "kexec_load": 104,
        "kexec_file_load": 294,
        "init_module": 105,
        "finit_module": 273,
        "delete_module": 106,
        "reboot": 142,
        "swapon": 224,
        "swapoff": 225,
        "acct": 89,
        "settimeofday": 170,
        "clock_settime": 112,
        "adjtimex": 171,
        "clock_adjtime": 266,
        "open_by_handle_at": 265,
        "name_to_handle_at": 264,
        "quotactl": 60,
        "vhangup": 58,
        "socket": 198,
        "clone": 220,
        "clone3": 435,
        "ioctl": 29,
    },
}


class SeccompUnsupported(RuntimeError):
    pass


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)


def build_filter(arch: str | None = None, *, loopback_sockets: bool = False) -> bytes:
    """Return the BPF program (``struct sock_filter[]``) for ``arch`` (default: this host).

    ``loopback_sockets``: AF_INET and AF_INET6 sockets are allowed too. Only for a profiled
    child: Nsight Compute's front end talks to the process it profiles over TCP on the
    loopback, and the sandbox's network namespace has nothing but ``lo`` to reach."""
    arch = arch or platform.machine()
    if arch not in SYSCALLS:
        raise SeccompUnsupported(f"no syscall table for architecture {arch!r}")
    nr = SYSCALLS[arch]
    eperm = RET_ERRNO | errno.EPERM
    prog: list[bytes] = [
        _insn(_LD_W_ABS, 0, 0, _OFF_ARCH),
        _insn(_JEQ_K, 1, 0, AUDIT_ARCH[arch]),
        _insn(_RET_K, 0, 0, RET_KILL_PROCESS),
        _insn(_LD_W_ABS, 0, 0, _OFF_NR),
    ]
    if arch == "x86_64":  # x32 ABI
        prog += [_insn(_JGE_K, 0, 1, 0x40000000), _insn(_RET_K, 0, 0, eperm)]
    for name in DENIED:
        if name in nr:
            prog += [_insn(_JEQ_K, 0, 1, nr[name]), _insn(_RET_K, 0, 0, eperm)]
    # clone3: ENOSYS makes glibc fall back to clone(2), whose flags are checked below.
    prog += [_insn(_JEQ_K, 0, 1, nr["clone3"]), _insn(_RET_K, 0, 0, RET_ERRNO | errno.ENOSYS)]
    # socket(domain, ...): only AF_UNIX (and the loopback's families for a profiled child)
    families = (AF_UNIX, AF_INET, AF_INET6) if loopback_sockets else (AF_UNIX,)
    prog += [_insn(_JEQ_K, 0, 3 + len(families), nr["socket"]), _insn(_LD_W_ABS, 0, 0, _off_arg(0))]
    for k, family in enumerate(families):
        prog.append(_insn(_JEQ_K, len(families) - k, 0, family))
    prog += [
        _insn(_RET_K, 0, 0, RET_ERRNO | errno.EAFNOSUPPORT),
        _insn(_RET_K, 0, 0, RET_ALLOW),
    ]
    # clone(flags, ...): no new namespaces
    prog += [
        _insn(_JEQ_K, 0, 3, nr["clone"]),
        _insn(_LD_W_ABS, 0, 0, _off_arg(0)),
        _insn(_JSET_K, 0, 1, CLONE_NS_FLAGS),
        _insn(_RET_K, 0, 0, eperm),
        _insn(_LD_W_ABS, 0, 0, _OFF_NR),  # reload nr (only reached by fall-through)
    ]
    # ioctl(fd, TIOCSTI, ...)
    prog += [
        _insn(_JEQ_K, 0, 3, nr["ioctl"]),
        _insn(_LD_W_ABS, 0, 0, _off_arg(1)),
        _insn(_JEQ_K, 0, 1, TIOCSTI),
        _insn(_RET_K, 0, 0, eperm),
        _insn(_RET_K, 0, 0, RET_ALLOW),
    ]
    return b"".join(prog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


def set_no_new_privs() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, "prctl(PR_SET_NO_NEW_PRIVS): " + os.strerror(e))


def install(program: bytes | None = None) -> None:
    """Install the filter on the calling thread (and everything it execs or forks)."""
    program = program if program is not None else build_filter()
    set_no_new_privs()
    buf = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buf, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, "prctl(PR_SET_SECCOMP): " + os.strerror(e))


def supported() -> tuple[bool, str]:
    if platform.machine() not in SYSCALLS:
        return False, f"no syscall table for {platform.machine()}"
    try:
        with open("/proc/self/status") as f:
            if "Seccomp:" not in f.read():
                return False, "kernel built without seccomp"
    except OSError as e:
        return False, str(e)
    return True, f"BPF deny-list, {len(DENIED)} syscalls + socket(!AF_UNIX) + clone(CLONE_NEW*)"
