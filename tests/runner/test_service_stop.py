"""A job whose caller says stop (a submission cancelled while judged) is abandoned: the
runner child's process group is killed, or the service connection closed, and the outcome
says `stopped` without a result."""

from __future__ import annotations

import os
import socket
import threading

from runner.service.client import run_runner_job, run_service_job


def test_a_runner_child_is_killed_when_its_caller_says_stop(tmp_path):
    pid_file = tmp_path / "pid"
    fake_python = tmp_path / "python"
    fake_python.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 300\n")
    fake_python.chmod(0o755)
    asked = []

    def should_stop() -> bool:
        asked.append(1)
        return pid_file.exists()

    outcome = run_runner_job(
        "{}", python=str(fake_python), cwd=str(tmp_path), timeout_s=120, should_stop=should_stop
    )
    assert outcome.stopped and outcome.judge_result is None and not outcome.timed_out
    assert "cancelled" in outcome.error and asked
    pid = int(pid_file.read_text())
    try:
        os.kill(pid, 0)
        alive = os.waitpid(pid, os.WNOHANG) == (0, 0)
    except (ProcessLookupError, ChildProcessError):
        alive = False
    assert not alive


def test_a_service_job_is_abandoned_when_its_caller_says_stop(tmp_path):
    path = str(tmp_path / "s.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    closed = threading.Event()

    def silent_service() -> None:  # takes the job, never answers, notices the hang-up
        conn, _ = server.accept()
        while conn.recv(1 << 16):
            pass
        closed.set()
        conn.close()

    threading.Thread(target=silent_service, daemon=True).start()
    calls = []
    outcome = run_service_job(
        "{}", path, timeout_s=120, should_stop=lambda: calls.append(1) or len(calls) >= 2
    )
    assert outcome.stopped and outcome.judge_result is None
    assert closed.wait(10)
    server.close()
