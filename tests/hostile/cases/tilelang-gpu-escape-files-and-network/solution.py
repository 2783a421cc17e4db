import glob
import os
import socket
import subprocess

import tilelang
import tilelang.language as T


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
    # the compiler TileLang runs is no way out: what nvcc writes outside the job folder must
    # not reach the host (the guard's "files" check looks there; inside, a private /tmp may
    # accept the file)
    source = os.path.join(mine, "probe.cu")
    with open(source, "w") as f:
        f.write("__global__ void k() {}\n")
    for target in ("/tmp/kj-pwned.cubin", "/var/tmp/kj-pwned.cubin", "/root/kj-pwned.cubin"):
        try:
            subprocess.run(
                ["nvcc", "--cubin", "-o", target, source], capture_output=True, timeout=120
            )
        except (OSError, subprocess.SubprocessError):
            pass


_probe()  # at import


@tilelang.jit
def vector_add(block: int = 256):
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((N,), T.float32),
        B: T.Tensor((N,), T.float32),
        C: T.Tensor((N,), T.float32),
    ):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i
                if idx < N:
                    C[idx] = A[idx] + B[idx]

    return kernel


def solve(A, B, C, N):
    vector_add()(A, B, C)  # compiled here: nvcc has run inside the sandbox
    _probe()
