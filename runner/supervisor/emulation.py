"""CUDA C++ on the CPU device, the trusted side: the build through the project's emulation
(runner/languages/cuda/cpu_build.py), labels of the result, and the hook that lets the
emulation's diagnostics describe a failure (docs/languages/cuda.md).

A judgement of ``language=cuda, device=cpu`` is otherwise the CPU device's: the same tests
(those the problem marks for the CPU), tolerances and verdicts; the supervisor owns the arena (a
memfd), the sandboxed native child calls ``solve`` with host pointers into it, and its timed
calls are bounded by the job's CPU time (runner/supervisor/cputime.py).
"""

from __future__ import annotations

import importlib.util
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract import languages
from runner.supervisor import functional
from runner.supervisor.compile import USER_FILE, CompileResult
from runner.supervisor.outcome import Verdict

if TYPE_CHECKING:
    from runner.contract import JobSpec
    from runner.supervisor.context import Judgement

# result.flags of every emulated judgement (the site labels it "CPU emulation" and ranks it on
# no board: judge/rules.py, judge/leaderboards/services.py)
FLAG = "cuda_cpu_emulation"
DIAGNOSTICS_MODULE = "runner.languages.cuda.diagnostics"
_LINE = re.compile(r"\bline (\d+)")
# the emulation's lost-update error names the code by its offset in the library
# (runner/languages/cuda/emu/src/race.cpp); the supervisor turns it into the user's line
_CODE = re.compile(r" \[code \+0x([0-9a-f]+)\]")
_ADDR2LINE_LINE = re.compile(re.escape(USER_FILE) + r":(\d+)")
_NAMED = re.compile(re.escape(USER_FILE) + r":(\d+):\s*(.*)", re.S)


def emulated(job: JobSpec) -> bool:
    """Whether the job's CUDA C++ runs on the CPU through the emulation."""
    return languages.emulated(job.language, job.device)


def compiler_missing() -> str | None:
    """Why this worker cannot build CUDA C++ for the CPU (no host C++ compiler), or None."""
    from runner.languages.cuda import cpu_build  # noqa: PLC0415

    if cpu_build.host_compiler(cpu_build.BuildOptions()) is not None:
        return None
    return (
        "This judge worker cannot run CUDA C++ on the CPU: no host C++ compiler "
        f"({', '.join(cpu_build.COMPILERS)}) is installed (scripts/install-system-deps.sh "
        "installs g++)."
    )


def unsupported_log(sentence: str) -> str:
    """The unsupported construct as a compiler line of the user's file (``solution.cu:LINE:
    error: ...``, which the editor marks): the emulation names it ``solution.cu:LINE: ...``
    (or "line N"); without a line, the sentence alone after the file's name."""
    sentence = sentence.strip()
    named = _NAMED.match(sentence)
    if named is not None:
        return f"{USER_FILE}:{named.group(1)}: error: {named.group(2)}\n"
    match = _LINE.search(sentence)
    if match is None:
        return f"{USER_FILE}: error: {sentence}\n"
    return f"{USER_FILE}:{match.group(1)}: error: {sentence}\n"


def compile_for_cpu(source: str, job_dir: Path, arch: str, timeout_s: float) -> CompileResult:
    """The solution built against the emulation's headers and runtime with the host compiler
    (in the compiler sandbox; cached by content: runner/languages/cuda/cpu_build.py), or a
    failed result whose log says why: an unsupported construct is named with its line before
    anything is compiled. ``arch`` is not used: the emulation has one target, this CPU."""
    from runner.languages.cuda import cpu_build  # noqa: PLC0415

    t0 = time.monotonic()
    why = cpu_build.unsupported(source)
    if why:
        return CompileResult(False, unsupported_log(why), None, False, time.monotonic() - t0)
    build_dir = job_dir / "build"
    build_dir.mkdir(exist_ok=True)
    source_path = build_dir / USER_FILE
    source_path.write_text(source)
    return cpu_build.build(source_path, build_dir, timeout_s=timeout_s)


def device_name() -> str:
    """The device an emulated solution runs on, in words (the result's ``device.name``, which
    the site shows): the emulation and this host's CPU model and usable cores, read by the
    supervisor (/proc/cpuinfo; the machine's architecture when that names no model)."""
    import platform  # noqa: PLC0415

    from runner.supervisor.cputime import usable_cores  # noqa: PLC0415

    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next(
                (ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), ""
            )
    except OSError:
        pass
    cores = usable_cores()
    host = model or platform.machine() or "a CPU"
    return f"CPU emulation of CUDA on {host} ({cores} core{'s' if cores != 1 else ''})"[:200]


