"""What both sandboxed children share, without torch: the command loop, output capture, the
file-size limit and error replies. ``runner.child.torch_child`` (torch, every language) and
``runner.child.native_child`` (the CUDA driver only, for CUDA solutions in mode ``run``) build on it.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from runner.common import wire

Handler = Callable[[dict], dict]


def user_traceback(exc: BaseException, limit_chars: int = 4000) -> str:
    """The traceback without the harness's own frames at the top."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    text = "".join(lines)
    keep = [ln for ln in lines if "runner/child" not in ln]
    if any('File "' in ln for ln in keep):
        text = "".join(keep)
    return text[-limit_chars:]


def error_reply(exc: BaseException, where: str, kind: str) -> dict:
    return {
        "ok": False,
        "kind": kind,
        "where": where,
        "error": f"{type(exc).__name__}: {exc}"[:2000],
        "traceback": user_traceback(exc),
    }


def redirect_output(workdir: Path) -> None:
    """fd-level: the user's print(), C printf and device printf all land in the files."""
    sys.stdout.flush()
    sys.stderr.flush()
    for fd, name in ((1, "stdout.txt"), (2, "stderr.txt")):
        f = os.open(workdir / name, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(f, fd)
        os.close(f)
    sys.stdout = os.fdopen(1, "w", buffering=1, closefd=False)
    sys.stderr = os.fdopen(2, "w", buffering=1, closefd=False)


def limit_file_size(max_file: int) -> None:
    """Output floods die with SIGXFSZ -> output_limit_exceeded (only ever lowers the limit)."""
    import resource  # noqa: PLC0415

    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    if hard != resource.RLIM_INFINITY:
        max_file = min(max_file, hard)
    try:
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_file, max_file))
    except (ValueError, OSError):
        pass


def apply_init_limits(msg: dict) -> None:
    max_file = msg.get("max_file_bytes")
    if isinstance(max_file, int) and not isinstance(max_file, bool) and max_file > 0:
        limit_file_size(max_file)


def parse_args(prog: str, argv: list[str] | None) -> tuple[int, Path]:
    ap = argparse.ArgumentParser(prog=prog)
    ap.add_argument("--fd", type=int, required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args(argv)
    workdir = Path(args.workdir)
    redirect_output(workdir)
    max_file = int(os.environ.get("KERNELJUDGE_MAX_FILE_BYTES", "0") or 0)
    if max_file > 0:
        limit_file_size(max_file)
    return args.fd, workdir


def serve(
    chan: wire.Channel,
    handlers: dict[str, Handler],
    dead: Callable[[], bool],
    spin_s: float = 0.0,
) -> None:
    """Answer the supervisor's commands until ``exit``, a closed channel, or ``dead()`` (the
    CUDA context is unusable after an error; the supervisor sees EOF next). Never returns:
    the process ends with ``os._exit`` so that no user-registered exit handler runs."""
    while True:
        try:
            msg = chan.recv(spin_s=spin_s)
        except wire.ChannelClosed:
            break
        op = msg.get("op")
        if op == "exit":
            chan.send({"ok": True})
            break
        handler = handlers.get(op)
        if handler is None:
            chan.send({"ok": False, "kind": "protocol", "error": f"unknown op {op!r}"})
            continue
        reply = handler(msg)
        sys.stdout.flush()
        sys.stderr.flush()
        chan.send(reply)
        if dead():
            break
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
