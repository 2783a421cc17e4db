"""The Docker backend's in-container launcher, run here as a plain process (no engine needed):
it takes its descriptors over the Unix socket, puts each at the number the request gave it,
sets the rlimits, installs the seccomp filter and executes the command."""

from __future__ import annotations

import array
import json
import os
import resource
import socket
import subprocess
import sys

from runner.sandbox import seccomp
from runner.sandbox.backends.docker import LAUNCHER
from runner.sandbox.backends.docker_launch import place_fds

CHILD = """
import os, resource, socket
os.write(1, b"stdout is the pipe\\n")
print(sorted(k for k in os.environ if k.startswith("KJ_")), flush=True)
s = socket.socket(fileno=9)
s.sendall(b"channel %d" % resource.getrlimit(resource.RLIMIT_NOFILE)[0])
try:
    socket.socket(socket.AF_INET)
    print("inet allowed")
except OSError as e:
    print("inet", e.errno)
"""


def test_launcher_takes_descriptors_limits_and_seccomp(tmp_path):
    path = str(tmp_path / "launch.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    out_r, out_w = os.pipe()
    parent, child = socket.socketpair()
    program = seccomp.build_filter().hex() if seccomp.supported()[0] else None
    cfg = {
        "argv": [sys.executable, "-c", CHILD],
        "env": {"PATH": os.environ["PATH"], "KJ_ONLY": "1"},
        "rlimits": [[resource.RLIMIT_NOFILE, 100]],
        "seccomp": program,
        "socket": path,
        "fds": [9, 1],
        "nice": 0,
    }
    proc = subprocess.Popen(
        [sys.executable, "-I", "-S", str(LAUNCHER), json.dumps(cfg)], stdout=subprocess.DEVNULL
    )
    listener.settimeout(30)
    conn, _ = listener.accept()
    fds = array.array("i", [child.fileno(), out_w])
    conn.sendmsg([b"F"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
    conn.sendall(b"G")
    conn.close()
    child.close()
    os.close(out_w)
    assert proc.wait(60) == 0
    parent.settimeout(10)
    assert parent.recv(100) == b"channel 100"
    with os.fdopen(out_r, "rb") as f:
        text = f.read().decode()
    assert text.startswith("stdout is the pipe\n['KJ_ONLY']")  # exactly the given environment
    if program:
        assert "inet 97" in text  # EAFNOSUPPORT: the deny-list, as in bwrap
    listener.close()


def test_launcher_without_go_does_not_run_the_command(tmp_path):
    path = str(tmp_path / "launch.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    marker = tmp_path / "ran"
    cfg = {
        "argv": [sys.executable, "-c", f"open({str(marker)!r}, 'w')"],
        "env": {},
        "rlimits": [],
        "seccomp": None,
        "socket": path,
        "fds": [],
        "nice": 0,
    }
    proc = subprocess.Popen([sys.executable, "-I", "-S", str(LAUNCHER), json.dumps(cfg)])
    listener.settimeout(30)
    conn, _ = listener.accept()
    conn.sendmsg([b"F"])
    conn.close()  # the supervisor gave up on it
    assert proc.wait(60) == 125 and not marker.exists()
    listener.close()


def test_place_fds_handles_overlapping_numbers():
    r1, w1 = os.pipe()
    r2, w2 = os.pipe()
    pid = os.fork()
    if pid == 0:  # a fresh process: move w2 to w1's number and w1 to w2's
        try:
            place_fds([w1, w2], [w2, w1])
            os.write(w2, b"1")  # now the first pipe
            os.write(w1, b"2")  # now the second
            os._exit(0)
        except BaseException:  # noqa: BLE001
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    os.close(w1)
    os.close(w2)
    assert os.read(r1, 1) == b"1" and os.read(r2, 1) == b"2"
