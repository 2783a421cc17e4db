"""The program set under programs/: correct CUDA solutions of catalog problems in the styles
people write, and broken ones, each with the diagnostic it must get.

Header of a program: ``// problem: <slug>``; a broken one adds
``// expect: <kind>; kernel=<name>; index=<text>; extent=<text>; block=<n>; thread=<n>`` and
marks the faulty line with ``// BUG``.
"""

from __future__ import annotations

import re
from pathlib import Path

PROGRAMS = Path(__file__).parent / "programs"
CORRECT = sorted((PROGRAMS / "correct").glob("*.cu"))
BROKEN = sorted((PROGRAMS / "broken").glob("*.cu"))


def header(path: Path) -> dict[str, str]:
    text = path.read_text()
    found = {"problem": re.search(r"^// problem: (\S+)", text, re.M).group(1)}
    expect = re.search(r"^// expect: (.*)$", text, re.M)
    if expect:
        kind, *pairs = [part.strip() for part in expect.group(1).split(";")]
        found["kind"] = kind
        found.update(pair.split("=", 1) for pair in pairs)
    return found


def bug_line(path: Path) -> int:
    lines = path.read_text().splitlines()
    return next(i for i, ln in enumerate(lines, 1) if "// BUG" in ln)
