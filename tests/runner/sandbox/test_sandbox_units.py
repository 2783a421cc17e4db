"""Pure unit tests: the BPF program, backend choice, the Docker spec (field by field, no
engine needed; tests/docker runs it on one), protections report and safe_read."""

from __future__ import annotations

import errno
import json
import os
import socket
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from runner.sandbox import (
    SandboxError,
    SandboxLimits,
    SandboxRequest,
    active_protections,
    backends,
    run,
    seccomp,
)
from runner.sandbox.backends import bwrap, choose_backend, unshare
from runner.sandbox.backends.docker import (
    COVER,
    HIDDEN,
    IMAGE_DIRS,
    LAUNCHER,
    container_spec,
    container_user,
    docker_run_argv,
    launch_config,
    synthetic_etc,
)
from runner.sandbox.env import scrub_env
from runner.sandbox.handle import safe_read
from runner.sandbox.mounts import interpreter, mount_plan, python_paths


def test_bpf_program_shape():
    for arch in ("x86_64", "aarch64"):
        prog = seccomp.build_filter(arch)
        assert len(prog) % 8 == 0 and len(prog) // 8 < 4096
        insns = [struct.unpack("=HBBI", prog[i : i + 8]) for i in range(0, len(prog), 8)]
        assert insns[0] == (0x20, 0, 0, 4)  # load arch first
        assert insns[-1] == (0x06, 0, 0, seccomp.RET_ALLOW)
        for i, (code, jt, jf, _k) in enumerate(insns):  # every jump lands inside
            if code & 0x07 == 0x05:
                assert i + 1 + max(jt, jf) < len(insns)
    with pytest.raises(seccomp.SeccompUnsupported):
        seccomp.build_filter("mips")


