"""Getting a judgement ready: the solution's file (compiled for CUDA and Mojo) and the GPU
this process judges on. Called by runner.supervisor.judgement before the child loads user
code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract.vocabulary import CPU_LANGUAGES, LANGUAGE_NAMES, LANGUAGES, NATIVE_LANGUAGES
from runner.supervisor import cutedsl, cutile, devices, emulation, gpulock, mojo, mojo_context
from runner.supervisor.outcome import Verdict

if TYPE_CHECKING:
    from runner.contract import JobSpec
    from runner.supervisor.context import Judgement

PY_FILE = "solution.py"
GPU_ONLY_LANGUAGES = tuple(lang for lang in LANGUAGES if lang not in CPU_LANGUAGES)


def _cute_lacks(job: JobSpec) -> str | None:
    """CuTe DSL where runner/supervisor/cutedsl.py looks for it, asked on the GPU device only
    (on the CPU one, the GPU-only check says why it cannot run)."""
    if job.device == "cuda" and cutedsl.install_dirs() is None:
        return cutedsl.MISSING
    return None


def _cutile_lacks(job: JobSpec) -> str | None:
    """cuTile with a compiler that can run (runner/supervisor/cutile.py), on the GPU device."""
    return cutile.missing() if job.device == "cuda" else None


def _tilelang_lacks(job: JobSpec) -> str | None:
    """The ``tilelang`` package on this process's sys.path, which the child shares
    (runner/supervisor/childproc.py), on either device."""
    import importlib.util  # noqa: PLC0415

    if importlib.util.find_spec("tilelang") is not None:
        return None
    return (
        "This judge worker has no TileLang: the Python package 'tilelang' is not installed "
        "beside the runner. TileLang solutions need a GPU worker that has it "
        "(docs/languages/tilelang.md)."
    )


def _mojo_lacks(job: JobSpec) -> str | None:
    """Mojo's compiler (runner/supervisor/mojo.py). Without it, a job on the CPU device is told
    at once that it needs a GPU worker, since nothing can be compiled."""
    if mojo.find_install() is None:
        return mojo.MISSING if job.device == "cuda" else gpu_only_message(job, compiled=False)
    if job.device == "cuda" and (why := mojo_context.unavailable()):
        return f"This judge worker cannot run Mojo solutions: {why}."
    return None


def _cuda_lacks(job: JobSpec) -> str | None:
    """On the CPU device, the host C++ compiler the emulation builds with."""
    return emulation.compiler_missing() if job.device == "cpu" else None


# languages offered only where their package or compiler is installed beside the runner (never
# in requirements.txt: the worker's operator adds it): why this worker cannot judge a job, or None
WORKER_LACKS: dict[str, Callable[[JobSpec], str | None]] = {
    "cuda": _cuda_lacks,
    "cute": _cute_lacks,
    "cutile": _cutile_lacks,
    "tilelang": _tilelang_lacks,
    "mojo": _mojo_lacks,
}


def require_language_package(j: Judgement) -> None:
    """An internal_error Verdict, before anything runs, when this worker lacks what the job's
    language needs (``WORKER_LACKS``)."""
    lacks = WORKER_LACKS.get(j.job.language)
    why = lacks(j.job) if lacks is not None else None
    if why:
        raise Verdict("internal_error", why)


def prepare_source(j: Judgement) -> Path:
    """The file the child loads: the source as ``solution.py``, or the CUDA or Mojo source
    compiled to a shared library (its entry symbol recorded on ``j``); raises a compile_error
    Verdict."""
    job = j.job
    if job.language not in NATIVE_LANGUAGES:
        path = j.dir / PY_FILE
        path.write_text(job.source)
        j.phases["compile_s"] = 0.0
        return path
    j.emit({"phase": "compiling"})
    if job.language == "mojo":
        from runner.supervisor.mojo_build import compile_mojo as compile_native  # noqa: PLC0415
    elif emulation.emulated(job):  # CUDA C++ on the CPU: the host compiler, the emulation
        compile_native = emulation.compile_for_cpu
        j.flags.append(emulation.FLAG)
    else:
        from runner.supervisor.compile import compile_cuda as compile_native  # noqa: PLC0415

    res = compile_native(job.source, j.dir, job.arch, j.limits.compile_timeout_s)
    j.phases["compile_s"] = res.seconds
    j.compile_log = res.log
    if res.cached:
        j.flags.append("compile_cached")
    if not res.ok:
        if res.timed_out:
            raise Verdict(
                "compile_error",
                f"Compilation timed out after {j.limits.compile_timeout_s:g} s.",
            )
        if job.language == "mojo":  # never a source line the compiler echoes
            from runner.supervisor.mojo_build import first_error_line  # noqa: PLC0415

            first = first_error_line(res.log)
        elif emulation.emulated(job):
            first = emulation.first_error(res.log)
        else:
            first = next((ln for ln in res.log.splitlines() if "error" in ln), "")
        raise Verdict("compile_error", "Compilation failed" + (f": {first}" if first else "."))
    if job.language == "mojo":
        from runner.supervisor.mojo_entry import check_entry  # noqa: PLC0415

        problem = check_entry(res.so_path, job.source, j.param_list())
        if problem is not None:
            raise Verdict("compile_error", f"Compiled, but {problem}")
        j.entry_symbol = "solve"
        return res.so_path
    from runner.supervisor.compile import find_entry  # noqa: PLC0415

    symbol, linkage = find_entry(res.so_path, j.param_list())
    if symbol is None:
        raise Verdict("compile_error", f"Compiled, but {linkage}.")
    j.entry_symbol = symbol
    if linkage == "C++":
        j.flags.append("cxx_linkage_solve")
    return res.so_path


def gpu_only_message(job: JobSpec, compiled: bool) -> str:
    """Why a job of a GPU-only language cannot run on the device it asked for."""
    what = "compiled successfully, but " if compiled else ""
    return (
        f"The {LANGUAGE_NAMES[job.language]} solution {what}can only run on a GPU worker "
        f"(device 'cuda'); this job asked for device '{job.device}'."
    )


def require_cuda(j: Judgement) -> None:
    """This process's CUDA device (primary context, driver handle, peaks, benchmark lock's
    name), or an internal_error Verdict that says why the job cannot run here."""
    job = j.job
    if job.device != "cuda":
        compiled = job.language in NATIVE_LANGUAGES
        raise Verdict("internal_error", gpu_only_message(job, compiled))
    import torch  # noqa: PLC0415

    from runner.common.cudadrv import Driver  # noqa: PLC0415

    if not torch.cuda.is_available():
        raise Verdict("internal_error", "This judge machine has no usable CUDA device.")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    props = torch.cuda.get_device_properties(0)
    torch.zeros(1, device="cuda")  # the primary context, shared with the driver calls
    j.driver = Driver.shared()
    j.gpu_key = gpulock.device_key(props)
    j.peaks = devices.lookup(props.name, "cuda")
    j.device_info.update(
        name=props.name,
        arch=f"sm_{props.major}{props.minor}",
        l2_bytes=int(getattr(props, "L2_cache_size", 0) or 0),
        peak_gbps=j.peaks.peak_bw / 1e9,
        peak_gflops=j.peaks.peak_flops / 1e9,
        peaks_known=j.peaks.known,
    )
