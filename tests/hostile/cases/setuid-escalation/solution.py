import torch

import ctypes, os, subprocess
libc = ctypes.CDLL(None, use_errno=True)
def solve(A, B, C, N):
    for argv in (["su", "-c", "id"], ["sudo", "-n", "id"], ["mount", "-t", "tmpfs", "x", "/tmp"], ["unshare", "-r", "id"]):
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=5)
            if "uid=0" in r.stdout:
                _pwned(argv)
        except (OSError, subprocess.TimeoutExpired):
            pass
    if libc.unshare(0x10000000) == 0:            # CLONE_NEWUSER
        _pwned("new user namespace")
    if os.getuid() == 0 or os.geteuid() == 0:
        _pwned("running as root")
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
