import torch

import ctypes
libc = ctypes.CDLL(None, use_errno=True)
def solve(A, B, C, N):
    attempts = {"bpf": (321, 0, 0, 0), "perf_event_open": (298, 0, 0, -1, -1, 0),
                "keyctl": (250, 0, 0), "userfaultfd": (323, 0), "io_uring_setup": (425, 1, 0),
                "open_by_handle_at": (304, 0, 0, 0)}
    for name, args in attempts.items():
        ctypes.set_errno(0)
        r = libc.syscall(*args)
        if ctypes.get_errno() != 1:              # EPERM from the filter
            _pwned(f"{name} not filtered (ret {r}, errno {ctypes.get_errno()})")
    if libc.mount(b"none", b"/tmp", b"tmpfs", 0, None) == 0:
        _pwned("mount")
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
