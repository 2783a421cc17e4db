"""Getting a judgement ready: the language's availability and build (its plug-in's, with the
compile flow the native languages share) and the GPU this process judges on. Called by
runner.supervisor.judgement before the child loads user code."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runner.contract import languages
from runner.supervisor import devices, gpulock
from runner.supervisor import language as plugins
from runner.supervisor.outcome import Verdict

if TYPE_CHECKING:
    from pathlib import Path

    from runner.contract import JobSpec
    from runner.supervisor.compile import CompileResult
    from runner.supervisor.context import Judgement


def require_language_package(j: Judgement) -> None:
    """An internal_error Verdict, before anything runs, when this worker lacks what the job's
    language needs (its plug-in's ``missing``)."""
    why = plugins.plugin(j.job.language).missing(j.job)
    if why:
        raise Verdict("internal_error", why)


def prepare_source(j: Judgement) -> Path:
    """The file the child loads, as the language's plug-in builds it (the source as
    ``solution.py``, or a library compiled from it, its entry symbol recorded on ``j``);
    raises a compile_error Verdict."""
    return plugins.plugin(j.job.language).build(j)


def compile_native(
    j: Judgement,
    compiler: Callable[[str, Path, str, float], CompileResult],
    first_error: Callable[[str], str],
) -> CompileResult:
    """A native language's compile (``compiler(source, job_dir, arch, timeout_s)``), recorded
    on ``j``; a compile_error Verdict that quotes ``first_error(log)`` when it failed."""
    job = j.job
    res = compiler(job.source, j.dir, job.arch, j.limits.compile_timeout_s)
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
        first = first_error(res.log)
        raise Verdict("compile_error", "Compilation failed" + (f": {first}" if first else "."))
    return res


def gpu_only_message(job: JobSpec, compiled: bool) -> str:
    """Why a job of a GPU-only language cannot run on the device it asked for."""
    what = "compiled successfully, but " if compiled else ""
    return (
        f"The {languages.language(job.language).title} solution {what}can only run on a GPU "
        "worker "
        f"(device 'cuda'); this job asked for device '{job.device}'."
    )


def require_cuda(j: Judgement) -> None:
    """This process's CUDA device (primary context, driver handle, peaks, benchmark lock's
    name), or an internal_error Verdict that says why the job cannot run here."""
    job = j.job
    if job.device != "cuda":
        compiled = languages.language(job.language).native
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
