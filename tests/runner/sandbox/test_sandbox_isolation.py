"""The process sandbox really isolates: run on both real backends (bwrap and unshare)."""

from __future__ import annotations

import os
import socket
import sys
import textwrap
import time
from pathlib import Path

import pytest

from runner.sandbox import SANDBOX_UID, SandboxError, SandboxLimits, SandboxRequest, run, spawn
from runner.sandbox.backends import bwrap_works, unshare_works

REPO = Path(__file__).resolve().parents[3]

BACKENDS = [
    pytest.param("bwrap", marks=pytest.mark.skipif(not bwrap_works()[0], reason="no bwrap")),
    pytest.param(
        "unshare",
        marks=pytest.mark.skipif(not unshare_works()[0], reason="unshare fallback needs root"),
    ),
]


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


def py(backend, workdir, code, **kw):
    limits = kw.pop("limits", SandboxLimits(wall_s=20))
    return run(
        SandboxRequest(
            argv=[sys.executable, "-c", textwrap.dedent(code)],
            workdir=workdir,
            backend=backend,
            limits=limits,
            **kw,
        )
    )


def test_unprivileged_uid_and_no_capabilities(backend, tmp_path):
    o = py(
        backend,
        tmp_path,
        """
        import os
        print(os.getuid(), os.geteuid(), os.getgid(), os.getgroups())
        st = dict(l.split(":\\t") for l in open("/proc/self/status").read().splitlines() if ":\\t" in l)
        print(st["CapEff"], st["CapBnd"], st["NoNewPrivs"], st["Seccomp"])
    """,
    )
    assert o.returncode == 0, o.stderr
    ids, caps = o.stdout.decode().splitlines()
    assert ids == f"{SANDBOX_UID} {SANDBOX_UID} {SANDBOX_UID} []"
    assert caps.split() == ["0000000000000000", "0000000000000000", "1", "2"]


def test_no_network(backend, tmp_path):
    o = py(
        backend,
        tmp_path,
        """
        import socket, os
        print(sorted(l.split(":")[0].strip() for l in open("/proc/net/dev").read().splitlines()[2:]))
        for fam in (socket.AF_INET, socket.AF_INET6, socket.AF_PACKET, socket.AF_NETLINK):
            try:
                socket.socket(fam, socket.SOCK_STREAM if fam != socket.AF_PACKET else socket.SOCK_RAW)
                print("OPEN", fam)
            except OSError as e:
                print("blocked", e.errno)
        a, b = socket.socketpair()   # AF_UNIX stays allowed
        a.send(b"x"); print(b.recv(1))
    """,
    )
    assert o.returncode == 0, o.stderr
    lines = o.stdout.decode().splitlines()
    assert lines[0] == "['lo']"
    assert all(line.startswith("blocked") for line in lines[1:5]), lines
    assert lines[5] == "b'x'"


def test_cannot_see_project_root_tmp_or_secrets(backend, tmp_path):
    marker = Path("/tmp") / f"kj-host-marker-{os.getpid()}"
    marker.write_text("host secret")
    try:
        o = py(
            backend,
            tmp_path,
            f"""
            import os
            for p in ["{REPO}/config/settings.py", "{REPO}/var", "{REPO}/problems/catalog",
                      "/root/.bashrc", "{marker}", "/etc/shadow", "/home", "/var/lib/postgresql"]:
                print(p, os.path.exists(p))
            print(open("/etc/passwd").read().strip())
            try:
                print(sorted(os.listdir("{REPO}")))
            except PermissionError:
                print("unlistable")
            try:
                print(os.listdir("/root"))
            except PermissionError:
                print("unlistable")
        """,
        )
    finally:
        marker.unlink()
    assert o.returncode == 0, o.stderr
    out = o.stdout.decode().splitlines()
    assert all(line.endswith(" False") for line in out[:8]), out
    assert out[8].startswith(f"sandbox:x:{SANDBOX_UID}") and "root:x:0" not in o.stdout.decode()
    # parents of mount points are traversable but not listable; at most the venv is there
    assert out[9] in ("unlistable", "['.venv']") and out[10] == "unlistable"


