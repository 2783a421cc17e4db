"""Docker backend: one short-lived container per sandboxed process, from the runner image.

``container_spec()`` returns keyword arguments for the Docker SDK's ``containers.run`` (plain
dicts, no ``docker`` import needed; ``DeviceRequest`` is given in its Engine-API JSON form,
which the SDK accepts as well); ``docker_run_argv()`` is the equivalent ``docker run`` command
line, which ``backends/docker_run.py`` starts. The worker (not the untrusted code) picks the
image, the GPU and the runtime:

* ``KERNELJUDGE_RUNNER_IMAGE`` (default ``kerneljudge-runner:latest``)
* ``KERNELJUDGE_RUNNER_PYTHON``: the image's interpreter (default: this process's own, as the
  sandbox sees it; a supervisor outside the image names the image's, ``/opt/venv/bin/python``)
* ``KERNELJUDGE_DOCKER_RUNTIME`` (e.g. ``runsc`` for gVisor; default: Docker's own)
* ``KERNELJUDGE_GPU_INDEX`` or the first entry of ``CUDA_VISIBLE_DEVICES`` (the worker's GPU)

The container: no network, a read-only root (``/tmp`` included), the project's folders of the
image hidden under empty tmpfs (``HIDDEN``), the job folder bound read-write at its own path:
the job's private writable place, its HOME and TMPDIR (the supervisor outside writes the
sources and reads the results there, as with the process sandbox), the request's read-only folders (the runner package, the bytecode cache)
bound at their own paths, a synthetic ``/etc/passwd`` and ``/etc/group``, memory (no swap),
pids and the supervisor's CPU set as limits, every capability dropped, no-new-privileges,
private IPC; labelled ``kerneljudge.role=job`` and ``kerneljudge.supervisor=<host>:<pid>``
(``supervisor_label()``: whose job it is, so an operator or a test finds one supervisor's
containers among a host's). Inside, ``docker_launch.py`` is PID 1: it receives the request's descriptors from
the supervisor over a Unix socket in the job folder (SCM_RIGHTS: the supervisor keeps owning
its buffers and channel), and its child sets the rlimits of the process sandbox, installs the
same seccomp deny-list on top of Docker's default profile and executes ``wrap + argv``.

Every path the spec names must be the same on the engine's host and in this process: the job
folder, the runner package and the synthetic files (``docs/deploy.md`` says how a worker
container shares them).
"""

from __future__ import annotations

import json
import os
import socket
import tempfile
from functools import lru_cache
from pathlib import Path

from .. import seccomp
from ..env import SANDBOX_GID, SANDBOX_UID, scrub_env
from ..mounts import SYNTH_GROUP, SYNTH_PASSWD, interpreter
from ..types import SandboxRequest

DEFAULT_IMAGE = "kerneljudge-runner:latest"
LAUNCHER = Path(__file__).resolve().with_name("docker_launch.py")
# The image's own project files (the site, the catalog's references): a job sees none of them,
# only the runner package bound from the supervisor.
HIDDEN = ("/app", "/var/lib/kerneljudge")
# Folders of the image itself: never covered. Any other folder above a bound path (the
# project's, /work or /home on the supervisor's host) is an empty tmpfs that the job may cross
# but not list, as in the process sandbox.
IMAGE_DIRS = ("/usr", "/opt", "/etc", "/var", "/lib", "/lib64", "/bin", "/sbin", "/tmp", "/dev")
COVER = "rw,nosuid,nodev,size=64k,mode=0711"


def _gpu_index() -> str | None:
    v = os.environ.get("KERNELJUDGE_GPU_INDEX")
    if v:
        return v
    cvd = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    return cvd or None


def image_python() -> str:
    """The interpreter of the runner image (``KERNELJUDGE_RUNNER_PYTHON``, else ours)."""
    return os.environ.get("KERNELJUDGE_RUNNER_PYTHON") or interpreter()


def container_user() -> tuple[int, int]:
    """Who runs in the container: the sandbox uid when the supervisor is root (it hands the job
    folder to that uid, as for the process sandbox), else the supervisor's own uid (the job
    folder is its; the container's namespaces keep the job from everything else it owns)."""
    if os.geteuid() == 0:
        return SANDBOX_UID, SANDBOX_GID
    return os.geteuid(), os.getegid()


@lru_cache(maxsize=1)
def synthetic_etc() -> Path:
    """A folder of this process with the sandbox's passwd and group files (bound read-only)."""
    d = Path(tempfile.mkdtemp(prefix="kerneljudge-docker-etc-"))
    os.chmod(d, 0o755)
    for name, text in (("passwd", SYNTH_PASSWD), ("group", SYNTH_GROUP)):
        (d / name).write_text(text)
        os.chmod(d / name, 0o644)
    return d


def launch_config(
    req: SandboxRequest,
    rlimits: list[tuple[int, int]],
    socket_path: str | None,
    fds: list[int],
    env: dict[str, str] | None = None,
) -> str:
    """What ``docker_launch.py`` does inside, as its one JSON argument: the command runs with
    exactly ``env`` (the scrubbed environment), none of the image's own variables."""
    argv = req.command()
    if req.python and not req.wrap and argv and argv[0] == interpreter():
        argv = [image_python(), *argv[1:]]
    program = None
    if seccomp.supported()[0]:
        program = seccomp.build_filter(loopback_sockets=req.loopback_sockets).hex()
    return json.dumps(
        {
            "argv": argv,
            "env": dict(env if env is not None else scrub_env(req.env, req.workdir)),
            "rlimits": [list(r) for r in rlimits],
            "seccomp": program,
            "socket": socket_path,
            "fds": list(fds),
            "nice": max(0, req.limits.nice),
        }
    )


