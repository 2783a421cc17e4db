"""Triton, the trusted side: its kernel cache inside the job's folder, fp32 dots as the
reference computes them, and its interpreter on the CPU device."""

from __future__ import annotations

from pathlib import Path

from runner.supervisor.language import SupervisorLanguage

INSPECT_MESSAGE = (
    "Triton kernels are compiled by Triton when they are first launched, on a GPU host: "
    "their PTX and SASS do not exist before that, so inspect cannot show them on a machine "
    "without a GPU. Inspect supports CUDA C++ solutions (see docs/profiling.md)."
)


class Triton(SupervisorLanguage):
    name = "triton"
    distributions = ("triton",)
    # its cache holds IR, PTX and cubins; an autotuned attention kernel's outgrew the output limit
    compiles_in_child = True
    # a kernel is specialised anew for new sizes, by the interpreter on the CPU too
    jit_devices = ("cuda", "cpu")

    def inspect_refusal(self) -> tuple[str, bool] | None:
        return INSPECT_MESSAGE, True

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        """fp32 dots as the reference computes them; the cache (IR, PTX, cubins) in the job
        folder, deleted with it (its files may be large: ``compiles_in_child``)."""
        return {
            "TRITON_F32_DEFAULT": "ieee",
            "TRITON_CACHE_DIR": str(job_dir / ".triton-cache"),
        }, []

    def job_env(self, device: str) -> dict[str, str]:
        return {"TRITON_INTERPRET": "1"} if device == "cpu" else {}


LANGUAGE = Triton()
