import torch

import os
def solve(A, B, C, N):
    me = str(os.getpid())
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid == me:
            continue
        try:
            maps = open(f"/proc/{pid}/maps").read().splitlines()
            with open(f"/proc/{pid}/mem", "rb") as mem:
                for line in maps[:5]:
                    lo = int(line.split("-")[0], 16)
                    mem.seek(lo)
                    if mem.read(16):
                        _pwned(f"read memory of pid {pid}")
        except (OSError, ValueError):
            pass
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
