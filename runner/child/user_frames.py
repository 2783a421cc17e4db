"""A Python traceback as plain data, and the user's part of it (untrusted side; no imports
beyond the standard library): the languages whose compilers are Python libraries (TileLang,
cuTile) show the user's frames only, and their mappings are tested on recorded frames."""

from __future__ import annotations

import traceback
from collections.abc import Sequence

Frame = tuple[str, int, str, str]  # (filename, line number, function, source line)
USER_FILE = "solution.py"
MAX_LOG_CHARS = 4000


def frames_of(exc: BaseException) -> list[Frame]:
    return [
        (f.filename, f.lineno or 0, f.name, f.line or "")
        for f in traceback.extract_tb(exc.__traceback__)
    ]


def file_name(filename: str) -> str:
    return filename.replace("\\", "/").rsplit("/", 1)[-1]


def format_frames(frames: Sequence[Frame]) -> list[str]:
    """Frames as Python prints them, one entry per line."""
    out = []
    for filename, lineno, name, line in frames:
        out.append(f'  File "{filename}", line {lineno}, in {name}\n')
        if line:
            out.append(f"    {line.strip()}\n")
    return out


def keep_end(text: str) -> str:
    """At most MAX_LOG_CHARS of a report, its end kept: the summary and the user's last
    frames."""
    return text if len(text) <= MAX_LOG_CHARS else "...\n" + text[-MAX_LOG_CHARS:]


def compiler_error_reply(kind: str, where: str, summary: str, text: str) -> dict:
    """The child's reply for an exception of a solution whose compiler is a Python library:
    for ``compile_error`` the report is the compile log (its last line the verdict's
    message), else the one-line summary with the report as its traceback."""
    if kind == "compile_error":
        return {"ok": False, "kind": kind, "where": where, "error": text}
    return {"ok": False, "kind": kind, "where": where, "error": summary[:2000], "traceback": text}
