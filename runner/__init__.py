"""KernelJudge runner: judge one job (compile, run in a sandboxed child, verify, time).

``runner`` never imports Django. ``from runner import judge`` is cheap: torch is imported
only when a job runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from runner.contract import JobSpec, JudgeResult

__all__ = ["judge"]


def judge(
    job: JobSpec, on_event: Callable[[dict], Any] | None = None, spare: Any = None
) -> JudgeResult:
    """Judge ``job`` and return its :class:`~runner.contract.JudgeResult`; never raises.

    ``on_event`` receives progress dicts: ``{"phase": "compiling"}``,
    ``{"phase": "testing", "test": k, "total": n}``,
    ``{"phase": "benchmarking", "case": c, "total": n}``, ``{"phase": "done", "verdict": v}``.
    ``spare``: a pre-started :class:`runner.supervisor.childproc.Spare` child (consumed either way).
    """
    from runner.supervisor.judgement import judge as _judge  # noqa: PLC0415

    return _judge(job, on_event, spare=spare)
