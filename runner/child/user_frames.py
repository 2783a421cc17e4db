"""A Python traceback as plain data, and the user's part of it (untrusted side; no imports
beyond the standard library): the languages whose compilers are Python libraries (TileLang,
cuTile) show the user's frames only, and their mappings are tested on recorded frames."""

from __future__ import annotations

import traceback
from collections.abc import Sequence

Frame = tuple[str, int, str, str]  # (filename, line number, function, source line)
USER_FILE = "solution.py"


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