def test_only_job_dir_writable(backend, tmp_path):
    o = py(
        backend,
        tmp_path,
        f"""
        import os
        open("ok.txt", "w").write("fine")
        for p in ["/tmp/x", "/usr/x", "/etc/x", "/x", "{sys.prefix}/x", "/dev/shm/x", "/proc/x"]:
            try:
                open(p, "w").write("bad"); print("WROTE", p)
            except OSError as e:
                print("denied", p)
    """,
    )
    assert o.returncode == 0, o.stderr
    assert "WROTE" not in o.stdout.decode().replace("WROTE /dev/shm/x", ""), o.stdout
    assert (tmp_path / "ok.txt").read_text() == "fine"
    assert (tmp_path / "ok.txt").stat().st_uid == SANDBOX_UID
    assert not Path(sys.prefix, "x").exists()


def test_seccomp_blocks_ptrace_mount_unshare(backend, tmp_path):
    o = py(
        backend,
        tmp_path,
        """
        import ctypes, os
        libc = ctypes.CDLL(None, use_errno=True)
        def call(name, *a):
            r = getattr(libc, name)(*a); print(name, r, ctypes.get_errno())
        call("ptrace", 0, 0, 0, 0)                       # PTRACE_TRACEME
        call("ptrace", 16, 1, 0, 0)                      # PTRACE_ATTACH to pid 1
        call("unshare", 0x10000000)                      # CLONE_NEWUSER
        call("mount", b"none", b"/tmp", b"tmpfs", 0, None)
        call("syscall", 310, 1, 0, 0, 0, 0, 0)           # process_vm_readv
        call("syscall", 321, 0, 0, 0)                    # bpf
        call("syscall", 425, 1, 0)                       # io_uring_setup
    """,
    )
    assert o.returncode == 0, o.stderr
    for line in o.stdout.decode().splitlines():
        name, rc, err = line.split()
        assert rc == "-1" and err == "1", line  # EPERM


def test_rlimit_fsize_and_nofile(backend, tmp_path):
    lim = SandboxLimits(wall_s=20, fsize_bytes=1 << 20, nofile=64)
    o = py(
        backend,
        tmp_path,
        """
        import os, signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        try:
            with open("big", "wb") as f:
                f.write(b"x" * (4 << 20))
            print("wrote all")
        except OSError as e:
            print("fsize", e.errno)
        fs = []
        try:
            for i in range(1000):
                fs.append(open("/dev/null"))
        except OSError as e:
            print("nofile", len(fs), e.errno)
    """,
        limits=lim,
    )
    assert o.returncode == 0, o.stderr
    out = o.stdout.decode()
    assert "fsize 27" in out  # EFBIG
    assert "nofile" in out and int(out.split("nofile")[1].split()[0]) < 64
    assert (tmp_path / "big").stat().st_size <= 1 << 20


def test_nice_is_added_to_the_sandboxed_process(backend, tmp_path):
    base = os.nice(0)
    o = py(
        backend, tmp_path, "import os; print(os.nice(0))", limits=SandboxLimits(wall_s=20, nice=7)
    )
    assert o.returncode == 0, o.stderr
    assert int(o.stdout.decode()) == min(19, base + 7)


def test_cpu_rlimit_kills_busy_loop(backend, tmp_path):
    o = py(backend, tmp_path, "while True: pass", limits=SandboxLimits(wall_s=30, cpu_s=1))
    assert o.returncode is not None and o.returncode < 0 and not o.timed_out
    assert o.wall_s < 20


