"""A stand-in for the emulation's diagnostics module (runner/supervisor/emulation.py's hook):
records what the hook was given and answers as a test sets it."""

from __future__ import annotations

calls: list[dict] = []
answer: tuple[str, str] | None = None


def diagnose(j, *, verdict: str, message: str) -> tuple[str, str]:
    calls.append({"verdict": verdict, "message": message, "alive": j.child.alive()})
    return answer if answer is not None else (verdict, message)
