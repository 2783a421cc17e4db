"""What this host actually enforces, in words (for JudgeResult.protections and the doctor)."""

from __future__ import annotations

import os
import shutil
from functools import lru_cache

from . import cgroups, seccomp
from .backends import ENV_SETTING, bwrap_works, choose_backend, unshare_works
from .env import SANDBOX_UID
from .mounts import gpu_device_nodes
from .types import SandboxError


def _p(active: bool, detail: str) -> dict:
    return {"active": bool(active), "detail": detail}


@lru_cache(maxsize=4)
def _cached(gpu: bool, setting: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    try:
        backend = choose_backend()
        why = ""
    except SandboxError as e:
        backend, why = "unavailable", str(e)
    boxed = backend in ("bwrap", "unshare")
    if backend == "bwrap":
        bdetail = f"bubblewrap ({bwrap_works()[1]})"
    elif backend == "unshare":
        bdetail = "unshare(1) + runner/sandbox/backends/unshare_launch.py (bwrap not available: "
        bdetail += bwrap_works()[1] + ")"
    elif backend == "docker":
        bdetail = "a Docker container per sandboxed process (the engine enforces its limits)"
    elif backend == "none":
        bdetail = f"NONE: {ENV_SETTING}=none - untrusted code runs unsandboxed (dev only)"
    else:
        bdetail = why
    out["backend"] = _p(backend in ("bwrap", "unshare", "docker"), bdetail)
    docker = backend == "docker"
    ns = boxed or docker
    out["network_namespace"] = _p(
        ns, "empty network namespace: no interfaces but lo" if ns else "host network reachable"
    )
    out["pid_namespace"] = _p(
        ns,
        "own pid namespace; killing it kills every descendant"
        if ns
        else "shares the host pid namespace",
    )
    out["ipc_uts_namespaces"] = _p(ns, "own ipc and uts namespaces" if ns else "shared")
    out["mount_namespace"] = _p(
        ns,
        "read-only image root, the image's project hidden; the job dir and a private /tmp "
        "writable; no project files except the runner's ro binds"
        if docker
        else "read-only root; only the job dir is writable; no /root, no "
        "host /tmp, no project files except the runner's ro binds"
        if ns
        else "sees the whole host filesystem",
    )
    uid0 = os.geteuid() == 0
    out["unprivileged_uid"] = _p(
        ns,
        f"runs as uid/gid {SANDBOX_UID} (one per live supervisor) with no capabilities"
        if ns
        else ("runs as ROOT" if uid0 else f"runs as uid {os.geteuid()}"),
    )
    ok, d = seccomp.supported()
    out["seccomp"] = _p(
        ok and (boxed or docker),
        d if boxed else (f"{d}, on top of Docker's default profile" if docker else "not applied"),
    )
    if docker and not ok:
        out["seccomp"] = _p(True, "Docker's default profile only: " + d)
    out["no_new_privs"] = _p(
        boxed or docker,
        "PR_SET_NO_NEW_PRIVS before exec"
        if boxed
        else ("no-new-privileges:true" if docker else "not set"),
    )
    out["rlimits"] = _p(
        True, "CORE=0, FSIZE, NOFILE, NPROC, CPU" + ("" if gpu else ", AS (non-GPU jobs)")
    )
    out["rlimit_as"] = _p(
        not gpu,
        "address-space cap for CPU jobs (memory + 16 GiB headroom for the interpreter's library mappings) and nvcc (memory + 1 GiB)"
        if not gpu
        else "not set for CUDA jobs: the driver reserves huge virtual ranges; "
        "memory is capped by the cgroup instead",
    )
    if docker:
        out["cgroup_memory"] = _p(True, "the container's memory limit (no swap), read from outside")
        out["cgroup_pids"] = _p(True, "the container's pids limit")
    else:
        cok, cd = _cgroup_probe()
        out["cgroup_memory"] = _p(cok, cd)
        out["cgroup_pids"] = _p(
            cok and cgroups.version() in (1, 2), cd if cok else cd + "; RLIMIT_NPROC still applies"
        )
    out["wall_clock_kill"] = _p(
        True,
        "SIGKILL to the process group, the pid namespace's init and every pid in the job cgroup",
    )
    out["output_caps"] = _p(
        True,
        "stdout/stderr read through pipes with a byte cap; written bytes capped by RLIMIT_FSIZE",
    )
    out["env_scrubbed"] = _p(
        True,
        "only PATH, HOME, TMPDIR, LANG/LC_ALL and explicit "
        "non-secret variables; secrets are refused",
    )
    if gpu:
        nodes = gpu_device_nodes()
        out["gpu_devices"] = _p(
            bool(nodes) or docker,
            ("passed: " + ", ".join(nodes))
            if nodes
            else (
                "device request for the worker's GPU" if docker else "no /dev/nvidia* on this host"
            ),
        )
    else:
        out["gpu_devices"] = _p(True, "no /dev/nvidia* and no /sys for CPU jobs")
    engine = os.path.exists("/var/run/docker.sock")
    out["docker_engine"] = _p(
        docker and engine,
        ("Docker backend selected; engine socket " + ("present" if engine else "MISSING"))
        if docker
        else (
            "not selected ("
            + ENV_SETTING
            + "=docker to use it); "
            + (
                "engine socket present"
                if engine
                else "no Docker engine on this host (CLI "
                + ("present" if shutil.which("docker") else "absent")
                + ")"
            )
        ),
    )
    out["unshare_fallback"] = _p(
        unshare_works()[0], unshare_works()[1] if not unshare_works()[0] else "available"
    )
    return out


def _cgroup_probe() -> tuple[bool, str]:
    return cgroups.probe()


def active_protections(gpu: bool = False) -> dict[str, dict]:
    """``{name: {"active": bool, "detail": str}}`` for a job of this kind on this host."""
    return {k: dict(v) for k, v in _cached(bool(gpu), os.environ.get(ENV_SETTING, "")).items()}
