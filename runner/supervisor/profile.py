"""Mode ``profile``: the solution's kernels under Nsight Compute, beside the judge's own time.

After the functional tests passed in the ordinary child (a failing solution gets its verdict
and no profile), :func:`run_profile`:

1. picks the **main case**: the benchmark case that moves the most bytes by the problem's
   ``bytes`` formula (then the most flops; the first on ties), the case the roofline shows;
2. times it with the benchmark loop of mode submit in the ordinary child (the judge's own
   clock, fresh inputs, L2 flushed, calls checked): ``judge_time``. It is never a score:
   the result's ``benchmark`` stays empty;
3. starts a fresh sandboxed child under ``ncu`` (:func:`ncu_prefix`; the sandbox starts
   ncu, ncu starts the child, ``--target-processes all``), loads the solution, maps the
   case's arena, makes ``WARMUP_CALLS`` calls (JIT, lazy loading) and one call inside the
   CUDA profiler's range (``--profile-from-start off``), then lets ncu write the report;
4. on the trusted side, copies the report out (a regular file within the size cap), prints
   its CSV with ``ncu --import R --csv --page raw`` (sandboxed, no GPU) and summarises each
   kernel (runner.tools.ncu_summary), compared with the problem's bytes over the judge's time.

The report and every number in it come from the sandbox (the child could write over the
report): they are shown, never judged. Host settings: ``KERNELJUDGE_NCU`` (the ncu binary;
else PATH, $CUDA_HOME/bin, /usr/local/cuda/bin; it must lie where the sandbox sees it, under
/usr), ``KERNELJUDGE_PROFILE_BUFFERS`` (``shared``: the kernels run on the supervisor's arena
as in a judgement; ``copy``: the profiled child copies it into memory of its own, for a
profiler that cannot replay kernels on imported memory), ``KERNELJUDGE_PROFILE_REPORT_MAX_BYTES``.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract import BenchmarkCase, ProblemSpec
from runner.sandbox import process as proc
from runner.supervisor import benchmark
from runner.supervisor.childproc import ChildProcess
from runner.supervisor.functional import JIT_ALLOWANCE_S
from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs
from runner.supervisor.outcome import Verdict, child_error_verdict, fmt_sizes
from runner.tools.ncu_summary import NcuCsvError, import_command, profile_command, summary_from_csv

if TYPE_CHECKING:
    from runner.supervisor.context import Judgement

NCU_ENV = "KERNELJUDGE_NCU"
BUFFERS_ENV = "KERNELJUDGE_PROFILE_BUFFERS"
REPORT_CAP_ENV = "KERNELJUDGE_PROFILE_REPORT_MAX_BYTES"
BUFFER_MODES = ("shared", "copy")
REPORT_MAX_BYTES = 64 << 20
REPORT_STEM = "profile"  # ncu writes profile.ncu-rep in the job directory
MAX_KERNELS = 32  # kernel launches profiled at most (--launch-count)
WARMUP_CALLS = 2
PROFILED_CALL_ALLOWANCE_S = 180.0  # kernel replay: one pass per metric group and kernel
NCU_EXIT_S = 120.0  # ncu writes the report after the child exits
IMPORT_TIMEOUT_S = 120.0
LOG_CAP = 64 * 1024
GPU_ONLY = True  # profiles need a GPU; the CPU flow test lifts this with a fake ncu


def find_ncu(env: dict[str, str] | None = None) -> str | None:
    """The ncu binary: ``$KERNELJUDGE_NCU`` (only that one when set), else ``ncu`` on PATH,
    $CUDA_HOME/bin/ncu, /usr/local/cuda/bin/ncu; None when there is none."""
    env = dict(os.environ) if env is None else env
    explicit = env.get(NCU_ENV, "").strip()
    if explicit:
        return explicit if _executable(explicit) else None
    found = shutil.which("ncu", path=env.get("PATH", os.defpath))
    if found:
        return found
    for root in (env.get("CUDA_HOME"), "/usr/local/cuda"):
        if root and _executable(path := os.path.join(root, "bin", "ncu")):
            return path
    return None


def ncu_install_dirs(ncu: str) -> list[Path]:
    """What the sandbox must show read-only besides /usr for ``ncu`` to start: its own
    directory, and where the CUDA toolkit's ``bin/ncu`` launcher looks for Nsight Compute
    (``<toolkit>/nsight-compute-*``, ``/opt/nvidia/nsight-compute``) when that is outside /usr."""
    real = Path(os.path.realpath(ncu))
    found = [real.parent, *real.parent.parent.glob("nsight-compute*"), Path("/opt/nvidia")]
    out: list[Path] = []
    for d in found:
        d = Path(os.path.realpath(d))
        if d.is_dir() and not d.is_relative_to("/usr") and d not in out:
            out.append(d)
    return out


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def buffers_mode(env: dict[str, str] | None = None) -> str:
    env = dict(os.environ) if env is None else env
    value = env.get(BUFFERS_ENV, "").strip().lower() or "shared"
    if value not in BUFFER_MODES:
        raise ValueError(f"{BUFFERS_ENV}={value!r} is not one of {', '.join(BUFFER_MODES)}")
    return value


def report_cap(env: dict[str, str] | None = None) -> int:
    env = dict(os.environ) if env is None else env
    try:
        return max(1 << 20, int(env.get(REPORT_CAP_ENV, "") or REPORT_MAX_BYTES))
    except ValueError:
        return REPORT_MAX_BYTES


def ncu_prefix(ncu: str, report: Path, log: Path) -> list[str]:
    """The command line the sandbox starts in front of the child's own (which follows the
    final ``--``): the summary's metrics only, the GPU's own clocks, caches flushed before
    each replay pass, only the kernels inside the child's profiler range, the report written
    to ``report``.ncu-rep and ncu's messages to ``log``."""
    return profile_command(
        [],
        ncu=ncu,
        report=str(report),
        launch_count=MAX_KERNELS,
        extra=(
            "--target-processes",
            "all",
            "--profile-from-start",
            "off",
            "--replay-mode",
            "kernel",
            "--cache-control",
            "all",
            "--log-file",
            str(log),
        ),
    )


