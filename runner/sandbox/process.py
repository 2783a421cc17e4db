"""Starting sandboxed processes: ``runner.sandbox`` when it is importable, else a plain
``subprocess.Popen`` in a new session (so the whole process group can still be killed).

Everything else in the runner goes through :func:`spawn` and :func:`run_capture`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

RUNNER_ROOT = Path(__file__).resolve().parents[2]  # the directory holding runner/


def cache_dir(name: str) -> Path:
    """The writable directory ``name`` of the runner's caches, under $KERNELJUDGE_CACHE, else
    ~/.cache/kerneljudge, else the project's var/cache, else /tmp."""
    env = os.environ.get("KERNELJUDGE_CACHE")
    candidates = [Path(env)] if env else []
    candidates += [Path.home() / ".cache" / "kerneljudge", RUNNER_ROOT / "var" / "cache"]
    for root in candidates:
        try:
            (root / name).mkdir(parents=True, exist_ok=True)
            if os.access(root / name, os.W_OK):
                return root / name
        except OSError:
            continue
    return Path("/tmp/kerneljudge-cache") / name


class _PopenHandle:
    def __init__(self, popen: subprocess.Popen):
        self._p = popen
        self.pid = popen.pid

    def wait(self, timeout: float | None = None) -> int | None:
        try:
            return self._p.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        try:
            os.killpg(self._p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self._p.kill()
        except ProcessLookupError:
            pass

    @property
    def returncode(self) -> int | None:
        return self._p.poll()

    memory_exceeded = False
    oom_killed = False


def _sandbox():
    if os.environ.get("KERNELJUDGE_NO_SANDBOX_MODULE"):
        return None
    try:
        from runner import sandbox  # noqa: PLC0415
    except Exception:  # noqa: BLE001 - no sandbox package, or one that fails to import
        return None
    if not hasattr(sandbox, "spawn") or not hasattr(sandbox, "SandboxRequest"):
        return None
    return sandbox


def base_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(RUNNER_ROOT),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
    }
    for key in (
        "CUDA_HOME",
        "CUDA_PATH",
        "LD_LIBRARY_PATH",
        "CUDA_VISIBLE_DEVICES",
        "NVIDIA_VISIBLE_DEVICES",
    ):
        if key in os.environ:
            env[key] = os.environ[key]
    env.update(extra or {})
    return env


def sandbox_owns(path: Path) -> None:
    """Make a directory the supervisor created writable for the sandboxed child."""
    sb = _sandbox()
    if sb is not None and os.geteuid() == 0:
        try:
            os.chown(path, sb.SANDBOX_UID, sb.SANDBOX_GID)
        except (OSError, AttributeError):
            os.chmod(path, 0o777)


def spawn(
    argv: list[str],
    workdir: Path,
    *,
    gpu: bool,
    env: dict[str, str],
    pass_fds: tuple[int, ...] = (),
    memory_bytes: int | None = None,
    timeout_s: float | None = None,
    fsize_bytes: int | None = None,
    log_path: Path | None = None,
    wrap: Sequence[str] = (),
    ro_binds: Sequence[Path] = (),
    loopback_sockets: bool = False,
):
    """Start ``argv`` sandboxed; returns a handle with wait(timeout)/kill()/returncode and
    ``memory_exceeded``. ``wrap`` goes in front of argv inside the sandbox (a profiler such as
    ``ncu ...``); ``ro_binds`` adds read-only paths (a wrapper installed outside /usr);
    ``loopback_sockets`` lets the wrapper and argv open loopback sockets (a profiler)."""
    sb = _sandbox()
    if sb is not None:
        lim = {"wall_s": timeout_s}
        if memory_bytes:
            lim["memory_bytes"] = int(memory_bytes)
        if fsize_bytes:
            lim["fsize_bytes"] = int(fsize_bytes)
        req = sb.SandboxRequest(
            argv=list(argv),
            workdir=Path(workdir),
            gpu=gpu,
            env=dict(env),
            limits=sb.SandboxLimits(**lim),
            ro_binds=[RUNNER_ROOT / "runner", *_bytecode_dirs(env), *map(Path, ro_binds)],
            pass_fds=tuple(pass_fds),
            log_path=log_path,
            wrap=list(wrap),
            loopback_sockets=loopback_sockets,
        )
        return sb.spawn(req)
    log = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115
    try:
        popen = subprocess.Popen(
            [*wrap, *argv],
            cwd=str(workdir),
            env={**env, "HOME": str(workdir)},
            pass_fds=tuple(pass_fds),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,
            close_fds=True,
        )
    finally:
        if log_path:
            log.close()
    return _PopenHandle(popen)


def _bytecode_dirs(env: dict[str, str]) -> list[Path]:
    prefix = env.get("PYTHONPYCACHEPREFIX")
    return [Path(prefix)] if prefix and os.path.isdir(prefix) else []


@dataclass
class Captured:
    returncode: int | None
    output: str
    timed_out: bool
    truncated: bool


def run_capture(
    argv: list[str],
    workdir: Path,
    *,
    timeout_s: float,
    env: dict[str, str],
    cap_bytes: int = 256 * 1024,
    python: bool = False,
    ro_binds: Sequence[Path] = (),
    nice: int = 0,
) -> Captured:
    """Run a tool (nvcc, ncu) to completion in the sandbox; stdout+stderr captured and capped;
    ``ro_binds``: the tool's folders outside /usr, shown read-only; ``nice``: niceness added."""
    sb = _sandbox()
    if sb is not None:
        req = sb.SandboxRequest(
            argv=list(argv),
            workdir=Path(workdir),
            gpu=False,
            env=dict(env),
            python=python,
            ro_binds=list(map(Path, ro_binds)),
            limits=sb.SandboxLimits(
                wall_s=timeout_s,
                memory_bytes=8 << 30,
                stdout_bytes=cap_bytes,
                stderr_bytes=cap_bytes,
                nice=nice,
            ),
        )
        out = sb.run(req)
        text = (out.stdout + out.stderr).decode(errors="replace")
        return Captured(out.returncode, text, out.timed_out, out.output_limit_exceeded)
    try:
        p = subprocess.run(
            list(argv),
            cwd=str(workdir),
            env=env,
            capture_output=True,
            timeout=timeout_s,
            start_new_session=True,
            preexec_fn=(lambda: os.nice(nice)) if nice > 0 else None,
        )
    except subprocess.TimeoutExpired as exc:
        text = ((exc.stdout or b"") + (exc.stderr or b"")).decode(errors="replace")
        return Captured(None, text[:cap_bytes], True, len(text) > cap_bytes)
    text = (p.stdout + p.stderr).decode(errors="replace")
    return Captured(p.returncode, text[:cap_bytes], False, len(text) > cap_bytes)


def sandbox_protections(gpu: bool = False) -> dict:
    sb = _sandbox()
    if sb is None:
        return {"sandbox": "none (plain subprocess in a new session)"}
    fn = getattr(sb, "active_protections", None)
    try:
        prot = fn(gpu) if fn else {"sandbox": "runner.sandbox"}
        return dict(prot) if isinstance(prot, dict) else {"sandbox": str(prot)}
    except Exception as exc:  # noqa: BLE001
        return {"sandbox": f"runner.sandbox (active_protections failed: {exc})"}


PYTHON = sys.executable
