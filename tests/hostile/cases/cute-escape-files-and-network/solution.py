import glob
import os
import socket

import cutlass
import cutlass.cute as cute


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


_probe()  # at import


@cute.kernel
def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * 256 + tidx
    if i < N:
        C[i] = A[i] + B[i]


def _launch(A, B, C, N):
    _probe()  # again while CuTe DSL traces solve (at compile time, in the judge's child)
    add_kernel(A, B, C, N).launch(grid=((N + 255) // 256, 1, 1), block=(256, 1, 1))


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    _launch(A, B, C, N)
