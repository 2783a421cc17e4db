"""Getting a judgement ready: the solution's file (compiled for CUDA and Mojo) and the GPU
this process judges on. Called by runner.supervisor.judgement before the child loads user
code."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract.vocabulary import CPU_LANGUAGES, LANGUAGE_NAMES, LANGUAGES, NATIVE_LANGUAGES
from runner.supervisor import cutedsl, cutile, devices, gpulock, mojo
from runner.supervisor.outcome import Verdict

if TYPE_CHECKING:
    from runner.contract import JobSpec
    from runner.supervisor.judgement import Judgement

PY_FILE = "solution.py"
# languages offered only where their Python package is installed beside the runner (never
# in requirements.txt: the worker's operator adds it), by (package, name people call it)
LANGUAGE_PACKAGES = {"tilelang": ("tilelang", "TileLang")}
GPU_ONLY_LANGUAGES = tuple(lang for lang in LANGUAGES if lang not in CPU_LANGUAGES)


def require_language_package(j: Judgement) -> None:
    """An internal_error Verdict when this worker lacks the language's package (found on
    this process's sys.path, which the child shares: runner/supervisor/childproc.py), before
    anything runs. CuTe DSL is found where runner/supervisor/cutedsl.py looks for it, and only
    for a job on the GPU device (on the CPU one, the GPU-only check says why it cannot run);
    cuTile, with a compiler that can run, where runner/supervisor/cutile.py looks for them;
    Mojo's compiler where runner/supervisor/mojo.py looks for it (without it, a job on the CPU
    device is told at once that it needs a GPU worker, since nothing can be compiled)."""
    if j.job.language == "cute":
        if j.job.device == "cuda" and cutedsl.install_dirs() is None:
            raise Verdict("internal_error", cutedsl.MISSING)
        return
    if j.job.language == "cutile":
        why = cutile.missing() if j.job.device == "cuda" else None
        if why:
            raise Verdict("internal_error", why)
        return
    if j.job.language == "mojo":  # its compiler (runner/supervisor/mojo.py)
        if mojo.find_install() is None:
            if j.job.device != "cuda":
                raise Verdict("internal_error", gpu_only_message(j.job, compiled=False))
            raise Verdict("internal_error", mojo.MISSING)
        return
    needed = LANGUAGE_PACKAGES.get(j.job.language)
    if needed is None:
        return
    import importlib.util  # noqa: PLC0415

    package, name = needed
    if importlib.util.find_spec(package) is None:
        raise Verdict(
            "internal_error",
            f"This judge worker has no {name}: the Python package '{package}' is not "
            f"installed beside the runner. {name} solutions need a GPU worker that has it "
            f"(docs/languages/{j.job.language}.md).",
        )


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
        else:
            first = next((ln for ln in res.log.splitlines() if "error" in ln), "")
        raise Verdict("compile_error", "Compilation failed" + (f": {first}" if first else "."))
    if job.language == "mojo":
        from runner.supervisor.mojo_entry import check_entry  # noqa: PLC0415

        problem = check_entry(res.so_path, job.source, j._param_list())
        if problem is not None:
            raise Verdict("compile_error", f"Compiled, but {problem}")
        j.entry_symbol = "solve"
        return res.so_path
    from runner.supervisor.compile import find_entry  # noqa: PLC0415

    symbol, linkage = find_entry(res.so_path, j._param_list())
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
