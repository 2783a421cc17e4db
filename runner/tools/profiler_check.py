"""``python -m runner doctor --profiler``: can Nsight Compute profile a sandboxed process here?

Mode ``profile`` (runner/supervisor/profile.py) starts the child inside the sandbox behind
``ncu``. This check does the same with a program of a few lines (one PyTorch kernel inside a
profiler range) and reports what ncu said, so that an operator sees why profiling fails on a
host (counters reserved to administrators, a path the sandbox hides, a socket the seccomp
filter refuses) without a submission. ``--no-sandbox`` runs the same command outside the
sandbox, for comparison.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from runner.sandbox import process as proc
from runner.supervisor.profile import find_ncu, import_report, ncu_install_dirs, ncu_prefix

PROGRAM = (
    "import torch\n"
    "x = torch.ones(1 << 20, device='cuda')\n"
    "torch.cuda.synchronize()\n"
    "torch.cuda.cudart().cudaProfilerStart()\n"
    "y = x * 2 + 1\n"
    "torch.cuda.synchronize()\n"
    "torch.cuda.cudart().cudaProfilerStop()\n"
    "print('profiled program ran', float(y[0]))\n"
)
TAIL_BYTES = 4000


def _tail(path: Path) -> str:
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - TAIL_BYTES))
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def check_profiler(*, sandbox: bool = True, timeout_s: float = 120.0) -> dict:
    """Run ``ncu`` on PROGRAM (in the sandbox unless ``sandbox`` is false) and say whether it
    wrote a report, with ncu's exit status, its log and the program's output."""
    ncu = find_ncu()
    if ncu is None:
        return {"ok": False, "detail": "no ncu found (KERNELJUDGE_NCU, PATH, CUDA_HOME)"}
    work = Path(tempfile.mkdtemp(prefix="kj-profcheck-"))
    proc.sandbox_owns(work)
    (work / "program.py").write_text(PROGRAM)
    report, log, out = work / "report", work / "ncu.log", work / "output.log"
    wrap = ncu_prefix(ncu, report, log)
    env = proc.base_env({"HOME": str(work), "TMPDIR": str(work)})
    argv = [sys.executable, str(work / "program.py")]
    if sandbox:
        handle = proc.spawn(
            argv,
            work,
            gpu=True,
            env=env,
            timeout_s=timeout_s,
            log_path=out,
            wrap=wrap,
            ro_binds=ncu_install_dirs(ncu),
            loopback_sockets=True,
        )
        rc = handle.wait(timeout_s + 10)
    else:
        import subprocess  # noqa: PLC0415

        with open(out, "wb") as f:
            rc = subprocess.run(
                [*wrap, *argv], cwd=work, env=env, stdout=f, stderr=f, timeout=timeout_s
            ).returncode
    rep = report.with_name(report.name + ".ncu-rep")
    made = rep.is_file() and rep.stat().st_size > 0
    imported = None
    if made:  # the supervisor reads a report back with a sandboxed `ncu --import`, likewise
        got = import_report(ncu, rep, work)
        imported = {"exit_code": got.returncode, "csv_lines": len(got.output.splitlines())}
    return {
        "ok": bool(made and rc == 0 and imported and imported["exit_code"] == 0),
        "import": imported,
        "sandbox": sandbox,
        "ncu": ncu,
        "exit_code": rc,
        "report_bytes": rep.stat().st_size if made else 0,
        "ncu_log": _tail(log),
        "output": _tail(out),
        "detail": "ncu profiled a kernel" if made else "ncu wrote no report",
    }
