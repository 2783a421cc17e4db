"""The runner's one vocabulary: schema version, dtypes, roles, languages, modes, devices,
verdicts, distributions and starter file names. Imported everywhere else; defined only here.
Torch-free (the site imports it)."""

from __future__ import annotations

import math
from collections.abc import Sequence

SCHEMA_VERSION = 1

TENSOR_DTYPES = ("f32", "f16", "bf16", "f8e4m3", "i32", "u32", "i8", "u8")
FLOAT_DTYPES = ("f32", "f16", "bf16", "f8e4m3")
SCALAR_DTYPES = ("int", "float")
TENSOR_ROLES = ("in", "out", "inout")
LANGUAGES = ("cuda", "triton", "pytorch", "cupy", "jax")
# languages whose solutions also run on the CPU device (Triton through its interpreter)
CPU_LANGUAGES = ("pytorch", "triton", "jax")
MODES = ("run", "submit")
DEVICES = ("cpu", "cuda")
DIFFICULTIES = ("easy", "medium", "hard")
PRECISIONS = ("native", "f64")
FP32_ARITHMETIC = ("fp32", "tf32")
PY_LAYOUTS = ("shaped", "flat")
ERROR_BOUND_METHODS = ("abs_reference", "hook")
VERDICTS = (
    "accepted",
    "wrong_answer",
    "compile_error",
    "runtime_error",
    "time_limit_exceeded",
    "memory_limit_exceeded",
    "output_limit_exceeded",
    "rejected",
    "internal_error",
)
DIST_KINDS = {
    "uniform": 2,
    "normal": 2,
    "randint": 2,
    "sorted_uniform": 2,
    "sorted_randint": 2,
    "const": 1,
    "zeros": 0,
    "ones": 0,
    "arange": 0,
}
STARTER_FILES = {
    "cuda": "solution.cu",
    "triton": "solution_triton.py",
    "pytorch": "solution_pytorch.py",
    "cupy": "solution_cupy.py",
    "jax": "solution_jax.py",
}


DTYPE_BYTES = {
    "f32": 4,
    "f16": 2,
    "bf16": 2,
    "f8e4m3": 1,
    "i32": 4,
    "u32": 4,
    "i8": 1,
    "u8": 1,
}


def nbytes(dtype: str, shape: Sequence[int]) -> int:
    """Bytes of a dense tensor (torch-free: the native child uses it too)."""
    return math.prod(int(d) for d in shape) * DTYPE_BYTES[dtype]
