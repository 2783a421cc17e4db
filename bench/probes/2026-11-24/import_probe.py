"""Why does ``import torch`` take the time it does on this host?

Prints what decides an import's cost: whether torch's bytecode caches exist and can be
written, the file system under site-packages, the CPU quota, and the wall of ``import torch``
with the installed caches, with a private bytecode cache (``PYTHONPYCACHEPREFIX``), and of its
shared libraries loaded alone. JSON on stdout (and in --out).

    python3 bench/probes/2026-11-24/import_probe.py [--repeat 3] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cold_start_profile import python_piece  # noqa: E402
from provenance import provenance  # noqa: E402


def _torch_dir() -> Path:
    out = subprocess.run(
        [sys.executable, "-c", "import importlib.util as u; print(u.find_spec('torch').origin)"],
        check=True,
        capture_output=True,
        text=True,
    )
    return Path(out.stdout.strip()).parent


def _bytecode_census(root: Path) -> dict:
    tag = sys.implementation.cache_tag
    sources = cached = 0
    for py in root.rglob("*.py"):
        sources += 1
        if (py.parent / "__pycache__" / f"{py.stem}.{tag}.pyc").exists():
            cached += 1
    return {"py_files": sources, "with_pyc": cached, "cache_tag": tag}


def _mount_of(path: Path) -> str:
    best = ""
    line_best = ""
    for line in Path("/proc/mounts").read_text().splitlines():
        parts = line.split()
        if len(parts) > 2 and str(path).startswith(parts[1]) and len(parts[1]) > len(best):
            best, line_best = parts[1], line
    return line_best


def _read(path: str) -> str:
    try:
        return Path(path).read_text().strip()
    except OSError as exc:
        return f"({exc.strerror})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out")
    args = ap.parse_args()
    torch_dir = _torch_dir()
    libs = sorted(str(p) for p in (torch_dir / "lib").glob("libtorch_cuda*.so"))
    prefix = tempfile.mkdtemp(prefix="pyc-")
    # writable, as runner/supervisor/bytecode.py makes it, even where the host sets PYTHONDONTWRITEBYTECODE
    private = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    private["PYTHONPYCACHEPREFIX"] = prefix
    report: dict = {
        "python": sys.version.split()[0],
        "torch_dir": str(torch_dir),
        "torch_dir_writable": os.access(torch_dir, os.W_OK),
        "dont_write_bytecode": sys.flags.dont_write_bytecode,
        "bytecode": _bytecode_census(torch_dir),
        "mount": _mount_of(torch_dir),
        "cpu_max": _read("/sys/fs/cgroup/cpu.max"),
        "cpus_allowed": len(os.sched_getaffinity(0)),
        "import_torch": python_piece("import torch", args.repeat),
        "import_numpy": python_piece("import numpy", args.repeat),
        "load_libtorch_cuda_alone": python_piece(
            f"import ctypes, sys\nfor p in {libs!r}: ctypes.CDLL(p, mode=ctypes.RTLD_GLOBAL)",
            args.repeat,
        ),
    }
    report["import_torch_private_pyc_first"] = python_piece("import torch", 1, private)
    report["import_torch_private_pyc"] = python_piece("import torch", args.repeat, private)
    report["provenance"] = provenance()
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
