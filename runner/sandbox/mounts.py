"""What the sandbox can see: the read-only system paths, the interpreter, the job dir, the
GPU nodes and a synthetic /etc (the mount plan every namespace backend builds its root from)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from .env import SANDBOX_GID, SANDBOX_UID
from .types import SandboxRequest

SYNTH_PASSWD = (
    f"sandbox:x:{SANDBOX_UID}:{SANDBOX_GID}:KernelJudge sandbox:/nonexistent:/usr/sbin/nologin\n"
)
SYNTH_GROUP = f"sandbox:x:{SANDBOX_GID}:\n"
SYNTH_HOSTS = "127.0.0.1 localhost\n"
ETC_RO = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    "/etc/nsswitch.conf",
)
DEV_NODES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")


def python_paths() -> list[Path]:
    """The interpreter prefix, the venv and its site-packages (all read-only inside)."""
    out: list[Path] = []
    for p in (sys.base_prefix, sys.prefix, *_site_dirs()):
        if not p:
            continue
        pp = Path(p).resolve()
        if pp.exists() and not any(pp == q or q in pp.parents for q in out):
            if str(pp).startswith(("/usr/", "/lib")) and str(pp) != "/usr":
                continue  # already under /usr
            out.append(pp)
    exe = Path(sys.executable)  # a venv's bin/python is a symlink into base_prefix
    if exe.parent.parent.resolve() not in out and not str(exe).startswith("/usr/"):
        out.append(exe.parent.parent.resolve())
    return out


def interpreter() -> str:
    """sys.executable as the sandbox sees it: its folders resolved (the sandbox binds the
    resolved prefixes above, so a venv reached through a symlinked folder, e.g. a checkout's
    `.venv -> /elsewhere/.venv`, is not at its outside path in there), its own name kept (a
    venv's bin/python finds its pyvenv.cfg from where it is called)."""
    exe = Path(sys.executable)
    return str(exe.parent.resolve() / exe.name)


def _site_dirs() -> list[str]:
    import site

    try:
        return [*site.getsitepackages()]
    except AttributeError:
        return []


def gpu_device_nodes() -> list[str]:
    dev = Path("/dev")
    return sorted(str(p) for p in dev.glob("nvidia*"))


@dataclass
class Plan:
    ro: list[str]
    rw: list[str]
    dev: list[str]
    symlinks: list[tuple[str, str]]
    files: list[tuple[str, str]]


def mount_plan(req: SandboxRequest) -> Plan:
    ro: list[str] = []
    symlinks: list[tuple[str, str]] = []
    ro.append("/usr")
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        p = Path(top)
        if p.is_symlink():
            symlinks.append((top, os.readlink(top)))
        elif p.is_dir():
            ro.append(top)
    ro += [p for p in ETC_RO if os.path.exists(p)]
    if req.python:
        ro += [str(p) for p in python_paths()]
    ro.append("/sys/devices/system/cpu")
    if req.gpu:
        ro.append("/sys")  # the NVIDIA driver and NVML read PCI topology
    for b in req.ro_binds:
        ro.append(str(Path(b).resolve()))
    ro = [p for p in dict.fromkeys(ro) if os.path.exists(p)]
    dev = list(
        req.gpu_devices if req.gpu_devices is not None else (gpu_device_nodes() if req.gpu else [])
    )
    files = [
        ("/etc/passwd", SYNTH_PASSWD),
        ("/etc/group", SYNTH_GROUP),
        ("/etc/hosts", SYNTH_HOSTS),
        ("/etc/hostname", "sandbox\n"),
    ]
    return Plan(
        ro=ro, rw=[str(Path(req.workdir).resolve())], dev=dev, symlinks=symlinks, files=files
    )
