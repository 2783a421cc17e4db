"""The docker sandbox backend on this machine's engine, one property at a time: a container
per process from the worker-cpu image, the supervisor's descriptors handed in, no network, a
read-only root with the image's project hidden, the job folder as the only writable place,
exactly the scrubbed environment, the wall clock, the memory cap,
the container's cgroup read from outside, and no container left behind."""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

import pytest

from runner.sandbox import SandboxLimits, SandboxRequest, run, spawn
from runner.sandbox.mounts import interpreter
from tests.docker.conftest import job_containers

pytestmark = pytest.mark.usefixtures("docker_sandbox")


def _run(tmp_path: Path, code: str, **limits) -> object:
    lim = {"wall_s": 60, "memory_bytes": 1 << 30, **limits}
    return run(
        SandboxRequest(
            argv=[interpreter(), "-c", code], workdir=tmp_path, limits=SandboxLimits(**lim)
        )
    )


def test_container_sees_the_job_folder_and_nothing_of_the_project_or_the_image_env(tmp_path):
    code = (
        "import os, pathlib\n"
        "pathlib.Path('out.txt').write_text('from the job')\n"
        "print(os.getuid(), sorted(os.listdir('/app')), open('/etc/passwd').read().split(':')[0])\n"
        "for p in ('/etc/kj', '/usr/kj', '/tmp/kj'):\n"
        "    try:\n"
        "        open(p, 'w')\n"
        "    except OSError as e:\n"
        "        print(p, e.errno)\n"
        "import json; print(json.dumps(dict(os.environ)))\n"
    )
    out = _run(tmp_path, code)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.decode().splitlines()
    assert lines[0].split()[1:] == ["[]", "sandbox"]  # /app empty, the synthetic passwd
    assert int(lines[0].split()[0]) != 0
    assert lines[1:4] == ["/etc/kj 30", "/usr/kj 30", "/tmp/kj 30"]  # EROFS: a read-only root
    assert (tmp_path / "out.txt").read_text() == "from the job"
    env = json.loads(lines[4])
    assert env["HOME"] == env["TMPDIR"] == str(tmp_path)
    assert not {"DJANGO_SETTINGS_MODULE", "KJ_VAR_DIR", "KERNELJUDGE_CACHE"} & set(env)
    assert out.backend == "docker" and not job_containers()


def test_no_network_and_the_seccomp_deny_list(tmp_path):
    code = (
        "import socket, os\n"
        "print(sorted(os.listdir('/sys/class/net')))\n"
        "try:\n"
        "    socket.socket(socket.AF_INET)\n"
        "except OSError as e:\n"
        "    print(e.errno)\n"
    )
    out = _run(tmp_path, code)
    assert out.stdout.decode().split("\n")[:2] == ["['lo']", "97"], out.stderr


def test_descriptors_of_the_supervisor_reach_the_child_and_the_cgroup_is_read(tmp_path):
    parent, child = socket.socketpair()
    os.set_inheritable(child.fileno(), True)
    code = (
        f"import socket, time\ns = socket.socket(fileno={child.fileno()})\n"
        "s.sendall(b'ready')\nx = 0\nt = time.time()\n"
        "while time.time() - t < 1.0:\n    x += 1\ns.recv(1)\n"
    )
    proc = spawn(
        SandboxRequest(
            argv=[interpreter(), "-c", code],
            workdir=tmp_path,
            pass_fds=(child.fileno(),),
            log_path=tmp_path / "log",
            limits=SandboxLimits(wall_s=60, memory_bytes=1 << 30),
        )
    )
    child.close()
    parent.settimeout(60)
    assert parent.recv(5) == b"ready"
    time.sleep(1.2)
    usage = proc.cpu_usage()
    assert usage is not None and usage[0] > 0.5e9  # the busy second, from the container's cgroup
    assert proc.thread_ids()
    parent.sendall(b"x")
    assert proc.wait(60) == 0
    assert not job_containers()


def test_wall_clock_and_memory_cap_kill_the_container(tmp_path):
    started = time.monotonic()
    out = _run(tmp_path, "while True: pass", wall_s=3)
    assert out.timed_out and out.returncode == -9 and time.monotonic() - started < 20
    out = _run(tmp_path, "x = bytearray(2 << 30)", memory_bytes=256 << 20)
    assert out.memory_exceeded and out.returncode == -9
    assert not job_containers()


def test_output_of_a_captured_run_comes_back_through_the_engine(tmp_path):
    out = _run(tmp_path, "import sys; sys.stdout.write('y' * 300000)", wall_s=30)
    assert out.returncode == 0 and out.stdout == b"y" * 300000
