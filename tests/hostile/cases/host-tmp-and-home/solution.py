import torch

import os
def solve(A, B, C, N):
    for d in ("/root", "/home", "/var/lib/postgresql", "/var/lib/redis", "/work/shared", "/tmp"):
        try:
            entries = [e for e in os.listdir(d) if not e.startswith("kj-job")]
        except OSError:
            continue
        if entries and d != "/tmp":
            _pwned(f"{d}: {entries[:5]}")
        if d == "/tmp" and any(e.startswith(("pytest", "systemd", ".X", "tmp")) for e in entries):
            _pwned(f"host /tmp: {entries[:5]}")
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
