"""JAX, the trusted side: its settings in every child, the library through which a GPU child
learns JAX's stream (runner/supervisor/jax_stream.py), and its timing settings.

JAX's runtime still works after a program's results are ready, and the device synchronise
waits for it: its calibration's empty calls, a jitted program of the harness's own
(runner/child/jax_solution.py), measure that gap, which is longer and more variable than other
languages' host wake-up (0.12-0.25 ms, against 0.015-0.03 ms, on an H200): its allowance is
larger, and taken at the slowest of the empty calls instead of their median (at their 90th
percentile, one relu judgement in five was still flagged; bench/results/archive/2026-11-24-h200-
session4). Its call does more host work before its kernels are queued (dispatch, argument
handling, the DLPack views of its results): a longer lead-in spin, on JAX's own stream
(runner/child/jax_stream.py), in the calibration's empty calls too.
"""

from __future__ import annotations

from pathlib import Path

from runner.supervisor import jax_stream
from runner.supervisor.language import SupervisorLanguage


def jax_env(device: str) -> dict[str, str]:
    """JAX's settings in every child (a spare does not know its language yet; they change
    nothing for the other languages): the device's platform only, GPU memory taken as needed
    instead of 75 % of the GPU at start, no persistent compilation cache (XLA compiles in the
    process; nothing is read from or left for another job), fp32 matmuls in full precision as
    the reference computes them."""
    return {
        "JAX_PLATFORMS": "cpu" if device == "cpu" else "cuda",
        "XLA_PYTHON_CLIENT_PREALLOCATE": "false",
        "JAX_ENABLE_COMPILATION_CACHE": "false",
        "JAX_DEFAULT_MATMUL_PRECISION": "highest",
        "TF_CPP_MIN_LOG_LEVEL": "2",
    }


class Jax(SupervisorLanguage):
    name = "jax"
    distributions = ("jax",)
    # XLA compiles each new shape, on every device
    jit_devices = ("cuda", "cpu")
    lead_in_ms = 1.0
    max_gap_ms = 0.5
    gap_quantile = 1.0
    # its timed calls copy the returned arrays into the output buffers after the end event
    calibration_copies_outputs = True

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        out = jax_env(device)
        if native:
            return out, []
        stream_env, stream_binds = jax_stream.child_env(device)  # JAX's stream for its timing
        return {**out, **stream_env}, list(stream_binds)

    def starts_runtime(self, native_child: bool) -> bool:
        """JAX, its functions captured unpatched, and on a GPU its stream, before the
        calibration: its empty calls run on that stream."""
        return True


LANGUAGE = Jax()
