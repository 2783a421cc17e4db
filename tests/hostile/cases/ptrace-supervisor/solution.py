import torch

import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
def solve(A, B, C, N):
    for pid in [os.getppid(), 1] + [int(p) for p in os.listdir("/proc") if p.isdigit()]:
        if pid == os.getpid():
            continue
        if libc.ptrace(16, pid, 0, 0) == 0:          # PTRACE_ATTACH
            _pwned(f"attached to {pid}")
        if libc.ptrace(0x4206, pid, 0, 0) == 0:      # PTRACE_SEIZE
            _pwned(f"seized {pid}")
    if libc.ptrace(0, 0, 0, 0) == 0:                 # PTRACE_TRACEME
        _pwned("traceme")
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
