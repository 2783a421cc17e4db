"""Running one job in a child `python -m runner job` process and tailing its progress events.

The Celery worker never imports torch or touches CUDA: everything device-related happens in
the child. The child gets the environment minus the site's secrets.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SECRET_ENV = ("SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL")
POLL_S = 0.2


@dataclass
class RunnerOutcome:
    result: dict | None  # the JudgeResult dict, or None when the child failed
    error: str = ""  # why there is no result
    timed_out: bool = False


class EventTail:
    """Reads complete JSON lines appended to a file since the last call."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        self.partial = b""

    def read(self) -> list[dict]:
        try:
            with self.path.open("rb") as handle:
                handle.seek(self.offset)
                chunk = handle.read()
        except FileNotFoundError:
            return []
        self.offset += len(chunk)
        lines = (self.partial + chunk).split(b"\n")
        self.partial = lines.pop()
        events = []
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict):
                events.append(event)
        return events


def _child_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in SECRET_ENV}


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def parse_result(stdout: str) -> dict:
    """The JudgeResult from the child's stdout (the whole text, else its last JSON line)."""
    from runner.spec import JudgeResult  # pure dataclasses; no torch import

    text = stdout.strip()
    candidates = [text] + [line for line in reversed(text.splitlines()) if line.startswith("{")]
    last_error: Exception | None = None
    for candidate in candidates:
        try:
            return JudgeResult.from_json(candidate).to_dict()
        except Exception as exc:  # noqa: BLE001 - try the next candidate
            last_error = exc
    raise ValueError(f"no JudgeResult on the runner's stdout ({last_error})")


def run_runner_job(
    job_json: str,
    *,
    python: str,
    cwd: str,
    timeout_s: float,
    on_event: Callable[[dict], None] | None = None,
) -> RunnerOutcome:
    with tempfile.TemporaryDirectory(prefix="kj-job-") as tmp:
        work = Path(tmp)
        spec_path, events_path = work / "job.json", work / "events.jsonl"
        spec_path.write_text(job_json)
        events_path.touch()
        tail = EventTail(events_path)
        with (work / "stdout").open("wb") as out, (work / "stderr").open("wb") as err:
            proc = subprocess.Popen(
                [python, "-m", "runner", "job", str(spec_path), "--events", str(events_path)],
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                env=_child_env(),
                start_new_session=True,
            )
            started = time.monotonic()
            try:
                while proc.poll() is None:
                    if time.monotonic() - started > timeout_s:
                        _kill_group(proc)
                        return RunnerOutcome(
                            None, f"The judge stopped this job after {timeout_s:.0f} s.", True
                        )
                    for event in tail.read():
                        if on_event:
                            on_event(event)
                    time.sleep(POLL_S)
            finally:
                if proc.poll() is None:  # e.g. Celery's soft time limit interrupted us
                    _kill_group(proc)
        for event in tail.read():
            if on_event:
                on_event(event)
        stdout = (work / "stdout").read_text(errors="replace")
        stderr = (work / "stderr").read_text(errors="replace")
    try:
        return RunnerOutcome(parse_result(stdout))
    except ValueError as exc:
        tail_text = stderr.strip()[-2000:]
        return RunnerOutcome(
            None,
            f"The runner exited with status {proc.returncode} without a valid result: {exc}."
            + (f"\n{tail_text}" if tail_text else ""),
        )