def first_error(log: str) -> str:
    """The compile log's first error line (``solution.cu:3:5: error: ...``), for the verdict's
    message."""
    lines = [ln for ln in log.splitlines() if ln.strip()]
    return next((ln for ln in lines if "error" in ln), lines[0] if lines else "")


def start_diagnostics(j: Judgement) -> None:
    """Called as the judged build starts: an emulated Run (always diagnosed) starts its
    diagnostics build beside it (runner/languages/cuda/diagnostics_build.py)."""
    builds = _run_diagnostics_builds(j)
    if builds is not None:
        builds.prebuild(j)


def end_diagnostics(j: Judgement) -> None:
    """Called as the judgement ends, whatever its path (a compile error, a crash): a diagnostics
    build started beside the judged one and not used is waited for and removed, so nothing of
    the judgement runs on after it (the two compiles of one source end at about the same time)."""
    builds = _run_diagnostics_builds(j)
    prebuilt = builds.take_prebuilt(j) if builds is not None else None
    if prebuilt is not None:
        prebuilt.discard()


def _run_diagnostics_builds(j: Judgement):
    """runner/languages/cuda/diagnostics_build for an emulated Run, else None."""
    if not emulated(j.job) or j.job.mode != "run" or _diagnostics_module() is None:
        return None
    from runner.languages.cuda import diagnostics_build  # noqa: PLC0415

    return diagnostics_build


def _diagnostics_module():
    try:
        found = importlib.util.find_spec(DIAGNOSTICS_MODULE)
    except ModuleNotFoundError:  # no runner/languages/cuda package at all
        found = None
    return importlib.import_module(DIAGNOSTICS_MODULE) if found is not None else None


def run_tests(j: Judgement) -> tuple[str, str]:
    """The functional tests (runner/supervisor/functional.py); for CUDA on the CPU, their
    verdict, raised or returned, passes the diagnostics hook (:func:`diagnose`)."""
    if not emulated(j.job):
        return functional.run_tests(j)
    try:
        verdict, message = functional.run_tests(j)
    except Verdict as v:
        v.verdict, v.message = diagnose(j, v.verdict, name_code_lines(j, v.message))
        raise
    return diagnose(j, verdict, name_code_lines(j, message))


def name_code_lines(j: Judgement, message: str) -> str:
    """``[code +0x...]`` in the emulation's message replaced by the user's line it belongs to
    (``addr2line`` on the solution's library, in the sandbox: the library is the user's), or
    removed where it names none."""
    match = _CODE.search(message or "")
    if match is None:
        return message
    line = None
    if j.module_path is not None and Path(j.module_path).is_file():
        line = _code_line(Path(j.module_path), match.group(1))
    return message.replace(match.group(0), f" at line {line}" if line else "")


def _code_line(library: Path, offset: str) -> int | None:
    import shutil  # noqa: PLC0415
    import tempfile  # noqa: PLC0415

    from runner.sandbox import process as proc  # noqa: PLC0415

    with tempfile.TemporaryDirectory(prefix="kj-lines-") as d:
        shutil.copy(library, Path(d) / "solution.so")
        out = proc.run_capture(
            ["addr2line", "-e", "solution.so", f"0x{offset}"],
            Path(d),
            timeout_s=30,
            env=proc.base_env(),
            cap_bytes=64 * 1024,
        )
    found = _ADDR2LINE_LINE.search(out.output)
    return int(found.group(1)) if found else None


def diagnose(j: Judgement, verdict: str, message: str) -> tuple[str, str]:
    """The hook for the emulation's diagnostics (out-of-bounds accesses, shared-memory races,
    uninitialised shared memory): called after the tests of every emulated judgement, with their
    verdict (a failing one too, raised or returned), while the child still lives. The
    diagnostics module (``runner/languages/cuda/diagnostics.py``, function ``diagnose(j, *,
    verdict, message) -> (verdict, message)``) may replace the message with what it found; it
    never turns a failing verdict into a pass. Without that module, nothing changes."""
    module = _diagnostics_module()
    if module is None:
        return verdict, message
    new_verdict, new_message = module.diagnose(j, verdict=verdict, message=message)
    if verdict != "accepted" and new_verdict == "accepted":
        return verdict, message  # a diagnostic describes a failure, never excuses one
    return new_verdict, new_message
