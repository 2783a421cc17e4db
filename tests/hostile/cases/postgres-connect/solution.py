import torch

import socket, glob
def solve(A, B, C, N):
    try:
        s = socket.create_connection(("127.0.0.1", 5432), timeout=1)
        _pwned("tcp 5432 open")
    except OSError:
        pass
    for path in glob.glob("/var/run/postgresql/.s.PGSQL.*") + glob.glob("/tmp/.s.PGSQL.*"):
        try:
            u = socket.socket(socket.AF_UNIX); u.connect(path); _pwned(path)
        except OSError:
            pass
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
