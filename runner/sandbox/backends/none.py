"""The ``none`` backend: no isolation at all, for explicit development use only (reported
loudly; the rlimits and the job cgroup still apply)."""

from __future__ import annotations

import sys
import warnings

from ..types import BackendCommand, SandboxRequest


def command(req: SandboxRequest, env: dict[str, str]) -> BackendCommand:
    """The request's own command and environment, after a loud warning."""
    # stacklevel 4: none.command <- backends.command <- spawn <- the caller of spawn
    warnings.warn(
        "KERNELJUDGE_SANDBOX=none: untrusted code runs UNSANDBOXED (dev only)", stacklevel=4
    )
    print(
        "WARNING: sandbox backend 'none' - untrusted code runs with the supervisor's "
        "rights (dev only)",
        file=sys.stderr,
    )
    return BackendCommand(argv=req.command(), env=env)
