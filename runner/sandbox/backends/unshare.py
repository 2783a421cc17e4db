"""The unshare fallback (root only, when bwrap is missing): unshare(1) makes the namespaces
and ``unshare_launch.py``, PID 1 inside, builds the root, drops to the sandbox uid, installs
the seccomp filter and execs the target."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

from .. import seccomp
from ..env import SANDBOX_GID, SANDBOX_PATH, SANDBOX_UID
from ..mounts import DEV_NODES, Plan
from ..types import BackendCommand, SandboxError, SandboxRequest

LAUNCHER = Path(__file__).with_name("unshare_launch.py")


@lru_cache(maxsize=1)
def unshare_works() -> tuple[bool, str]:
    exe = shutil.which("unshare")
    if not exe:
        return False, "unshare(1) not installed"
    if os.geteuid() != 0:
        return False, "the unshare fallback needs root (to mount and drop to an unprivileged uid)"
    try:
        r = subprocess.run(
            [exe, "--mount", "--net", "--pid", "--ipc", "--uts", "--fork", "--", "/bin/true"],
            capture_output=True,
            timeout=20,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"unshare failed: {e}"
    if r.returncode != 0:
        return False, "unshare cannot create namespaces: " + r.stderr.decode(errors="replace")[:200]
    return True, exe


def command(req: SandboxRequest, plan: Plan, env: dict[str, str]) -> BackendCommand:
    return BackendCommand(argv=unshare_argv(req, plan, env), env={"PATH": SANDBOX_PATH})


def unshare_argv(req: SandboxRequest, plan: Plan, env: dict[str, str]) -> list[str]:
    ok, exe = unshare_works()
    scratch = next(
        (
            d
            for d in ("/mnt", "/srv", "/opt", "/media", "/boot")
            if os.path.isdir(d)
            and not any(p == d or p.startswith(d + "/") for p in plan.ro + plan.rw)
        ),
        None,
    )
    if scratch is None:
        raise SandboxError("unshare backend: no empty mount point for the new root")
    binds = [(p, p, "ro") for p in plan.ro] + [
        (d, d, "dev") for d in DEV_NODES + tuple(plan.dev) if os.path.exists(d)
    ]
    binds += [(p, p, "rw") for p in plan.rw]
    command = req.command()
    argv0 = command[0]
    if "/" not in argv0:
        for d in SANDBOX_PATH.split(":"):
            if os.access(os.path.join(d, argv0), os.X_OK):
                argv0 = os.path.join(d, argv0)
                break
    cfg = {
        "scratch": scratch,
        "binds": binds,
        "symlinks": plan.symlinks,
        "files": plan.files,
        "uid": SANDBOX_UID,
        "gid": SANDBOX_GID,
        "cwd": str(req.cwd or req.workdir),
        "argv": [argv0, *command[1:]],
        "env": env,
        "loopback": req.loopback_sockets,
        "seccomp": seccomp.build_filter(loopback_sockets=req.loopback_sockets).hex()
        if seccomp.supported()[0]
        else None,
    }
    return [
        exe,
        "--mount",
        "--net",
        "--pid",
        "--ipc",
        "--uts",
        "--fork",
        "--kill-child",
        "--propagation",
        "private",
        "--",
        sys.executable,
        "-I",
        "-S",
        str(LAUNCHER),
        json.dumps(cfg),
    ]