def main_case(problem: ProblemSpec, device: str) -> tuple[int, BenchmarkCase] | None:
    """(index, case) of the benchmark case that moves the most bytes (then flops; the
    first on ties), or None for a problem without benchmark cases."""
    best = None
    for ci, case in enumerate(problem.benchmarks):
        scalars = case_scalars(case, device)
        key = (problem.bytes_for(scalars), problem.flops_for(scalars))
        if best is None or key > best[0]:
            best = (key, ci, case)
    return None if best is None else (best[1], best[2])


def _fail(j: Judgement, reason: str, message: str, **extra) -> Verdict:
    j.profile = {"ok": False, "reason": reason, "error": message, **extra}
    return Verdict("internal_error", message)


def require_available(j: Judgement) -> None:
    """Raises an internal_error Verdict, with ``j.profile`` saying why, where this job
    cannot be profiled: no benchmark case, not a GPU job, no ncu, a bad buffer setting."""
    if main_case(j.problem, j.job.device) is None:
        raise _fail(j, "no_benchmark", "Profiling needs a benchmark case; this problem has none.")
    if GPU_ONLY and j.job.device != "cuda":
        raise _fail(
            j,
            "no_gpu",
            f"Profiling runs on GPU workers only (device 'cuda'); this job asked for device "
            f"'{j.job.device}'.",
        )
    if find_ncu() is None:
        raise _fail(
            j,
            "no_ncu",
            f"Profiling needs Nsight Compute (ncu) on the judge host, and none was found "
            f"(${NCU_ENV}, PATH, $CUDA_HOME/bin, /usr/local/cuda/bin).",
        )
    try:
        buffers_mode()
    except ValueError as exc:
        raise _fail(j, "bad_setting", f"Profiling is misconfigured: {exc}.") from None


def run_profile(j: Judgement, tests_message: str) -> tuple[str, str]:
    ci, case = main_case(j.problem, j.job.device)
    t0 = time.monotonic()
    with j.exclusive_gpu("profile"):  # nothing else times or profiles this GPU meanwhile
        timing = judge_time(j, ci, case)
        j.child.close()
        j.child = None
        j.emit({"phase": "profiling", "case": case.name})
        try:
            summary = _profiled_run(j, ci, case)
        finally:
            j.phases["profile_s"] = time.monotonic() - t0
    kernels = summary["kernels"]
    comparison = compare(kernels, timing)
    j.profile = {"ok": True, **summary, "judge_time": timing, "comparison": comparison}
    ms = comparison["ncu_duration_ms"]
    return "accepted", (
        f"{tests_message} Profiled '{case.name}': {len(kernels)} kernel"
        f"{'s' if len(kernels) != 1 else ''}, {summary['launches']} launch"
        f"{'es' if summary['launches'] != 1 else ''}, {ms:.4g} ms under Nsight Compute; "
        f"the judge's time {timing['median_ms']:.4g} ms (a profile is never scored)."
    )


