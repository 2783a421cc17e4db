"""Smoke test of bench/scoreboard_load.py at its tiny size (--quick): it loads a contest,
serves it with gunicorn, polls the board and writes its JSON with the provenance, the method
and every sample. Speed is never asserted here (bench/results/ holds the figures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(900)]


def test_scoreboard_load_quick_writes_its_samples(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "KJ_VAR_DIR")}  # fmt: skip
    out = tmp_path / "load.json"
    done = subprocess.run(
        [sys.executable, "bench/scoreboard_load.py", "--quick", "--out", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=850,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    record = json.loads(out.read_text())
    summary = record["summary"]
    assert summary["errors"] == 0 and summary["requests"] == len(record["samples_ms"]) > 0
    assert record["board"]["rows"] == 50 and record["method"]["clients"] == 10
    assert record["provenance"]["source"]["tree"]
    assert summary["p50_ms"] <= summary["p95_ms"] <= summary["max_ms"]
