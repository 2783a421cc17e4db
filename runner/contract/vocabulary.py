"""The runner's one vocabulary: schema version, dtypes, roles, languages, modes, devices,
verdicts, distributions, starter file names and C type names. Imported everywhere else (the
site included: its language picker, API validation, verdict choices and signatures come from
here); defined only here. Torch-free (the site imports it)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from runner.contract import languages

SCHEMA_VERSION = 1

TENSOR_DTYPES = ("f32", "f16", "bf16", "f8e4m3", "i32", "u32", "i8", "u8")
FLOAT_DTYPES = ("f32", "f16", "bf16", "f8e4m3")
SCALAR_DTYPES = ("int", "float")
TENSOR_ROLES = ("in", "out", "inout")
LANGUAGES = languages.names()
MODES = ("run", "submit", "profile")
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
STARTER_FILES = {r.name: r.starter_file for r in languages.RECORDS.values()}
# What people call each language and verdict (the site's pages and admin show these).
LANGUAGE_NAMES = {r.name: r.title for r in languages.RECORDS.values()}
# the languages the CPU device judges (Triton through its interpreter)
CPU_LANGUAGES = languages.on_device("cpu")
# the languages the supervisor compiles into a shared library whose C function `solve` the
# child calls with device pointers and scalars (runner/child/solution.py)
NATIVE_LANGUAGES = languages.names(r for r in languages.RECORDS.values() if r.native)
VERDICT_NAMES = {verdict: verdict.replace("_", " ").capitalize() for verdict in VERDICTS}
# The C type of each dtype in a CUDA entry point (`solve(const float* A, int N)`).
C_TYPES = {
    "f32": "float",
    "f16": "__half",
    "bf16": "__nv_bfloat16",
    "f8e4m3": "__nv_fp8_e4m3",
    "i32": "int",
    "u32": "unsigned int",
    "i8": "int8_t",
    "u8": "uint8_t",
    "int": "int",
    "float": "float",
}

# The Mojo type of each dtype in a Mojo entry point (``solve(A: Pointer[Float32,
# MutAnyOrigin], N: Int32)``): a tensor's element type, a scalar's own type; the C types above
# at the same width, since the child calls both through the C ABI.
MOJO_TYPES = {
    "f32": "Float32",
    "f16": "Float16",
    "bf16": "BFloat16",
    "f8e4m3": "Float8_e4m3fn",
    "i32": "Int32",
    "u32": "UInt32",
    "i8": "Int8",
    "u8": "UInt8",
    "int": "Int32",
    "float": "Float32",
}


language_of_file = languages.language_of_file
language_of_source = languages.language_of_source


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