def judge_time(j: Judgement, ci: int, case: BenchmarkCase) -> dict:
    """The case timed as mode submit times it, in the ordinary child (no score)."""
    flush = j.flush if j.flush is not None else benchmark.flush_buffer(j)
    j.emit({"phase": "benchmarking", "case": 1, "total": 1})
    run = benchmark.run_case(j, ci, case, len(j.problem.benchmarks), flush)
    c = benchmark.finish_case(j, run)
    keep = ("name", "sizes", "median_ms", "min_ms", "runs", "rel_se", "gbps", "gflops")
    return {
        **{k: c[k] for k in keep},
        "fraction_of_peak": c["fraction_of_peak"],
        "bytes": j.problem.bytes_for(run.scalars),
        "flops": j.problem.flops_for(run.scalars),
        "clock_consistent": bool(c["clock"].get("consistent")),
        "flags": c["flags"],
    }


def compare(kernels: list[dict], timing: dict) -> dict:
    """ncu's DRAM traffic and time against the problem's bytes formula over the judge's
    time (GB/s = bytes / ns)."""
    total_ns = sum(k.get("total_duration_ns") or 0.0 for k in kernels)
    dram = sum(k.get("dram_bytes") or 0.0 for k in kernels)
    ncu_gbps = dram / total_ns if total_ns > 0 else None
    judge_gbps = timing.get("gbps") or None
    formula = timing.get("bytes") or 0
    return {
        "ncu_duration_ms": total_ns / 1e6,
        "ncu_dram_bytes": dram,
        "ncu_dram_gbps": ncu_gbps,
        "judge_median_ms": timing.get("median_ms"),
        "judge_gbps": judge_gbps,
        "formula_bytes": formula,
        "gbps_ratio": ncu_gbps / judge_gbps if ncu_gbps and judge_gbps else None,
        "bytes_ratio": dram / formula if formula else None,
        "time_ratio": (total_ns / 1e6) / timing["median_ms"] if timing.get("median_ms") else None,
    }


def _profiled_run(j: Judgement, ci: int, case: BenchmarkCase) -> dict:
    ncu = find_ncu()
    buffers = buffers_mode()
    cap = report_cap()
    # a directory of its own, made after the tests' child ended: nothing that child left
    # in the job directory (links included) is seen by this run or read back from it
    work = Path(tempfile.mkdtemp(prefix="profiled-", dir=j.dir))
    module = _copy_regular(j.module_path, work / j.module_path.name)
    report, log = work / REPORT_STEM, work / "ncu.log"
    prefix = ncu_prefix(ncu, report, log)
    scalars = case_scalars(case, j.job.device)
    where = f"in the profiled run of '{case.name}' ({fmt_sizes(scalars)})"
    try:
        j.child = ChildProcess(
            j.job,
            work,
            max(j.max_file_bytes(), cap + (1 << 20)),
            argv_prefix=prefix,
            prefix_binds=ncu_install_dirs(ncu),
        )
        j.start_child(module)
        bufs = j.buffers_for(scalars, where, private_copy=buffers == "copy")
        try:
            seed = derive_seed(j.job.seed, "profile", ci)
            stage = generate_inputs(j.problem, case, seed, j.job.device, j.make_inputs)
            for k in range(WARMUP_CALLS + 1):
                last = k == WARMUP_CALLS
                bufs.write(stage)
                bufs.sync()
                timeout = j.limits.test_timeout_s + JIT_ALLOWANCE_S
                timeout += PROFILED_CALL_ALLOWANCE_S if last else 0.0
                reply = j.ask({"op": "call", "profile": last}, timeout, where)
                if not reply.get("ok"):
                    raise child_error_verdict(reply, where)
        finally:
            bufs.close()
    except Verdict as v:
        # ncu's own start-up failures go to the child's boot log, not to --log-file
        errors = _ncu_messages(log) or _ncu_messages(work / "child_boot.log")
        raise _fail(
            j,
            "profiled_run_failed",
            f"The tests passed, but the run under Nsight Compute failed: {v.message}"
            + (f" ncu: {errors[0]}" if errors else ""),
            ncu_log=errors,
        ) from None
    rc = _finish(j)
    messages = _ncu_messages(log)
    data = _read_report(report.with_name(REPORT_STEM + ".ncu-rep"), cap)
    if isinstance(data, str):
        detail = "; ".join(messages[:3]) or f"ncu exited with {rc}"
        raise _fail(
            j,
            "no_report",
            f"Nsight Compute wrote no usable report: {data} ({detail}).",
            ncu_log=messages,
        )
    kernels = _import(j, ncu, data, messages)
    for k in kernels:
        ns, dram = k.get("total_duration_ns"), k.get("dram_bytes")
        k["dram_gbps"] = dram / ns if ns and dram is not None else None
    dest = _keep_report(j, data)
    launches = sum(int(k.get("launches") or 0) for k in kernels)
    return {
        "case": {"index": ci, "name": case.name, "sizes": scalars},
        "kernels": kernels,
        "launches": launches,
        "launch_limit_reached": launches >= MAX_KERNELS,
        "report": {"path": str(dest), "name": dest.name, "bytes": len(data)},
        "buffers": buffers,
        "ncu": {"path": ncu, "command": [*prefix, "<child>"], "exit_code": rc},
        "ncu_log": messages,
    }


