"""Who runs inside and with which environment: the sandbox uid (one per live supervisor) and
the scrubbed environment variables (secrets are refused, not passed)."""

from __future__ import annotations

import os
from pathlib import Path

from .types import SandboxError

UID_SLOTS = 4096
UID_BASE = 200_000


def _claim_uid_slot() -> int:
    """An unprivileged uid that no other live supervisor on this host is using.

    RLIMIT_NPROC counts every process and thread of a uid on the whole host, so sandboxes
    that shared one uid would share one process budget: several judges side by side (one
    worker per GPU) would make each other's thread creation fail, and one fork bomb would
    starve its neighbours. Each supervisor process therefore holds an flock on a slot file
    for its lifetime; slot 0 is the traditional 65534 (nobody), slot k is 200000 + k.
    """
    import fcntl
    import tempfile

    lock_dir = Path(tempfile.gettempdir()) / "kerneljudge-uid-slots"
    try:
        lock_dir.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return 65534
    for slot in range(UID_SLOTS):
        try:
            fd = os.open(lock_dir / str(slot), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return 65534
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue
        _UID_LOCKS.append(fd)  # held until this process exits; os.open fds are not inherited
        return 65534 if slot == 0 else UID_BASE + slot
    return 65534


_UID_LOCKS: list[int] = []
SANDBOX_UID = _claim_uid_slot()
SANDBOX_GID = SANDBOX_UID

# Names that must never reach untrusted code, even if a caller passes them by mistake.
FORBIDDEN_ENV_PREFIXES = ("DJANGO_", "CELERY_", "AWS_", "KERNELJUDGE_SECRET")
FORBIDDEN_ENV_NAMES = {
    "SECRET_KEY",
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "BROKER_URL",
    "PGPASSWORD",
    "POSTGRES_PASSWORD",
    "SSH_AUTH_SOCK",
}
FORBIDDEN_ENV_MARKERS = ("PASSWORD", "TOKEN", "SECRET")
SANDBOX_PATH = "/usr/local/cuda/bin:/usr/local/bin:/usr/bin:/bin"


def scrub_env(extra: dict[str, str], workdir: Path) -> dict[str, str]:
    env = {
        "PATH": SANDBOX_PATH,
        "HOME": str(workdir),
        "TMPDIR": str(workdir),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
    }
    for k, v in (extra or {}).items():
        ku = k.upper()
        if (
            ku in FORBIDDEN_ENV_NAMES
            or ku.startswith(FORBIDDEN_ENV_PREFIXES)
            or any(m in ku for m in FORBIDDEN_ENV_MARKERS)
        ):
            raise SandboxError(f"refusing to pass {k} into the sandbox")
        env[k] = str(v)
    env["HOME"] = env["TMPDIR"] = str(workdir)  # the only writable place
    return env
