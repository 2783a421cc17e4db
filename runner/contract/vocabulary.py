"""The runner's one vocabulary: schema version, dtypes, roles, languages, modes, devices,
verdicts, distributions, starter file names and C type names. Imported everywhere else (the
site included: its language picker, API validation, verdict choices and signatures come from
here); defined only here. Torch-free (the site imports it)."""

from __future__ import annotations

import math
from collections.abc import Sequence

SCHEMA_VERSION = 1

TENSOR_DTYPES = ("f32", "f16", "bf16", "f8e4m3", "i32", "u32", "i8", "u8")
FLOAT_DTYPES = ("f32", "f16", "bf16", "f8e4m3")
SCALAR_DTYPES = ("int", "float")
TENSOR_ROLES = ("in", "out", "inout")
LANGUAGES = ("cuda", "triton", "pytorch", "cupy", "jax", "cute", "tilelang", "cutile", "mojo")
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
STARTER_FILES = {
    "cuda": "solution.cu",
    "triton": "solution_triton.py",
    "pytorch": "solution_pytorch.py",
    "cupy": "solution_cupy.py",
    "jax": "solution_jax.py",
    "cute": "solution_cute.py",
    "tilelang": "solution_tilelang.py",
    "cutile": "solution_cutile.py",
    "mojo": "solution.mojo",
}
# What people call each language and verdict (the site's pages and admin show these).
LANGUAGE_NAMES = {
    "cuda": "CUDA C++",
    "triton": "Triton",
    "pytorch": "PyTorch",
    "cupy": "CuPy",
    "jax": "JAX",
    "cute": "CuTe DSL",
    "tilelang": "TileLang",
    "cutile": "cuTile",
    "mojo": "Mojo",
}
# the languages the CPU device judges (Triton through its interpreter)
CPU_LANGUAGES = ("pytorch", "triton", "jax")
# the languages the supervisor compiles into a shared library whose C function `solve` the
# child calls with device pointers and scalars (runner/child/solution.py)
NATIVE_LANGUAGES = ("cuda", "mojo")
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


def language_of_file(name: str) -> str | None:
    """The language of a solution file by how its name ends, as the starters' names do
    (`correct_tiled.cu`: cuda, `wrong_triton.py`: triton); None when no language's does."""
    for language, starter in STARTER_FILES.items():
        if name.endswith(starter.removeprefix("solution")):
            return language
    return None


# Imports that name a Python solution's language, checked in this order (a TileLang or cuTile
# file imports torch too; anything else is PyTorch) and file names that do (LeetGPU's starter
# names: vector_add.cute.py).
SOURCE_IMPORTS = (
    ("tilelang", ("import tilelang", "from tilelang")),
    ("cutile", ("import cuda.tile", "from cuda.tile", "from cuda import tile")),
    ("cupy", ("import cupy", "from cupy")),
    ("cute", ("import cutlass", "from cutlass")),
    ("triton", ("import triton", "from triton", "@triton.jit")),
    ("jax", ("import jax", "from jax")),
)
NAME_SUFFIXES = {
    ".cu": "cuda",
    ".cuh": "cuda",
    ".jax.py": "jax",
    ".cute.py": "cute",
    ".tilelang.py": "tilelang",
    ".cutile.py": "cutile",
    ".mojo": "mojo",
    ".\N{FIRE}": "mojo",
}


def language_of_source(name: str, text: str) -> str:
    """The language of a solution from its file name, else from what it imports; PyTorch
    when neither says."""
    for suffix, language in NAME_SUFFIXES.items():
        if name.endswith(suffix):
            return language
    for language, marks in SOURCE_IMPORTS:
        if any(mark in text for mark in marks):
            return language
    return "pytorch"


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
