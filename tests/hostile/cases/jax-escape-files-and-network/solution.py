import glob
import os
import socket

import jax


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print("KJ-LEAK", str(what)[:200])
    raise SystemExit(f"KJ-LEAK {str(what)[:200]}")


def _probe():
    for path in ("/etc/shadow", "/root/.bashrc", "/proc/1/environ"):
        try:
            with open(path) as f:
                _pwned(f"{path}: {f.read(80)!r}")
        except OSError:
            pass
    mine = os.path.realpath(os.getcwd())
    others = [p for p in glob.glob("/tmp/kj-job-*") if os.path.realpath(p) != mine]
    if others:
        _pwned(f"other jobs: {others[:3]}")
    for d in ("/root", "/home", "/work"):
        try:
            if os.listdir(d):
                _pwned(f"{d}: {os.listdir(d)[:5]}")
        except OSError:
            pass
    for addr in (("127.0.0.1", 6379), ("127.0.0.1", 5432), ("8.8.8.8", 53)):
        try:
            socket.create_connection(addr, timeout=1)
            _pwned(f"connected to {addr}")
        except OSError:
            pass
    try:
        socket.getaddrinfo("pypi.org", 443)
        _pwned("DNS resolved")
    except OSError:
        pass


_probe()  # at import, before JAX's first compile


@jax.jit
def _add(A, B):
    return A + B


def solve(A, B, N):
    _probe()  # and again inside the call, after XLA started its threads
    return _add(A, B)
