"""Where a benchmark figure came from, recorded at run time by every script under bench/.

``provenance()`` returns one JSON-ready dict: the date, the command line, the machine (host,
CPU model, cores, load, GPU names from nvidia-smi without creating a CUDA context, python and
library versions) and the code that ran:

- ``head``: the git HEAD of the checkout (on a machine that received a copy of a working tree
  it can be older than the files);
- ``intended_commit``: ``$KJ_BENCH_COMMIT``, the commit the person running the benchmark says
  these files are (set it where HEAD may be stale);
- ``tree``: the git tree id of the files as they are on disk, computed here without writing to
  the repository: every path of the index that still exists plus the untracked files git does
  not ignore, i.e. what ``git add -A && git write-tree`` would give. It equals
  ``git rev-parse C^{tree}`` exactly when the files that ran are those of commit C, whatever
  HEAD says, which ties a figure to a commit without trusting HEAD;
- ``head_tree``, ``matches_head``: HEAD's tree and whether ``tree`` equals it;
- ``diff_sha256``: sha256 of ``git diff --binary HEAD`` (the tracked changes against HEAD);
- ``untracked``: how many untracked, not ignored files there are, and the first 20 names.

No Django and no torch import is needed (versions are read from package metadata).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import platform
import stat
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UNTRACKED_LISTED = 20
PACKAGES = ("torch", "triton", "cupy-cuda12x", "cupy-cuda13x", "django", "celery")


def _git(args: list[str], root: Path, text: bool = True):
    out = subprocess.run(["git", *args], cwd=root, capture_output=True, text=text, timeout=60)
    if out.returncode != 0:
        raise OSError(f"git {' '.join(args)}: {(out.stderr or '')!s:.200}")
    return out.stdout


def _blob_id(path: Path) -> tuple[str, bytes]:
    """(git mode, git blob id) of a file on disk, as ``git add`` would store it (no filters:
    the repository has no .gitattributes)."""
    st = path.lstat()
    if stat.S_ISLNK(st.st_mode):
        mode, data = "120000", os.readlink(path).encode()
    else:
        mode = "100755" if st.st_mode & stat.S_IXUSR else "100644"
        data = path.read_bytes()
    return mode, hashlib.sha1(b"blob %d\0" % len(data) + data).digest()


def tree_id(entries: dict[str, tuple[str, bytes]]) -> str:
    """The git tree id of ``{path: (mode, 20-byte object id)}`` (git's tree object format:
    entries sorted by name, a directory sorting as if its name ended in '/')."""
    root: dict = {}
    for path, entry in entries.items():
        node = root
        *dirs, name = path.split("/")
        for d in dirs:
            node = node.setdefault(d, {})
        node[name] = entry

    def write(node: dict) -> bytes:
        items = []
        for name, val in node.items():
            if isinstance(val, dict):
                items.append((name.encode() + b"/", b"40000", name.encode(), write(val)))
            else:
                items.append((name.encode(), val[0].encode(), name.encode(), val[1]))
        items.sort(key=lambda it: it[0])
        body = b"".join(mode + b" " + name + b"\0" + oid for _, mode, name, oid in items)
        return hashlib.sha1(b"tree %d\0" % len(body) + body).digest()

    return write(root).hex()


def source_state(root: Path = ROOT) -> dict:
    """The code that ran (see the module docstring); ``error`` instead where git is missing."""
    out: dict = {"intended_commit": os.environ.get("KJ_BENCH_COMMIT") or None}
    try:
        out["head"] = _git(["rev-parse", "HEAD"], root).strip()
        out["head_tree"] = _git(["rev-parse", "HEAD^{tree}"], root).strip()
        entries: dict[str, tuple[str, bytes]] = {}
        for line in _git(["ls-files", "-s", "-z"], root).split("\0"):
            if not line:
                continue
            meta, path = line.split("\t", 1)
            mode, oid, _stage = meta.split()
            if mode == "160000":  # a submodule: its commit as recorded
                entries[path] = (mode, bytes.fromhex(oid))
            elif os.path.lexists(root / path):
                entries[path] = _blob_id(root / path)
        untracked = [
            p for p in _git(["ls-files", "-z", "--others", "--exclude-standard"], root).split("\0")
        ]
        untracked = sorted(p for p in untracked if p)
        for path in untracked:
            entries[path] = _blob_id(root / path)
        out["tree"] = tree_id(entries)
        out["matches_head"] = out["tree"] == out["head_tree"]
        diff = _git(["diff", "--binary", "HEAD"], root, text=False)
        out["diff_sha256"] = hashlib.sha256(diff).hexdigest() if diff else None
        out["untracked"] = {"count": len(untracked), "first": untracked[:UNTRACKED_LISTED]}
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        out["error"] = str(exc)[:300]
    return out


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _gpus() -> list[str]:
    """GPU names and driver from nvidia-smi (no CUDA context in this process)."""
    try:
        smi = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=20,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return (
        [ln.strip() for ln in smi.stdout.splitlines() if ln.strip()] if smi.returncode == 0 else []
    )


def machine_state() -> dict:
    versions = {}
    for name in PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count()
    return {
        "host": platform.node(),
        "cpu": _cpu_model(),
        "cores": cores,
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "gpus": _gpus(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "packages": versions,
    }


def provenance(argv: list[str] | None = None, root: Path = ROOT) -> dict:
    """Everything above, for the top of a benchmark's JSON (key ``provenance``)."""
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "argv": list(sys.argv if argv is None else argv),
        "source": source_state(root),
        "machine": machine_state(),
    }


def commit_label(prov: dict) -> str:
    """A short name for the code of a run, for report titles: the intended commit, else HEAD,
    with '+changes' where the files differ from HEAD."""
    src = prov.get("source") or {}
    name = (src.get("intended_commit") or src.get("head") or "unknown")[:12]
    if not src.get("intended_commit") and src.get("matches_head") is False:
        name += "+changes"
    return name


def report_head(benchmark: str, prov: dict, **machine_extra) -> dict:
    """The first fields of a raw file: the benchmark, when, the code and the machine (its load
    at the start, and what the caller adds: the load during and after the run)."""
    machine = prov["machine"]
    return {
        "benchmark": benchmark,
        "date": prov["date"],
        "commit": commit_label(prov),
        "machine": {
            "host": machine.get("host"),
            "cpus": machine.get("cores"),
            "cpu": machine.get("cpu"),
            "load_avg_at_start": machine.get("load_avg"),
            **machine_extra,
        },
    }


def figure(value, *, method: str, samples: int | None, unit: str = "") -> dict:
    """One reported figure with what it measures and on how many samples."""
    out = {"value": value, "method": method, "samples": samples}
    if unit:
        out["unit"] = unit
    return out