def test_backend_setting(monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_SANDBOX", "docker")
    assert choose_backend() == "docker"
    monkeypatch.setenv("KERNELJUDGE_SANDBOX", "bogus")
    with pytest.raises(SandboxError):
        choose_backend()
    assert choose_backend("none") == "none"


def test_none_backend_is_loud(tmp_path, capfd):
    with pytest.warns(UserWarning, match="UNSANDBOXED"):
        o = run(
            SandboxRequest(
                argv=[sys.executable, "-c", "print(1)"], workdir=tmp_path, backend="none"
            )
        )
    assert o.returncode == 0
    assert "WARNING" in capfd.readouterr().err


def _req(gpu=False, **kw):
    return SandboxRequest(
        argv=["python", "-m", "runner", "job", "-"],
        workdir=Path("/job"),
        gpu=gpu,
        limits=SandboxLimits(wall_s=30, memory_bytes=8 << 30, nproc=64),
        **kw,
    )


def test_docker_spec_fields():
    s = container_spec(_req(gpu=True), image="kj-runner:1", gpu_index=3, runtime="runsc")
    assert s["image"] == "kj-runner:1"
    assert s["entrypoint"] + s["command"] == ["python", "-m", "runner", "job", "-"]
    assert s["network_mode"] == "none" and s["read_only"] is True
    assert s["volumes"]["/job"] == {"bind": "/job", "mode": "rw"}  # the supervisor's folder
    assert "/app" in s["tmpfs"] and "/tmp" not in s["tmpfs"]  # no project; /tmp read-only
    assert s["volumes"][str(synthetic_etc() / "passwd")] == {"bind": "/etc/passwd", "mode": "ro"}
    assert s["pids_limit"] == 64 and s["mem_limit"] == 8 << 30 and s["memswap_limit"] == 8 << 30
    assert s["cpuset_cpus"]
    assert s["cap_drop"] == ["ALL"] and s["security_opt"] == ["no-new-privileges:true"]
    assert s["user"] == "{}:{}".format(*container_user()) and s["runtime"] == "runsc"
    assert s["device_requests"] == [
        {"Driver": "", "Count": 0, "DeviceIDs": ["3"], "Capabilities": [["gpu"]], "Options": {}}
    ]
    assert "SECRET_KEY" not in s["environment"] and s["environment"]["HOME"] == "/job"
    a = docker_run_argv(_req(gpu=True), gpu_index=3, runtime="runsc")
    for flag in (
        "--network",
        "--read-only",
        "--cap-drop",
        "--pids-limit",
        "--memory",
        "--gpus",
        "--runtime",
        "--tmpfs",
        "--volume",
        "--security-opt",
        "--entrypoint",
    ):
        assert flag in a
    assert a[a.index("--gpus") + 1] == "device=3" and a[a.index("--network") + 1] == "none"
    labels = [a[i + 1] for i, flag in enumerate(a) if flag == "--label"]
    owner = f"{socket.gethostname()}:{os.getpid()}"
    assert labels == ["kerneljudge.role=job", f"kerneljudge.supervisor={owner}"]
    assert s["labels"] == {"kerneljudge.role": "job", "kerneljudge.supervisor": owner}


def test_docker_launch_config_maps_the_interpreter_and_carries_the_limits(monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_RUNNER_PYTHON", "/opt/venv/bin/python")
    req = SandboxRequest(argv=[interpreter(), "-c", "pass"], workdir=Path("/job"))
    cfg = json.loads(launch_config(req, [(7, 64)], "/job/.s", [5, 1, 2], {"PATH": "/bin"}))
    assert cfg["argv"] == ["/opt/venv/bin/python", "-c", "pass"] and cfg["env"] == {"PATH": "/bin"}
    assert cfg["rlimits"] == [[7, 64]] and cfg["fds"] == [5, 1, 2] and cfg["socket"] == "/job/.s"
    if seccomp.supported()[0]:
        assert bytes.fromhex(cfg["seccomp"]) == seccomp.build_filter()
    s = container_spec(req, launch=json.dumps(cfg))
    assert s["entrypoint"] == ["/opt/venv/bin/python"] and s["command"][-1] == json.dumps(cfg)
    assert "--env" not in docker_run_argv(req, launch=json.dumps(cfg))  # only the launcher's
    assert s["volumes"][str(LAUNCHER.parent)]["mode"] == "ro"


def test_docker_covers_the_folders_above_bound_paths_but_not_the_images():
    runner = LAUNCHER.parents[2]  # the runner package, bound as the process sandbox binds it
    req = SandboxRequest(
        argv=["true"], workdir=Path("/tmp/kj-job-1"), ro_binds=[runner, Path("/usr/lib")]
    )
    s = container_spec(req, launch="{}")
    assert str(LAUNCHER.parent) not in s["volumes"]  # inside the runner's bind already
    assert s["command"][-2:] == [str(LAUNCHER), "{}"]  # still started through the launcher
    covered = set(s["tmpfs"]) - set(HIDDEN)
    if "/" + runner.parts[1] not in IMAGE_DIRS:  # a checkout's folders: crossed, never listed
        assert covered == {str(p) for p in runner.parents if p != Path("/")}
        assert all(s["tmpfs"][p] == COVER for p in covered) and "mode=0711" in COVER
    assert not covered & {"/usr", "/opt", "/tmp/kj-job-1", str(runner)}


def test_docker_spec_cpu_job_has_no_gpu(monkeypatch):
    monkeypatch.delenv("KERNELJUDGE_DOCKER_RUNTIME", raising=False)
    s = container_spec(_req(gpu=False))
    assert "device_requests" not in s and "runtime" not in s
    with pytest.raises(SandboxError):
        container_spec(_req(env={"DATABASE_URL": "postgres://x"}))


def test_docker_gpu_index_from_worker_env(monkeypatch):
    monkeypatch.delenv("KERNELJUDGE_GPU_INDEX", raising=False)
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "5,6")
    assert container_spec(_req(gpu=True))["device_requests"][0]["DeviceIDs"] == ["5"]


def test_active_protections_shape():
    for gpu in (False, True):
        p = active_protections(gpu)
        assert {
            "backend",
            "network_namespace",
            "seccomp",
            "cgroup_memory",
            "rlimits",
            "unprivileged_uid",
            "env_scrubbed",
            "docker_engine",
        } <= set(p)
        assert all(set(v) == {"active", "detail"} for v in p.values())
    assert active_protections(True)["rlimit_as"]["active"] is False


def test_doctor_cli_json():
    r = subprocess.run(
        [sys.executable, "-m", "runner.tools.doctor", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    import json

    d = json.loads(r.stdout)
    assert set(d) == {"cpu", "gpu"} and "seccomp" in d["cpu"]


def test_safe_read_refuses_symlinks(tmp_path):
    (tmp_path / "ok").write_text("fine")
    os.symlink("/etc/shadow", tmp_path / "evil")
    os.mkfifo(tmp_path / "fifo")
    assert safe_read(tmp_path, "ok") == b"fine"
    for name in ("evil", "fifo", "../x"):
        with pytest.raises(SandboxError):
            safe_read(tmp_path, name)


@pytest.mark.parametrize("loopback", [False, True])
def test_seccomp_socket_families(loopback):
    """AF_UNIX always; AF_INET/AF_INET6 only with loopback_sockets (a profiled child);
    AF_NETLINK never."""
    code = (
        "import socket, sys\n"
        "from runner.sandbox import seccomp\n"
        f"seccomp.install(seccomp.build_filter(loopback_sockets={loopback}))\n"
        "out = []\n"
        "for fam, kind in ((socket.AF_UNIX, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_STREAM),\n"
        "                  (socket.AF_INET6, socket.SOCK_STREAM), (socket.AF_NETLINK, socket.SOCK_RAW)):\n"
        "    try:\n"
        "        socket.socket(fam, kind).close(); out.append('ok')\n"
        "    except OSError as e:\n"
        "        out.append(str(e.errno))\n"
        "print(' '.join(out))\n"
    )
    ok, why = seccomp.supported()
    if not ok:
        pytest.skip(why)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    unix, inet, inet6, netlink = r.stdout.split()
    assert unix == "ok"
    assert netlink == str(errno.EAFNOSUPPORT)
    if loopback:
        assert inet == "ok" and inet6 in ("ok", str(errno.EAFNOSUPPORT))  # a host without IPv6
    else:
        assert inet == inet6 == str(errno.EAFNOSUPPORT)


WRAPPED = ["env", "KJ_WRAPPED=1", "python3", "-c", "pass"]


def _wrapped_req(tmp_path):
    return SandboxRequest(
        argv=["python3", "-c", "pass"], workdir=tmp_path, wrap=["env", "KJ_WRAPPED=1"]
    )


def test_wrap_goes_in_front_of_argv_in_every_backend(monkeypatch, tmp_path):
    """bwrap, unshare, docker and none all execute wrap + argv (the host need not have
    bwrap or an engine: only the command lines are built here)."""
    req = _wrapped_req(tmp_path)
    assert req.command() == WRAPPED
    env = scrub_env(req.env, tmp_path)
    plan = mount_plan(req)
    monkeypatch.setattr(bwrap, "bwrap_works", lambda: (True, "/usr/bin/bwrap"))
    a = bwrap.bwrap_argv(req, plan, env, None, list(range(10, 10 + len(plan.files))))
    assert a[-6:] == ["--", *WRAPPED]  # after bwrap's (or setpriv's) end of options
    monkeypatch.setattr(unshare, "unshare_works", lambda: (True, "/usr/bin/unshare"))
    cfg = json.loads(unshare.unshare_argv(req, plan, env)[-1])
    assert cfg["argv"][0].endswith("/env") and cfg["argv"][1:] == WRAPPED[1:]
    spec = container_spec(req)
    assert spec["entrypoint"] + spec["command"] == WRAPPED
    a = docker_run_argv(req)
    assert [a[a.index("--entrypoint") + 1], *a[-4:]] == WRAPPED
    with pytest.warns(UserWarning, match="UNSANDBOXED"):
        assert backends.command("none", req, env).argv == WRAPPED


def test_wrap_empty_by_default(tmp_path):
    req = SandboxRequest(argv=["python3", "-V"], workdir=tmp_path)
    assert req.wrap == [] and req.command() == ["python3", "-V"]


def test_wrap_runs_under_the_none_backend(tmp_path):
    """The wrapper really runs, and runs argv: ``env`` sets a variable argv then prints."""
    code = "import os; print(os.environ.get('KJ_WRAPPED'))"
    req = SandboxRequest(
        argv=[sys.executable, "-c", code], workdir=tmp_path, backend="none", python=False
    )
    req.wrap = ["env", "KJ_WRAPPED=1"]
    with pytest.warns(UserWarning):
        o = run(req)
    assert o.returncode == 0 and o.stdout.decode().strip() == "1", o.stderr


def test_the_child_interpreter_is_named_at_a_path_the_sandbox_binds(monkeypatch, tmp_path):
    """A venv reached through a symlinked folder (a checkout's `.venv -> /elsewhere/.venv`):
    the sandbox binds the resolved prefix, so the child is started by the resolved path (its
    own file name kept, so the venv still finds its pyvenv.cfg); the symlink's path is not
    there inside and the child died with exit status 127."""
    real = tmp_path / "real-venv"
    (real / "bin").mkdir(parents=True)
    (real / "bin" / "python").symlink_to(sys.executable)
    (tmp_path / "checkout").mkdir()
    (tmp_path / "checkout" / ".venv").symlink_to(real)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "checkout" / ".venv" / "bin" / "python"))
    assert interpreter() == str(real.resolve() / "bin" / "python")
    assert Path(interpreter()).parent.parent in [Path(p) for p in python_paths()]
