"""Provenance of an end-to-end latency run: the commit, a hash of uncommitted changes, a
content hash of the tree that ran (reproducible on a copy of the tree without git), and the
machine. Standard library only."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import subprocess
from pathlib import Path

from stack import ROOT

HASH_SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", "node_modules", ".venv",
                  "var", "staticfiles", "build", ".whl", ".gl"}  # fmt: skip
HASH_SKIP_PATHS = ("bench/results/", "bench/e2e/wheels/")


def git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.decode(errors="replace") if out.returncode == 0 else None


def tree_files() -> list[str]:
    """The files that travel to a device host: git's tracked and untracked-not-ignored files,
    or, where there is no git, a walk without the usual ignored folders."""
    listed = git("ls-files", "--cached", "--others", "--exclude-standard", "-z")
    if listed is not None:
        names = [n for n in listed.split("\0") if n]
    else:
        names = []
        for dirpath, dirnames, filenames in os.walk(ROOT):
            dirnames[:] = [d for d in dirnames if d not in HASH_SKIP_DIRS
                           and not d.endswith(".egg-info")]  # fmt: skip
            rel = Path(dirpath).relative_to(ROOT)
            names += [str(rel / f) if str(rel) != "." else f for f in filenames
                      if not f.endswith(".pyc")]  # fmt: skip
    return sorted(n for n in names if not n.startswith(HASH_SKIP_PATHS) and (ROOT / n).is_file())


def tree_hash() -> str:
    """sha256 over (path, content) of the tree's files, results and wheels left out: the same
    here and on a device host that got a copy of this tree (`--tree-hash` prints it)."""
    h = hashlib.sha256()
    for name in tree_files():
        h.update(name.encode() + b"\0" + hashlib.sha256((ROOT / name).read_bytes()).digest())
    return h.hexdigest()[:16]


def provenance() -> dict:
    head = (git("rev-parse", "HEAD") or "").strip() or os.environ.get("KJ_COMMIT", "")
    outputs = [f":(exclude){p.rstrip('/')}" for p in HASH_SKIP_PATHS]  # results, wheels
    diff = git("diff", "HEAD", "--binary", "--", ".", *outputs)
    untracked = git("ls-files", "--others", "--exclude-standard", "--", ".", *outputs)
    diff_hash = None
    if diff is not None:
        diff_hash = hashlib.sha256((diff + (untracked or "")).encode()).hexdigest()[:16]
        if not diff.strip() and not (untracked or "").strip():
            diff_hash = "clean"
    return {"commit": head, "diff_hash": diff_hash, "tree_hash": tree_hash()}


def run_text(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (out.stdout or out.stderr).strip() if out.returncode == 0 else ""


def machine(python: str) -> dict:
    cpu = ""
    try:
        cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                    if line.startswith("model name")), "")  # fmt: skip
    except OSError:
        pass
    probe = ("import django, sys; v = {'python': sys.version.split()[0], 'django': django.__version__}\n"
             "try:\n import torch; v['torch'] = torch.__version__; v['torch_cuda'] = torch.version.cuda\n"
             "except Exception as e: v['torch'] = repr(e)\nimport json; print(json.dumps(v))")  # fmt: skip
    info = {"host": platform.node(), "cpus": os.cpu_count(), "cpu": cpu,
            "loadavg_at_report": [round(x, 2) for x in os.getloadavg()]}  # fmt: skip
    try:
        info.update(json.loads(run_text([python, "-c", probe]) or "{}"))
    except json.JSONDecodeError:
        pass
    info["gpu"] = run_text(
        ["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"]
    )
    info["nvcc"] = (run_text(["nvcc", "--version"]).splitlines() or [""])[-1]
    return info
