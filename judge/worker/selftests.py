"""A worker's self-tests: which languages it can judge on its device, learnt by running
``python -m runner selftest --device cpu|cuda --json`` (runner/tools/selftest.py) in the
runner's environment, and recorded on the worker's row so that the site offers only those.

A worker runs them in the background when it starts (it registers at once and judges while
they run; until they report, the site offers the languages' records) and again every
KJ_SELFTEST_EVERY_S, so a package that breaks or a compiler that goes away stops being
offered without a restart."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping

from django.conf import settings

from judge.worker.services import worker_languages_record

SELFTEST_TIMEOUT_S = 600


def selftest_argv(device: str) -> list[str]:
    return [settings.KJ_RUNNER_PYTHON, "-m", "runner", "selftest", "--device", device, "--json"]


def languages_passed(report: Mapping) -> dict[str, str]:
    """Language -> version of the checks that passed, from the runner's JSON report."""
    return {
        str(c["language"]): str(c.get("version") or "")
        for c in report.get("checks", [])
        if c.get("ok")
    }


def selftest_languages(device: str, env: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """(the languages that passed, what went wrong): a self-test run that cannot report
    advertises no language."""
    try:
        done = subprocess.run(
            selftest_argv(device),
            env=dict(env),
            cwd=settings.KJ_RUNNER_CWD,
            capture_output=True,
            text=True,
            timeout=SELFTEST_TIMEOUT_S,
            preexec_fn=lambda: os.nice(10),  # judgements first; the self-tests fill the gaps
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {}, f"the self-tests did not finish: {exc}"
    try:
        report = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return (
            {},
            f"the self-tests printed no report (exit {done.returncode}): {done.stderr[-500:]}",
        )
    failed = [
        f"{c['language']}: {c.get('reason') or c.get('verdict')}"
        for c in report.get("checks", [])
        if not c.get("ok")
    ]
    return languages_passed(report), "; ".join(failed)


def worker_selftest(name: str, device: str, env: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Run a worker's self-tests and record the languages that passed."""
    passed, problems = selftest_languages(device, env)
    worker_languages_record(name, languages=passed)
    return passed, problems