def _covered_parents(targets: list[str]) -> list[str]:
    """The folders above ``targets`` that are not the image's own (``IMAGE_DIRS``)."""
    out: list[str] = []
    bound = [Path(t) for t in targets]
    for t in bound:
        parts = t.parts[1:-1]
        if not parts or f"/{parts[0]}" in IMAGE_DIRS:
            continue
        for i in range(1, len(parts) + 1):
            d = Path("/", *parts[:i])
            inside = any(d == b or b in d.parents for b in bound)  # bound itself, or below
            if not inside and str(d) not in out:
                out.append(str(d))
    return out


def supervisor_label() -> str:
    """The ``kerneljudge.supervisor`` label of the containers this process starts."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _cpuset() -> str | None:
    try:
        return ",".join(str(c) for c in sorted(os.sched_getaffinity(0)))
    except AttributeError:
        return None


def container_spec(
    req: SandboxRequest,
    env: dict[str, str] | None = None,
    image: str | None = None,
    gpu_index: str | int | None = None,
    runtime: str | None = None,
    name: str | None = None,
    launch: str | None = None,
) -> dict:
    """Docker SDK ``containers.run(**spec)`` kwargs for a SandboxRequest. ``launch``: the
    launcher's JSON argument (``launch_config``); without it the container runs
    ``wrap + argv`` directly (no descriptors, no rlimits, Docker's seccomp profile only)."""
    lim = req.limits
    workdir = str(Path(req.workdir).resolve())
    env = env if env is not None else scrub_env(req.env, req.workdir)
    uid, gid = container_user()
    volumes = {workdir: {"bind": workdir, "mode": "rw"}}
    for b in req.ro_binds:
        p = str(Path(b).resolve())
        if os.path.exists(p) and p != workdir:
            volumes.setdefault(p, {"bind": p, "mode": "ro"})
    etc = synthetic_etc()
    volumes[str(etc / "passwd")] = {"bind": "/etc/passwd", "mode": "ro"}
    volumes[str(etc / "group")] = {"bind": "/etc/group", "mode": "ro"}
    if launch is not None:
        if not any(Path(v) in LAUNCHER.parents for v in volumes):
            volumes[str(LAUNCHER.parent)] = {"bind": str(LAUNCHER.parent), "mode": "ro"}
        command = [image_python(), "-I", "-S", str(LAUNCHER), launch]
    else:
        command = req.command()
    tmpfs = {h: COVER for h in HIDDEN}
    for parent in _covered_parents([v["bind"] for v in volumes.values()]):
        tmpfs.setdefault(parent, COVER)
    spec = {
        "image": image or os.environ.get("KERNELJUDGE_RUNNER_IMAGE", DEFAULT_IMAGE),
        "entrypoint": command[:1],  # not the image's (a worker's init and command)
        "command": command[1:],
        "user": f"{uid}:{gid}",
        "environment": dict(env),
        "working_dir": str(req.cwd or workdir),
        "hostname": "sandbox",
        "network_mode": "none",
        "read_only": True,
        "tmpfs": tmpfs,
        "volumes": volumes,
        "pids_limit": lim.nproc,
        "mem_limit": lim.memory_bytes,
        "memswap_limit": lim.memory_bytes,  # = mem_limit: no swap
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges:true"],
        "ipc_mode": "private",
        "labels": {"kerneljudge.role": "job", "kerneljudge.supervisor": supervisor_label()},
        "log_config": {"Type": "none", "Config": {}},  # output goes to the supervisor only
        "stdin_open": True,
        "detach": True,
        "auto_remove": False,  # the supervisor reads OOMKilled, then removes it
    }
    if name:
        spec["name"] = name
    cpus = _cpuset()
    if cpus:
        spec["cpuset_cpus"] = cpus
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


def docker_run_argv(
    req: SandboxRequest,
    env: dict[str, str] | None = None,
    *,
    stdin: bool = True,
    launch: str | None = None,
    **kw,
) -> list[str]:
    """The same container as a ``docker run`` command line (``stdin``: keep it attached)."""
    s = container_spec(req, env, launch=launch, **kw)
    a = ["docker", "run", "--rm=false", "--entrypoint", s["entrypoint"][0]]
    if stdin:
        a.append("-i")
    if "name" in s:
        a += ["--name", s["name"]]
    a += [
        "--user",
        s["user"],
        "--hostname",
        s["hostname"],
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
        "--cap-drop",
        "ALL",
        "--security-opt",
        "no-new-privileges:true",
        "--ipc",
        "private",
        "--log-driver",
        "none",
    ]
    for key, value in s["labels"].items():
        a += ["--label", f"{key}={value}"]
    if "cpuset_cpus" in s:
        a += ["--cpuset-cpus", s["cpuset_cpus"]]
    for path, opts in s["tmpfs"].items():
        a += ["--tmpfs", f"{path}:{opts}"]
    for src, v in s["volumes"].items():
        a += ["--volume", f"{src}:{v['bind']}:{v['mode']}"]
    if "runtime" in s:
        a += ["--runtime", s["runtime"]]
    for dr in s.get("device_requests", []):
        a += ["--gpus", f"device={','.join(dr['DeviceIDs'])}"]
    if launch is None:  # else the launcher sets exactly the environment it was given
        for k, v in s["environment"].items():
            a += ["--env", f"{k}={v}"]
    return a + [s["image"], *s["command"]]
