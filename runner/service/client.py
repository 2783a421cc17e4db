"""How a worker runs one job: through the warm runner service when one is configured
(``python -m runner serve``, see runner/service/server.py), else in a child ``python -m runner job``
process whose progress events are tailed from a file.

Standard library only (plus runner.contract's dataclasses): the Celery worker imports this and
never imports torch or touches CUDA; everything device-related happens in the service or the
child. The result comes back as the contract's JudgeResult, typed, as the runner made it. The child gets the environment minus the site's secrets. A service that is absent,
refuses the job or dies before answering is not fatal: the job then runs in a
``python -m runner job`` child, as without a service.

It is also the site's one door into the runner besides runner.contract: the inspector, the
device table and package validation are reached through the functions at the end, which
import those parts of the runner only when called.
"""

from __future__ import annotations

import json
import logging
import os
import select
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runner.contract.job import JudgeResult  # pure dataclasses; no torch import

SECRET_ENV = ("SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL")
POLL_S = 0.2
STOP_CHECK_S = 1.0  # how often a job asks its caller's should_stop()
STOPPED = "The judge stopped this job: its submission was cancelled."
SERVICE_CONNECT_TIMEOUT_S = 5.0
MAX_SERVICE_LINE = 256 << 20

log = logging.getLogger(__name__)


class ServiceUnavailable(Exception):
    """The runner service could not judge this job (absent, refused, died mid-job)."""


@dataclass
class RunnerOutcome:
    judge_result: JudgeResult | None  # None when the child or service failed
    error: str = ""  # why there is no result
    timed_out: bool = False
    stopped: bool = False  # the caller's should_stop() said so (a cancelled submission)

    @property
    def result(self) -> dict | None:
        """The JudgeResult as JSON-ready data (for callers that store or print it)."""
        return None if self.judge_result is None else self.judge_result.to_dict()


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


def parse_result(stdout: str) -> JudgeResult:
    """The JudgeResult from the child's stdout (the whole text, else its last JSON line)."""
    text = stdout.strip()
    candidates = [text] + [line for line in reversed(text.splitlines()) if line.startswith("{")]
    last_error: Exception | None = None
    for candidate in candidates:
        try:
            return JudgeResult.from_json(candidate)
        except Exception as exc:  # noqa: BLE001 - try the next candidate
            last_error = exc
    raise ValueError(f"no JudgeResult on the runner's stdout ({last_error})")


def run_service_job(
    job_json: str,
    socket_path: str,
    *,
    timeout_s: float,
    on_event: Callable[[dict], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> RunnerOutcome:
    """Judge through the warm runner service on ``socket_path``; raises ServiceUnavailable
    when it cannot (the caller falls back to a ``python -m runner job`` child). When
    ``should_stop()`` says so, the connection is closed and the outcome is ``stopped``."""
    request = json.dumps({"job": json.loads(job_json)}) + "\n"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(SERVICE_CONNECT_TIMEOUT_S)
        try:
            sock.connect(socket_path)
            sock.sendall(request.encode())
        except OSError as exc:
            raise ServiceUnavailable(
                f"cannot reach the runner service at {socket_path}: {exc}"
            ) from None
        deadline = time.monotonic() + timeout_s
        buf = b""
        while True:
            while b"\n" not in buf:
                left = deadline - time.monotonic()
                if left <= 0:
                    return RunnerOutcome(
                        None, f"The judge stopped this job after {timeout_s:.0f} s.", True
                    )
                if should_stop is not None and should_stop():
                    return RunnerOutcome(None, STOPPED, stopped=True)
                ready, _, _ = select.select([sock], [], [], min(left, STOP_CHECK_S))
                if not ready:
                    continue
                try:
                    chunk = sock.recv(1 << 20)
                except OSError as exc:
                    raise ServiceUnavailable(
                        f"the runner service connection broke: {exc}"
                    ) from None
                if not chunk:
                    raise ServiceUnavailable("the runner service closed the connection early")
                buf += chunk
                if len(buf) > MAX_SERVICE_LINE:
                    raise ServiceUnavailable("the runner service sent an oversized line")
            line, _, buf = buf.partition(b"\n")
            try:
                msg = json.loads(line)
            except ValueError as exc:
                raise ServiceUnavailable(
                    f"the runner service sent a malformed line: {exc}"
                ) from None
            if not isinstance(msg, dict):
                continue
            if "event" in msg:
                if on_event and isinstance(msg["event"], dict):
                    on_event(msg["event"])
            elif "result" in msg:
                try:
                    return RunnerOutcome(parse_result(json.dumps(msg["result"])))
                except ValueError as exc:
                    raise ServiceUnavailable(
                        f"the runner service sent no valid result: {exc}"
                    ) from None
            elif "error" in msg:
                raise ServiceUnavailable(
                    f"the runner service refused the job: {msg['error']}"
                ) from None
    finally:
        sock.close()


def run_job(
    job_json: str,
    *,
    python: str,
    cwd: str,
    timeout_s: float,
    socket_path: str = "",
    on_event: Callable[[dict], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> RunnerOutcome:
    """Through the service when ``socket_path`` is set and it answers, else a child.
    ``should_stop`` is asked about once a second; when it says so the job is abandoned (the
    child's process group killed) and the outcome is ``stopped``."""
    if socket_path:
        started = time.monotonic()
        try:
            return run_service_job(job_json, socket_path, timeout_s=timeout_s,
                                   on_event=on_event, should_stop=should_stop)  # fmt: skip
        except ServiceUnavailable as exc:
            log.warning("runner service unavailable, spawning python -m runner job: %s", exc)
            timeout_s = max(30.0, timeout_s - (time.monotonic() - started))
    return run_runner_job(job_json, python=python, cwd=cwd, timeout_s=timeout_s,
                          on_event=on_event, should_stop=should_stop)  # fmt: skip


def run_runner_job(
    job_json: str,
    *,
    python: str,
    cwd: str,
    timeout_s: float,
    on_event: Callable[[dict], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
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
            started = checked = time.monotonic()
            try:
                while proc.poll() is None:
                    if time.monotonic() - started > timeout_s:
                        _kill_group(proc)
                        return RunnerOutcome(
                            None, f"The judge stopped this job after {timeout_s:.0f} s.", True
                        )
                    if should_stop is not None and time.monotonic() - checked >= STOP_CHECK_S:
                        checked = time.monotonic()
                        if should_stop():
                            _kill_group(proc)
                            return RunnerOutcome(None, STOPPED, stopped=True)
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


# -- the site's other uses of the runner (imported when called) --------------------------------


def inspect_source(source: str, language: str, arch: str, **kwargs: Any) -> dict:
    """runner.tools.inspect: PTX, SASS, resources and occupancy of a CUDA source, compiled in
    the judge's sandbox; other languages get the inspector's explanation."""
    from runner.tools.inspect import inspect_source as inspect  # noqa: PLC0415

    return inspect(source, language, arch, **kwargs)


def device_peaks(name: str, kind: str = "cuda") -> Any:
    """runner.supervisor.devices: the peak bandwidth and FLOP/s of a device by name."""
    from runner.supervisor import devices  # noqa: PLC0415 - a plain table

    return devices.lookup(name, kind)


def validate_packages(argv: list[str]) -> int:
    """runner.tools.validate's command line (problem packages judged against their solutions);
    returns its exit status."""
    from runner.tools import validate  # noqa: PLC0415

    return validate.main(argv)