def test_wall_clock_kill_takes_grandchildren(backend, tmp_path):
    tag = f"{4000 + os.getpid() % 1000}.{int(time.time()) % 1000}"
    t0 = time.monotonic()
    o = py(
        backend,
        tmp_path,
        f"""
        import os, subprocess, time
        # a grandchild in its own session, trying to outlive the job
        subprocess.Popen(["/bin/sleep", "{tag}"], start_new_session=True)
        if os.fork() == 0:
            os.setsid(); time.sleep(1000)
        time.sleep(1000)
    """,
        limits=SandboxLimits(wall_s=1.5),
    )
    assert o.timed_out and time.monotonic() - t0 < 10
    # the kernel tears the killed tree down asynchronously: gone within a few seconds even on a
    # loaded box (a survivor never goes)
    deadline = time.monotonic() + 5
    while (left := _running(tag)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert left == []


def _running(tag: str) -> list[str]:
    return [p for p in os.listdir("/proc") if p.isdigit() and _cmdline(p).find(tag) >= 0]


def _cmdline(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_memory_cgroup_catches_bomb(backend, tmp_path):
    from runner.sandbox.cgroups import probe

    if not probe()[0]:
        pytest.skip("no memory cgroup on this host: " + probe()[1])
    lim = SandboxLimits(wall_s=20, memory_bytes=200 << 20, address_space=False)
    o = py(
        backend,
        tmp_path,
        """
        blocks = []
        while True:
            blocks.append(bytearray(16 << 20))
    """,
        limits=lim,
    )
    assert o.returncode == -9 and o.memory_exceeded, (o.returncode, o.stderr[-500:])


def test_env_scrubbed(backend, tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "s3cr3t")
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@127.0.0.1/db")
    o = py(backend, tmp_path, "import os; print(sorted(os.environ))", env={"MY_FLAG": "1"})
    names = eval(o.stdout.decode())  # noqa: S307 - our own child's repr of a list of names
    assert "SECRET_KEY" not in names and "DATABASE_URL" not in names
    assert set(names) <= {
        "PATH",
        "HOME",
        "TMPDIR",
        "LANG",
        "LC_ALL",
        "MY_FLAG",
        "PWD",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONNOUSERSITE",
    }
    with pytest.raises(SandboxError):
        py(backend, tmp_path, "pass", env={"SECRET_KEY": "x"})
    with pytest.raises(SandboxError):
        py(backend, tmp_path, "pass", env={"DJANGO_SETTINGS_MODULE": "config.settings"})


def test_output_cap(backend, tmp_path):
    lim = SandboxLimits(wall_s=20, stdout_bytes=1000, stderr_bytes=1000)
    o = py(backend, tmp_path, "import sys\nwhile True: sys.stdout.write('A' * 65536)", limits=lim)
    assert o.stdout_truncated and o.output_limit_exceeded and len(o.stdout) == 1000
    assert not o.timed_out and o.wall_s < 15


def test_pass_fds_and_pipes(backend, tmp_path):
    r, w = os.pipe()
    try:
        p = spawn(
            SandboxRequest(
                argv=[sys.executable, "-c", f"import os; os.write({w}, b'hello over fd')"],
                workdir=tmp_path,
                backend=backend,
                pass_fds=(w,),
            )
        )
        os.close(w)
        assert p.wait(20) == 0
        assert os.read(r, 100) == b"hello over fd"
    finally:
        os.close(r)


def test_cannot_reach_redis_or_postgres(backend, tmp_path):
    # the host services are up (so a failure inside means isolation, not a dead server)
    for port in (6379, 5432):
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
    o = run(
        SandboxRequest(
            argv=[
                "/bin/bash",
                "-c",
                "for p in 6379 5432; do (echo > /dev/tcp/127.0.0.1/$p) "
                "&& echo OPEN $p || echo closed $p; done",
            ],
            workdir=tmp_path,
            backend=backend,
            python=False,
        )
    )
    assert o.stdout.decode().split() == ["closed", "6379", "closed", "5432"], o.stderr


def test_nvcc_compiles_in_the_box(backend, tmp_path):
    import shutil

    if not shutil.which("nvcc"):
        pytest.skip("no nvcc")
    (tmp_path / "k.cu").write_text('#include "/etc/passwd"\n')
    o = run(
        SandboxRequest(
            argv=["nvcc", "-c", "k.cu", "-o", "k.o"],
            workdir=tmp_path,
            backend=backend,
            python=False,
            limits=SandboxLimits(wall_s=60),
        )
    )
    assert o.returncode != 0
    assert b"root:x:0:0" not in o.stdout + o.stderr
    (tmp_path / "ok.cu").write_text('extern "C" __global__ void k(float* x) { x[0] = 1; }\n')
    o = run(
        SandboxRequest(
            argv=["nvcc", "-c", "ok.cu", "-o", "ok.o"],
            workdir=tmp_path,
            backend=backend,
            python=False,
            limits=SandboxLimits(wall_s=120),
        )
    )
    assert o.returncode == 0, o.stderr.decode()[-2000:]
    assert (tmp_path / "ok.o").stat().st_size > 0


THREADS_SCRIPT = """
import sys, textwrap
from pathlib import Path
from runner.sandbox import SandboxLimits, SandboxRequest, run
code = textwrap.dedent('''
    import threading, time
    ts = [threading.Thread(target=time.sleep, args=(3,)) for _ in range(100)]
    for t in ts: t.start()
    for t in ts: t.join()
    print("ok")
''')
o = run(SandboxRequest(argv=[sys.executable, "-c", code], workdir=Path(sys.argv[1]),
                       backend=sys.argv[2], limits=SandboxLimits(wall_s=30, nproc=128)))
print(o.stdout.decode().strip() or o.stderr.decode()[-300:])
"""


def test_side_by_side_jobs_do_not_share_a_process_budget(backend, tmp_path):
    """Two supervisors, each with a 100-thread job under a 128-process limit: both run.

    With one shared sandbox uid the two jobs' threads would count against one RLIMIT_NPROC
    and the second job would fail to start its threads."""
    import subprocess

    procs = [
        subprocess.Popen(
            [sys.executable, "-c", THREADS_SCRIPT, str(tmp_path / f"job{i}"), backend],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for i in range(2)
    ]
    outs = [p.communicate(timeout=60)[0].decode() for p in procs]
    assert [o.strip().splitlines()[-1] for o in outs] == ["ok", "ok"], outs


def test_wrap_runs_inside_the_sandbox_in_front_of_argv(backend, tmp_path):
    """A wrapper (here ``env``, standing in for a profiler) runs as the sandbox uid and
    starts argv: the variable only the wrapper sets reaches the child."""
    o = run(
        SandboxRequest(
            argv=[sys.executable, "-c", "import os; print(os.getuid(), os.environ['KJ_WRAP'])"],
            workdir=tmp_path,
            backend=backend,
            wrap=["env", "KJ_WRAP=on"],
            limits=SandboxLimits(wall_s=20),
        )
    )
    assert o.returncode == 0, o.stderr
    assert o.stdout.decode().split() == [str(SANDBOX_UID), "on"]


@pytest.mark.parametrize("module", [True, False], ids=["sandbox", "plain-process-group"])
def test_runner_spawn_passes_wrap(module, tmp_path, monkeypatch):
    """runner.sandbox.process.spawn (the supervisor's entry point) forwards ``wrap``, with
    the sandbox package and in its plain-process fallback."""
    from runner.sandbox import process

    if module and not (bwrap_works()[0] or unshare_works()[0]):
        pytest.skip("no process sandbox on this host")
    if not module:
        monkeypatch.setenv("KERNELJUDGE_NO_SANDBOX_MODULE", "1")
    process.sandbox_owns(tmp_path)
    code = "import os; open('out.txt', 'w').write(os.environ.get('KJ_WRAP', 'missing'))"
    handle = process.spawn(
        [sys.executable, "-c", code],
        tmp_path,
        gpu=False,
        env=process.base_env(),
        timeout_s=20,
        wrap=["env", "KJ_WRAP=on"],
    )
    assert handle.wait(30) == 0
    assert (tmp_path / "out.txt").read_text() == "on"


LOOPBACK_ECHO = """
    import socket
    try:
        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    except OSError as e:
        print("socket", e.errno)
        raise SystemExit(0)
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    cli = socket.create_connection(srv.getsockname(), timeout=5)
    conn, _ = srv.accept()
    cli.sendall(b"ping")
    print("echo", conn.recv(4).decode())
    try:
        socket.create_connection(("10.0.0.1", 80), timeout=2)
        print("outside reachable")
    except OSError:
        print("outside unreachable")
"""


def test_loopback_sockets_only_when_asked(backend, tmp_path):
    """A profiler's wrap gets TCP on an up loopback; nothing outside; other jobs get no
    AF_INET socket at all."""
    plain = py(backend, tmp_path, LOOPBACK_ECHO)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.decode().split() == ["socket", "97"]  # EAFNOSUPPORT
    asked = py(backend, tmp_path, LOOPBACK_ECHO, loopback_sockets=True)
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.decode().splitlines() == ["echo ping", "outside unreachable"]
