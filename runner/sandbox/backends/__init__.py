"""The isolation backends, one module each, and the choice between them.

``$KERNELJUDGE_SANDBOX`` = ``bwrap`` | ``unshare`` | ``docker`` | ``none`` (default: bwrap
when it works, else the unshare fallback). bwrap, unshare and none start a host process under
the job cgroup and rlimits (``command()`` says which); docker hands the job to the engine
(``docker.spawn_container``).
"""

from __future__ import annotations

import os

from ..mounts import mount_plan
from ..types import BackendCommand, SandboxError, SandboxRequest
from . import bwrap, none, unshare
from .bwrap import bwrap_works
from .unshare import unshare_works

BACKENDS = ("bwrap", "unshare", "docker", "none")
ENV_SETTING = "KERNELJUDGE_SANDBOX"


def choose_backend(requested: str | None = None) -> str:
    """The backend a request gets: explicit > $KERNELJUDGE_SANDBOX > bwrap > unshare."""
    name = (requested or os.environ.get(ENV_SETTING, "") or "auto").strip().lower()
    if name in ("docker", "none"):
        return name
    if name == "bwrap":
        ok, why = bwrap_works()
        if not ok:
            raise SandboxError(f"{ENV_SETTING}=bwrap but {why}")
        return name
    if name == "unshare":
        ok, why = unshare_works()
        if not ok:
            raise SandboxError(f"{ENV_SETTING}=unshare but {why}")
        return name
    if name != "auto":
        raise SandboxError(f"{ENV_SETTING}={name!r}: expected one of {', '.join(BACKENDS)}")
    if bwrap_works()[0]:
        return "bwrap"
    if unshare_works()[0]:
        return "unshare"
    raise SandboxError(
        "no process sandbox available: "
        + bwrap_works()[1]
        + "; "
        + unshare_works()[1]
        + f" (set {ENV_SETTING}=none for unsafe dev use)"
    )


def command(backend: str, req: SandboxRequest, env: dict[str, str]) -> BackendCommand:
    """How ``backend`` (bwrap, unshare or none) starts ``req`` with the scrubbed ``env``."""
    if backend == "bwrap":
        return bwrap.command(req, mount_plan(req), env)
    if backend == "unshare":
        return unshare.command(req, mount_plan(req), env)
    if backend == "none":
        return none.command(req, env)
    raise SandboxError(f"backend {backend!r} does not start a host process")


__all__ = ["BACKENDS", "ENV_SETTING", "bwrap_works", "choose_backend", "command", "unshare_works"]
