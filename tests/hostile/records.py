"""The bubblewrap verdicts of the CPU corpus, kept by make test's run of the corpus
(tests/hostile/test_corpus.py) for the Docker backend's comparison
(tests/docker/test_hostile_docker.py), so that `.ci/run`, which runs both on one tree, judges
each case under bubblewrap once. A record names the tree it was made from (HEAD and the
working tree's changes) and the sandbox; one of another tree or another sandbox is not used,
and the Docker test then judges the case under bubblewrap itself."""

from __future__ import annotations

import functools
import hashlib
import json
import subprocess

from runner.sandbox.backends import choose_backend
from runner.tools.hostile.cases import REPO

RECORDS = REPO / "var" / "hostile-verdicts"


@functools.cache
def tree_key() -> str | None:
    """A digest of HEAD, every uncommitted change and the untracked files among what a verdict
    depends on (None outside a git checkout)."""
    parts = []
    judged = ["--", "runner", "problems", "tests/hostile"]  # what a verdict depends on
    for args in (["rev-parse", "HEAD"], ["status", "--porcelain", *judged], ["diff", "HEAD"]):
        try:
            out = subprocess.run(
                ["git", *args], cwd=REPO, capture_output=True, text=True, check=True, timeout=60
            )
        except (OSError, subprocess.SubprocessError):
            return None
        parts.append(out.stdout)
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def keep(name: str, result: dict) -> None:
    """Record ``result`` (runner.tools.hostile.judge_case's) of the case ``name``."""
    key = tree_key()
    if key is None:
        return
    RECORDS.mkdir(parents=True, exist_ok=True)
    record = {"tree": key, "sandbox": choose_backend(), "result": result}
    tmp = RECORDS / f".{name}.json.tmp"
    tmp.write_text(json.dumps(record))
    tmp.replace(RECORDS / f"{name}.json")


def recorded(name: str, sandbox: str) -> dict | None:
    """The kept result of the case ``name`` judged under ``sandbox`` on this very tree."""
    key = tree_key()
    try:
        record = json.loads((RECORDS / f"{name}.json").read_text())
    except (OSError, ValueError):
        return None
    if key is None or record.get("tree") != key or record.get("sandbox") != sandbox:
        return None
    return record.get("result")
