"""How a judgement ends: the Verdict exception and the words for a child's failures."""

from __future__ import annotations

import math
import signal
from pathlib import Path
from typing import Any

from runner.common import wire


class Verdict(Exception):
    """Ends the judgement with a verdict (raised from deep inside the flow)."""

    def __init__(self, verdict: str, message: str, **extra: Any):
        super().__init__(message)
        self.verdict = verdict
        self.message = message
        self.extra = extra


class ChildDied(Exception):
    def __init__(self, returncode: int | None, oom: bool = False, wall_timeout: bool = False):
        super().__init__(f"child exited ({returncode})")
        self.returncode = returncode
        self.oom = oom
        self.wall_timeout = wall_timeout


class ChildTimeout(Exception):
    pass


def _signal_name(rc: int) -> str:
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return f"signal {-rc}"


_SIGNAL_WORDS = {
    "SIGSEGV": "segmentation fault",
    "SIGBUS": "bus error",
    "SIGABRT": "abort",
    "SIGFPE": "arithmetic exception",
    "SIGILL": "illegal instruction",
    "SIGKILL": "killed",
}


def fmt_sizes(sizes: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sizes.items())


def death_verdict(d: ChildDied, where: str, job_timeout_s: float, job_dir: Path) -> Verdict:
    """The verdict for a child that died, hung past the job's wall clock or ran out of memory."""
    rc = d.returncode
    if d.wall_timeout:
        return Verdict(
            "time_limit_exceeded",
            f"The job exceeded its total time limit of "
            f"{job_timeout_s:g} s {where} (the process was killed).",
        )
    if d.oom:
        return Verdict(
            "memory_limit_exceeded",
            f"The process ran out of memory {where} (killed by the memory limit).",
        )
    if rc is None:
        return Verdict("runtime_error", f"The process stopped answering {where}.")
    if rc < 0:
        name = _signal_name(rc)
        if name == "SIGXFSZ":
            return Verdict(
                "output_limit_exceeded", f"The process wrote more output than allowed {where}."
            )
        words = _SIGNAL_WORDS.get(name, "")
        hint = " (possibly out of memory)" if name == "SIGKILL" else ""
        return Verdict(
            "runtime_error",
            f"The process was killed by {name}{' (' + words + ')' if words else ''} {where}{hint}.",
        )
    boot = ""
    log = job_dir / "child_boot.log"
    if log.is_file():
        boot = log.read_text(errors="replace")[-2000:]
    return Verdict(
        "runtime_error",
        f"The process exited with status {rc} {where} (sys.exit / os._exit in the solution?).",
        details=boot,
    )


def child_error_verdict(reply: dict, where: str) -> Verdict:
    """The verdict for an error the child reported (compile_error carries ``compile_log``)."""
    kind = reply.get("kind")
    err = str(reply.get("error", "unknown error"))[:2000]
    tb = str(reply.get("traceback", ""))[-4000:]
    if kind == "compile_error":
        first = err.strip().splitlines()[-1] if err.strip() else err
        return Verdict("compile_error", first, compile_log=err)
    if kind == "memory":
        return Verdict("memory_limit_exceeded", f"Out of memory {where}: {err}", details=tb)
    if kind == "cuda":
        return Verdict("runtime_error", f"CUDA error {where}: {err}", details=tb)
    if kind == "internal_error":  # the harness's own failure, before any user code
        return Verdict("internal_error", f"The judge failed {where}: {err}", details=tb)
    return Verdict("runtime_error", f"The solution raised {err} {where}.", details=tb)


def read_output(job_dir: Path, cap: int) -> tuple[str, str, bool, int]:
    """(stdout, stderr, truncated, total bytes) the child wrote, each capped at ``cap``."""
    out = []
    truncated = False
    total = 0
    for name in ("stdout.txt", "stderr.txt"):
        data, size = wire.read_capped(job_dir / name, cap)
        total += size
        if size > cap:
            truncated = True
            data += f"\n... ({size - cap} more bytes not shown)\n".encode()
        out.append(data.decode(errors="replace"))
    return out[0], out[1], truncated, total


def to_list(t) -> list:
    import torch  # noqa: PLC0415

    flat = t.detach().reshape(-1).cpu()
    if flat.is_floating_point():
        return [(x if math.isfinite(x) else str(x)) for x in flat.double().tolist()]
    return flat.to(torch.int64).tolist()


def sanitize(obj: Any) -> Any:
    """JSON has no NaN/inf: turn them into strings."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else str(obj)
    if isinstance(obj, dict):
        return {k: sanitize(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [sanitize(v) for v in obj]
    return obj
