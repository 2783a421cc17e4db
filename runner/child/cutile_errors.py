"""cuTile's errors as the user should read them (untrusted side; imports neither torch nor
cuda.tile: the mapping reads a plain record of the exception, so it is tested on recorded
exceptions without the package).

cuTile compiles a kernel at its first launch, and again for each new specialisation (a
constant, a dtype, a rank): ``cuda.tile`` parses the kernel's Python source, type-checks it
against the launch's arguments, lowers it to Tile IR and runs ``tileiras`` (which runs
``ptxas``). A failure anywhere on that path raises one of cuTile's ``TileError`` classes, which
carry the kernel's source location and the chain of inlined calls that led to it: that is a
**compile error**. Its text is the user's frames, the location in the kernel (the line and a
caret under the offending expression), and a last line that names the user's line. Any other
exception is a runtime error, with the user's frames only.
"""

from __future__ import annotations

import linecache
from collections.abc import Sequence

from runner.child.user_frames import (
    USER_FILE,
    Frame,
    compiler_error_reply,
    file_name,
    format_frames,
    frames_of,
    keep_end,
)

COMPILE_BASE = "TileError"  # every compile-time error of cuda.tile derives from it
TOOL_FAILURE = "InternalCompilerError"  # tileiras or ptxas failed, or ran out of time
_INTERNAL_PARTS = ("/cuda/tile/", "/cutile_cache/", "runner/child", "/torch/", "<frozen ")
MAX_MESSAGE_CHARS = 1500
MAX_LOCATIONS = 20


def _loc_chain(exc: BaseException) -> list[dict]:
    """cuTile's location of the error, innermost first, then the call sites that inlined it."""
    out: list[dict] = []
    loc = getattr(exc, "loc", None)
    while loc is not None and len(out) < MAX_LOCATIONS:
        filename = getattr(loc, "filename", None) or ""
        line = int(getattr(loc, "line", 0) or 0)
        if filename and line:
            function = getattr(getattr(loc, "function", None), "name", None)
            raw = linecache.getline(filename, line).rstrip()
            out.append(
                {
                    "file": filename,
                    "line": line,
                    "col": int(getattr(loc, "col", 0) or 0),
                    "function": function or "<lambda>",
                    "source": raw.strip(),
                    "indent": len(raw) - len(raw.lstrip()),
                }
            )
        loc = getattr(loc, "call_site", None)
    return out


def record(exc: BaseException) -> dict:
    """What the mapping reads of an exception (and what the unit tests record)."""
    return {
        "type": type(exc).__name__,
        "bases": [cls.__name__ for cls in type(exc).__mro__],
        "module": type(exc).__module__,
        "message": str(getattr(exc, "message", None) or exc),
        "locations": _loc_chain(exc),
        "frames": [list(f) for f in frames_of(exc)],
    }


def is_compile_error(rec: dict) -> bool:
    return rec["module"].startswith("cuda.tile") and COMPILE_BASE in rec["bases"]


def is_internal_frame(frame: Frame) -> bool:
    path = frame[0].replace("\\", "/")
    return any(part in path for part in _INTERNAL_PARTS)


def user_frames(frames: Sequence[Frame]) -> list[Frame]:
    return [f for f in frames if file_name(f[0]) == USER_FILE and not is_internal_frame(f)]


def _user_locations(rec: dict) -> list[dict]:
    return [loc for loc in rec["locations"] if file_name(loc["file"]) == USER_FILE]


def _format_locations(locations: Sequence[dict]) -> list[str]:
    """The kernel's lines, outermost call first (as Python orders a traceback)."""
    out = []
    for loc in reversed(locations):
        out.append(f"  {USER_FILE}, line {loc['line']}, in {loc['function']} (kernel)\n")
        if loc["source"]:
            out.append(f"    {loc['source']}\n")
            if loc["col"]:
                out.append("    " + _caret(loc) + "\n")
    return out


def _caret(loc: dict) -> str:
    """A caret under the column cuTile names (counted from 0 in the unstripped line)."""
    return " " * max(loc["col"] - loc.get("indent", 0), 0) + "^"


def headline(rec: dict) -> str:
    """``Type: first line`` of the message; for a failure of tileiras itself, its first line
    that says something (not the return code)."""
    lines = [ln.strip() for ln in rec["message"].splitlines() if ln.strip()]
    if TOOL_FAILURE in rec["bases"]:
        said = [ln for ln in lines if not ln.startswith("Return code")]
        first = said[0] if said else "no message"
        return f"tileiras could not compile the kernel: {first[:300]}"
    first = lines[0][:300] if lines else ""
    return f"{rec['type']}: {first}" if first else rec["type"]


def describe(rec: dict, compiling: bool | None = None) -> tuple[bool, str, str]:
    """(compile error?, one-line summary, text for the report) of a recorded exception."""
    compile_error = is_compile_error(rec) if compiling is None else compiling
    frames = [tuple(f) for f in rec["frames"]]
    user = user_frames(frames)  # type: ignore[arg-type]
    kernel = _user_locations(rec)
    head = headline(rec)
    lines = ["Traceback (most recent call last):\n", *format_frames(user)] if user else []
    lines += _format_locations(kernel)
    body = rec["message"].strip()
    if compile_error:  # cuTile's own rendering of the location is replaced by ours above
        body = body.split('\n    "', 1)[0].strip()
    lines.append(f"{rec['type']}: {body[:MAX_MESSAGE_CHARS]}\n" if body else f"{rec['type']}\n")
    line = kernel[0]["line"] if kernel else (user[-1][1] if user else None)
    where = f" ({USER_FILE}, line {line})" if line else ""
    if compile_error:
        summary = f"cuTile could not compile the kernel{where}: {head}"
        lines.append(summary + "\n")
    else:
        summary = head
    return compile_error, summary, keep_end("".join(lines))


def raised_compiling(exc: BaseException) -> bool:
    return is_compile_error(record(exc))


def error_reply(exc: BaseException, where: str, kind: str) -> dict:
    """The child's reply for an exception of a cuTile solution: kind ``compile_error`` (the
    text is the compile log, its last line the verdict's message), else the child's kind
    (exception, memory, cuda) with the summary and the user-only traceback."""
    compiling = kind == "compile_error"
    _, summary, text = describe(record(exc), compiling)
    return compiler_error_reply(kind, where, summary, text)


def boot(device: str) -> None:
    """cuda.tile imported before the user's module (its import must not be blamed on the
    solution), on a GPU only."""
    if device != "cuda":
        raise RuntimeError(
            f"cuTile solutions run on GPU workers only (device 'cuda'), not on '{device}'"
        )
    import cuda.tile  # noqa: F401, PLC0415
