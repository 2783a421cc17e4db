import glob
import os
import shutil
import socket
import subprocess

import cuda.tile as ct
import torch

TILE = 1024


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
    # the compiler cuTile runs is no way out: tileiras and ptxas asked to write outside the
    # job folder (the guard's "files" check looks on the host; inside, a private /tmp may
    # accept the file)
    ptx = os.path.join(mine, "probe.ptx")
    with open(ptx, "w") as f:
        f.write(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }\n")
    ptxas = shutil.which("ptxas")
    for target in ("/tmp/kj-pwned.cubin", "/var/tmp/kj-pwned.cubin", "/root/kj-pwned.cubin"):
        if ptxas:
            try:
                subprocess.run(
                    [ptxas, "-arch", "sm_90", ptx, "-o", target], capture_output=True, timeout=120
                )
            except (OSError, subprocess.SubprocessError):
                pass


def _at_compile_time():
    # cuTile evaluates this while it compiles the kernel (ct.static_eval): the same sandbox
    _probe()
    return 1


_probe()  # at import


@ct.kernel
def add_kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    one = ct.static_eval(_at_compile_time())
    x = ct.load(a, index=(pid,), shape=(tile,))
    y = ct.load(b, index=(pid,), shape=(tile,))
    ct.store(c, index=(pid,), tile=(x + y) * one)


def solve(A, B, C, N):
    grid = ((N + TILE - 1) // TILE, 1, 1)
    ct.launch(torch.cuda.current_stream(), grid, add_kernel, (A, B, C, TILE))  # compiles here
    _probe()
