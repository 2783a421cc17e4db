"""Docker backend: one container per job from the runner image.

``container_spec()`` returns keyword arguments for the Docker SDK's ``containers.run`` (plain
dicts, no ``docker`` import needed; ``DeviceRequest`` is given in its Engine-API JSON form,
which the SDK accepts as well); ``docker_run_argv()`` is the equivalent ``docker run`` command
line. The worker (not the untrusted code) picks the image, the GPU and the runtime:

* ``KERNELJUDGE_RUNNER_IMAGE`` (default ``kerneljudge-runner:latest``)
* ``KERNELJUDGE_DOCKER_RUNTIME`` (e.g. ``runsc`` for gVisor; default: Docker's own)
* ``KERNELJUDGE_GPU_INDEX`` or the first entry of ``CUDA_VISIBLE_DEVICES`` (the worker's GPU)

There is no Docker engine on the development machine: the spec is unit-tested field by field
(tests/runner/sandbox/test_sandbox_units.py), never run there. docs/security.md says so.
"""

from __future__ import annotations

import os

from ..env import scrub_env
from ..handle import SandboxProcess
from ..types import SandboxError, SandboxRequest

DEFAULT_IMAGE = "kerneljudge-runner:latest"
# Containers get a pids cgroup limit each, so they can all share the nobody uid.
CONTAINER_UID = 65534


def _gpu_index() -> str | None:
    v = os.environ.get("KERNELJUDGE_GPU_INDEX")
    if v:
        return v
    cvd = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    return cvd or None


def container_spec(
    req: SandboxRequest,
    env: dict[str, str] | None = None,
    image: str | None = None,
    gpu_index: str | int | None = None,
    runtime: str | None = None,
    cpus: float = 2.0,
) -> dict:
    """Docker SDK ``containers.run(**spec)`` kwargs for a SandboxRequest."""
    lim = req.limits
    workdir = str(req.workdir)
    env = env if env is not None else scrub_env(req.env, req.workdir)
    cpu_s = lim.cpu_s if lim.cpu_s is not None else (int(lim.wall_s) + 1 if lim.wall_s else -1)
    ulimits = [
        {"Name": "core", "Soft": 0, "Hard": 0},
        {"Name": "fsize", "Soft": lim.fsize_bytes, "Hard": lim.fsize_bytes},
        {"Name": "nofile", "Soft": lim.nofile, "Hard": lim.nofile},
        {"Name": "nproc", "Soft": lim.nproc, "Hard": lim.nproc},
    ]
    if cpu_s > 0:
        ulimits.append({"Name": "cpu", "Soft": cpu_s, "Hard": cpu_s})
    spec = {
        "image": image or os.environ.get("KERNELJUDGE_RUNNER_IMAGE", DEFAULT_IMAGE),
        "command": req.command(),
        "user": f"{CONTAINER_UID}:{CONTAINER_UID}",
        "environment": dict(env),
        "working_dir": str(req.cwd or workdir),
        "network_mode": "none",
        "read_only": True,
        "tmpfs": {
            workdir: f"rw,nosuid,nodev,size={max(lim.fsize_bytes, 64 << 20)},"
            f"uid={CONTAINER_UID},gid={CONTAINER_UID},mode=0755"
        },
        "pids_limit": lim.nproc,
        "mem_limit": lim.memory_bytes,
        "memswap_limit": lim.memory_bytes,  # = mem_limit: no swap
        "nano_cpus": int(cpus * 1e9),
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges:true"],
        "ipc_mode": "private",
        "init": True,
        "ulimits": ulimits,
        "labels": {"kerneljudge.role": "job"},
        "stdin_open": True,
        "detach": True,
        "auto_remove": False,  # the worker reads the exit code and OOMKilled, then removes
    }
    rt = runtime or os.environ.get("KERNELJUDGE_DOCKER_RUNTIME")
    if rt:
        spec["runtime"] = rt
    if req.gpu:
        idx = gpu_index if gpu_index is not None else _gpu_index()
        if idx is None:
            raise ValueError(
                "GPU job but no GPU index (KERNELJUDGE_GPU_INDEX / CUDA_VISIBLE_DEVICES)"
            )
        spec["device_requests"] = [
            {
                "Driver": "",
                "Count": 0,
                "DeviceIDs": [str(idx)],
                "Capabilities": [["gpu"]],
                "Options": {},
            }
        ]
    return spec


def docker_run_argv(req: SandboxRequest, env: dict[str, str] | None = None, **kw) -> list[str]:
    """The same container as a ``docker run`` command line."""
    s = container_spec(req, env, **kw)
    a = [
        "docker",
        "run",
        "--rm",
        "-i",
        "--user",
        s["user"],
        "--network",
        "none",
        "--read-only",
        "--workdir",
        s["working_dir"],
        "--pids-limit",
        str(s["pids_limit"]),
        "--memory",
        str(s["mem_limit"]),
        "--memory-swap",
        str(s["memswap_limit"]),
        "--cpus",
        str(s["nano_cpus"] / 1e9),
        "--cap-drop",
        "ALL",
        "--security-opt",
        "no-new-privileges:true",
        "--ipc",
        "private",
        "--init",
        "--label",
        "kerneljudge.role=job",
    ]
    for path, opts in s["tmpfs"].items():
        a += ["--tmpfs", f"{path}:{opts}"]
    for u in s["ulimits"]:
        a += ["--ulimit", f"{u['Name']}={u['Soft']}:{u['Hard']}"]
    if "runtime" in s:
        a += ["--runtime", s["runtime"]]
    for dr in s.get("device_requests", []):
        a += ["--gpus", f"device={','.join(dr['DeviceIDs'])}"]
    for k, v in s["environment"].items():
        a += ["--env", f"{k}={v}"]
    return a + [s["image"], *s["command"]]


def spawn_container(req: SandboxRequest, env: dict[str, str]) -> SandboxProcess:
    """Start the request as ``docker run`` (the engine applies the limits, not this host)."""
    if req.pass_fds:
        raise SandboxError("pass_fds cannot cross into a container; use stdin/stdout")
    argv = docker_run_argv(req, env)
    proc = SandboxProcess(req, "docker")
    proc.start(argv, stdin=req.stdin, stdout=req.stdout, stderr=req.stderr)
    proc.arm()
    return proc
