"""Where in the user's file a failure happened: lines of the compiler output that name
solution.cu (`solution.cu:12:5: error: ...`) and the frames of a Python traceback in
solution.py (`File ".../solution.py", line 12, in solve`). The runner writes the user's
source as that file unchanged, so its line numbers are the user's; each diagnostic carries
the line's text for the report, and the editor marks the same lines (CodeMirror lint)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

CUDA_FILE = "solution.cu"
PY_FILE = "solution.py"
COMPILER_LINE = re.compile(
    r"^(?:\S*/)?solution\.cu:(?P<line>\d+)(?::(?P<col>\d+))?:\s*"
    r"(?:(?P<severity>fatal error|error|warning|note|remark)\s*:?\s*)?(?P<message>.*)$"
)
PY_FRAME = re.compile(
    r'^\s*File "(?:[^"]*/)?solution\.py", line (?P<line>\d+)(?:, in (?P<fn>.+))?$'
)
SEVERITIES = {"fatal error": "error", "error": "error", "warning": "warning"}
MAX_DIAGNOSTICS = 50


@dataclass(frozen=True)
class Diagnostic:
    line: int  # 1-based, in the user's file
    column: int  # 1-based; 0 when not known
    severity: str  # "error" | "warning" | "info"
    message: str
    source_line: str  # the user's line, as submitted

    def as_dict(self) -> dict:
        return asdict(self)


def _source_line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 1 <= number <= len(lines) else ""


def compiler_diagnostics(log: str, source: str) -> list[Diagnostic]:
    """nvcc / g++ messages about solution.cu, in the order printed (notes as "info")."""
    lines = source.splitlines()
    found: list[Diagnostic] = []
    for raw in (log or "").splitlines():
        match = COMPILER_LINE.match(raw.strip())
        if match is None:
            continue
        number = int(match["line"])
        if not 1 <= number <= max(1, len(lines)):
            continue
        severity = SEVERITIES.get(match["severity"] or "error", "info")
        found.append(
            Diagnostic(number, int(match["col"] or 0), severity, match["message"].strip(),
                       _source_line(lines, number))
        )  # fmt: skip
        if len(found) >= MAX_DIAGNOSTICS:
            break
    return found


def traceback_diagnostics(traceback: str, source: str) -> list[Diagnostic]:
    """The innermost frame in solution.py of a Python traceback (the line that raised or
    called out of the user's code), with the exception's last line as the message."""
    text = traceback or ""
    frames = [m for m in (PY_FRAME.match(raw) for raw in text.splitlines()) if m]
    if not frames:
        return []
    last = frames[-1]
    number = int(last["line"])
    lines = source.splitlines()
    if not 1 <= number <= max(1, len(lines)):
        return []
    tail = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    message = tail[-1] if tail else "error"
    where = f" (in {last['fn']})" if last["fn"] and last["fn"] != "<module>" else ""
    return [Diagnostic(number, 0, "error", message + where, _source_line(lines, number))]


def submission_diagnostics(*, language: str, source: str, result: dict | None) -> list[Diagnostic]:
    """The diagnostics of a judged submission: compiler messages for a compile error (a
    Python file's syntax error comes as a traceback in the compile log), else the raising
    line of a runtime error's traceback."""
    result = result or {}
    verdict = result.get("verdict")
    log = str(result.get("compile_log") or "")
    if language == "cuda" and log:
        found = compiler_diagnostics(log, source)
        if found or verdict == "compile_error":
            return found
    if language != "cuda" and verdict == "compile_error":
        return traceback_diagnostics(log, source) or _syntax_error(log, source)
    if verdict in ("runtime_error", "memory_limit_exceeded", "time_limit_exceeded"):
        text = "\n".join(str(result.get(k) or "") for k in ("details", "stderr"))
        return traceback_diagnostics(text, source)
    return []


SYNTAX_LINE = re.compile(r"solution\.py, line (?P<line>\d+)")


def _syntax_error(log: str, source: str) -> list[Diagnostic]:
    match = SYNTAX_LINE.search(log)
    if match is None:
        return []
    number = int(match["line"])
    lines = source.splitlines()
    tail = [ln.strip() for ln in log.strip().splitlines() if ln.strip()]
    return [Diagnostic(number, 0, "error", tail[-1] if tail else "syntax error",
                       _source_line(lines, number))]  # fmt: skip