def _copy_regular(src: Path, dst: Path) -> Path:
    """Copy the solution's file without following a link (the tests' child could have
    replaced it with one)."""
    fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise Verdict("internal_error", "The solution's file is no longer a regular file.")
        with open(dst, "xb") as out:
            shutil.copyfileobj(f, out)
    return dst


def _finish(j: Judgement) -> int | None:
    """Let the profiled child exit and ncu write its report; ncu's exit code."""
    child, j.child = j.child, None
    try:
        child.chan.send({"op": "exit"})
        child.chan.recv(5)
    except Exception:  # noqa: BLE001 - the child is gone: ncu still writes what it has
        pass
    rc = child.handle.wait(NCU_EXIT_S)
    if rc is None:
        child.kill()
        raise _fail(j, "ncu_timeout", f"Nsight Compute did not finish within {NCU_EXIT_S:g} s.")
    child.chan.close()
    return rc


def _ncu_messages(log: Path) -> list[str]:
    """ncu's ==ERROR== and ==WARNING== lines (its log is in the job directory)."""
    text = _read_capped(log, LOG_CAP)
    if not isinstance(text, bytes):
        return []
    lines = text.decode(errors="replace").splitlines()
    return [ln.strip()[:500] for ln in lines if re.match(r"==(ERROR|WARNING)==", ln)][:20]


def _read_capped(path: Path, cap: int) -> bytes | str:
    """A regular file's bytes (no link followed), or why not."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return "no report file"
    except OSError as exc:
        return f"cannot open it ({exc.strerror})"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return "not a regular file"
        if st.st_size > cap:
            return f"{st.st_size} bytes, more than the {cap} byte limit"
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(cap + 1)[:cap]
    finally:
        os.close(fd)


def _read_report(path: Path, cap: int) -> bytes | str:
    data = _read_capped(path, cap)
    if isinstance(data, bytes) and not data:
        return "an empty file"
    return data


def import_report(ncu: str, report: Path, work: Path) -> proc.Captured:
    """``ncu --import REPORT --csv --page raw``, run in the sandbox with ``work`` writable."""
    return proc.run_capture(
        import_command(str(report), ncu=ncu),
        work,
        timeout_s=IMPORT_TIMEOUT_S,
        env=proc.base_env(),
        cap_bytes=8 << 20,
        ro_binds=ncu_install_dirs(ncu),
    )


def _import(j: Judgement, ncu: str, data: bytes, messages: list[str]) -> list[dict]:
    """The per-kernel summary of the report's raw page, read by a sandboxed ncu."""
    work = Path(tempfile.mkdtemp(prefix="ncu-import-", dir=j.dir))
    copy = work / (REPORT_STEM + ".ncu-rep")
    copy.write_bytes(data)
    out = import_report(ncu, copy, work)
    if out.returncode != 0 or out.timed_out:
        raise _fail(
            j,
            "import_failed",
            "Nsight Compute could not read its report: "
            + (out.output.strip()[-500:] or f"exit {out.returncode}"),
            ncu_log=messages,
        )
    try:
        kernels = summary_from_csv(out.output)
    except NcuCsvError as exc:
        raise _fail(
            j, "import_failed", f"The report's CSV was not readable: {exc}.", ncu_log=messages
        ) from None
    if not kernels:
        raise _fail(j, "no_kernels", "The profiled call launched no CUDA kernel.", ncu_log=messages)
    return kernels


def _keep_report(j: Judgement, data: bytes) -> Path:
    """The report, copied to the job's output directory under a new name."""
    out = (
        Path(j.job.output_dir) if j.job.output_dir else Path(tempfile.mkdtemp(prefix="kj-profile-"))
    )
    out.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", j.job.job_id)[:64] or "profile"
    dest = out / f"{stem}-{uuid.uuid4().hex[:8]}.ncu-rep"
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o640)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    return dest
