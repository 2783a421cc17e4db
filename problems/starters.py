"""Signatures and starter code generated from a problem's parameter list.

The entry point is `solve(...)` with the parameters in spec order: CUDA gets device pointers
(`const` for inputs) and scalars; the Python languages get tensors (CuPy: arrays) and Python
numbers (TileLang: torch tensors, launched through `@tilelang.jit` kernels). Outputs are
written in place, except in JAX, whose `solve` takes the inputs and scalars only and returns
its outputs (docs/languages/jax.md). CuTe DSL's `solve` is a `@cute.jit` function of
`cute.Tensor` values and CuTe scalars (docs/languages/cute.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from problems.signatures import (
    PY_SCALARS,
    comment_lines,
    first_size,
    shape_text,
    signature_cuda,
    signature_python,
    signatures,
    spec_params,
)
from problems.starters_cutile import starter_cutile
from problems.starters_mojo import starter_mojo

__all__ = ["signature_cuda", "signature_python", "signatures", "starters_from_spec"]


def starter_cuda(spec: Mapping[str, Any]) -> str:
    params = spec_params(spec)
    needs_half = any(p.get("dtype") == "f16" for p in params)
    needs_ints = any(p.get("dtype") in ("i8", "u8") for p in params)
    head = ["#include <cuda_runtime.h>"]
    if needs_half:
        head.append("#include <cuda_fp16.h>")
    if any(p.get("dtype") == "bf16" for p in params):
        head.append("#include <cuda_bf16.h>")
    if any(p.get("dtype") == "f8e4m3" for p in params):
        head.append("#include <cuda_fp8.h>")
    if needs_ints:
        head.append("#include <cstdint>")
    kernel_args = signature_cuda(spec)[len('extern "C" void solve(') : -1]
    names = ", ".join(p["name"] for p in params)
    size = first_size(spec)
    return "\n".join(
        [
            *head,
            "",
            f"__global__ void solve_kernel({kernel_args}) {{",
            "    // TODO: one thread per element, for example:",
            "    // int i = blockIdx.x * blockDim.x + threadIdx.x;",
            "}",
            "",
            *comment_lines(spec, "//", "device pointer"),
            f"{signature_cuda(spec)} {{",
            "    int threads = 256;",
            f"    int blocks = ({size} + threads - 1) / threads;",
            f"    solve_kernel<<<blocks, threads>>>({names});",
            "}",
            "",
        ]
    )


def starter_pytorch(spec: Mapping[str, Any]) -> str:
    return "\n".join(
        [
            "import torch",
            "",
            "",
            *comment_lines(spec, "#", "tensor"),
            f"{signature_python(spec)}:",
            "    pass",
            "",
        ]
    )


def starter_triton(spec: Mapping[str, Any]) -> str:
    params = spec_params(spec)
    ptrs = [f"{p['name']}_ptr" if p.get("role") != "scalar" else p["name"] for p in params]
    size = first_size(spec)
    return "\n".join(
        [
            "import torch",
            "import triton",
            "import triton.language as tl",
            "",
            "",
            "@triton.jit",
            f"def solve_kernel({', '.join(ptrs)}, BLOCK: tl.constexpr):",
            "    pid = tl.program_id(0)",
            "    pass  # TODO",
            "",
            "",
            *comment_lines(spec, "#", "tensor"),
            f"{signature_python(spec)}:",
            "    BLOCK = 1024",
            f"    grid = (triton.cdiv({size}, BLOCK),)",
            f"    solve_kernel[grid]({', '.join(p['name'] for p in params)}, BLOCK=BLOCK)",
            "",
        ]
    )


def starter_cupy(spec: Mapping[str, Any]) -> str:
    return "\n".join(
        [
            "import cupy as cp",
            "",
            "",
            *comment_lines(spec, "#", "cupy array"),
            f"{signature_python(spec, 'cp.ndarray')}:",
            "    pass",
            "",
        ]
    )


def _jax_args(spec: Mapping[str, Any]) -> list[str]:
    args = []
    for p in spec_params(spec):
        if p.get("role") == "scalar":
            args.append(f"{p['name']}: {PY_SCALARS.get(p.get('dtype', ''), 'int')}")
        elif p.get("role") in ("in", "inout"):
            args.append(f"{p['name']}: jax.Array")
    return args


def _jax_return(spec: Mapping[str, Any]) -> str:
    outs = [p for p in spec_params(spec) if p.get("role") in ("out", "inout")]
    return "jax.Array" if len(outs) == 1 else f"tuple[{', '.join(['jax.Array'] * len(outs))}]"


def signature_jax(spec: Mapping[str, Any]) -> str:
    """JAX's ``solve``: the inputs (in, inout) and scalars in spec order, the outputs (out,
    inout) returned: one array, or a tuple in spec order."""
    return f"def solve({', '.join(_jax_args(spec))}) -> {_jax_return(spec)}"


def _elements(param: Mapping[str, Any]) -> str:
    dims = [str(d) for d in param.get("shape", [])]
    return " * ".join(f"({d})" if " " in d else d for d in dims)


def starter_jax(spec: Mapping[str, Any]) -> str:
    params = spec_params(spec)
    sizes = [p["name"] for p in params if p.get("role") == "scalar" and p.get("dtype") == "int"]
    head, deco = [], ["@jax.jit"]
    if sizes:
        names = ", ".join(f'"{n}"' for n in sizes) + ("," if len(sizes) == 1 else "")
        head = ["import functools", ""]
        deco = [f"@functools.partial(jax.jit, static_argnames=({names}))"]
        if len(deco[0]) > 99:
            inner = [f"    static_argnames=({names}),"]
            if len(inner[0]) > 99:
                inner = ["    static_argnames=(", *(f'        "{n}",' for n in sizes), "    ),"]
            deco = ["@functools.partial(", "    jax.jit,", *inner, ")"]
    lines = []
    for p in params:
        role = p.get("role")
        if role == "scalar":
            continue
        if p.get("py_layout") == "flat" and len(p.get("shape", [])) > 1:
            layout = f"flat 1-D, {_elements(p)} elements"
        else:
            layout = f"shape [{shape_text(p)}]"
        what = {"in": "input", "out": "output", "inout": "input and output"}[role]
        lines.append(f"# {p['name']}: {what}, {p.get('dtype')}, {layout}")
    outs = [p["name"] for p in params if p.get("role") in ("out", "inout")]
    if len(outs) == 1:
        lines.append(f"# Return {outs[0]} (JAX arrays cannot be written in place).")
    else:
        lines.append(f"# Return ({', '.join(outs)}) in this order (JAX arrays are immutable).")
    if sizes:
        lines.append("# The int sizes are static: use them in shapes, ranges and ifs.")
    sig = signature_jax(spec)
    if len(sig) + 1 > 99:
        sig_lines = ["def solve(", *(f"    {a}," for a in _jax_args(spec))]
        sig_lines.append(f") -> {_jax_return(spec)}:")
    else:
        sig_lines = [f"{sig}:"]
    return "\n".join(
        [
            *head,
            "import jax",
            "import jax.numpy as jnp",
            "",
            "",
            *lines,
            *deco,
            *sig_lines,
            "    pass",
            "",
        ]
    )


CUTE_SCALARS = {"int": "cute.Int32", "float": "cute.Float32"}


def _cute_args(spec: Mapping[str, Any]) -> list[str]:
    args = []
    for p in spec_params(spec):
        if p.get("role") == "scalar":
            args.append(f"{p['name']}: {CUTE_SCALARS.get(p.get('dtype', ''), 'cute.Int32')}")
        else:
            args.append(f"{p['name']}: cute.Tensor")
    return args


def signature_cute(spec: Mapping[str, Any]) -> str:
    """CuTe DSL's ``solve``: every parameter in spec order, tensors as ``cute.Tensor`` (outputs
    written in place), ``int`` scalars as ``cute.Int32``, ``float`` ones as ``cute.Float32``."""
    return f"def solve({', '.join(_cute_args(spec))})"


def starter_cute(spec: Mapping[str, Any]) -> str:
    lines = []
    for p in spec_params(spec):
        role = p.get("role")
        if role == "scalar":
            continue
        if p.get("py_layout") == "flat" and len(p.get("shape", [])) > 1:
            layout = f"flat 1-D, {_elements(p)} elements"
        else:
            layout = f"shape [{shape_text(p)}]"
        what = {"in": "input", "out": "output", "inout": "input and output"}[role]
        lines.append(f"# {p['name']}: {what}, cute.Tensor on the GPU, {p.get('dtype')}, {layout}")
    outs = [p["name"] for p in spec_params(spec) if p.get("role") in ("out", "inout")]
    lines.append(f"# Write the result into {', '.join(outs)} in place (launch kernels from solve).")
    sig = signature_cute(spec)
    if len(sig) + 1 > 99:
        sig_lines = ["def solve(", *(f"    {a}," for a in _cute_args(spec)), "):"]
    else:
        sig_lines = [f"{sig}:"]
    return "\n".join(
        [
            "import cutlass",
            "import cutlass.cute as cute",
            "",
            "",
            *lines,
            "@cute.jit",
            *sig_lines,
            "    pass",
            "",
        ]
    )


TILELANG_DTYPES = {
    "f32": "T.float32",
    "f16": "T.float16",
    "bf16": "T.bfloat16",
    "f8e4m3": "T.float8_e4m3fn",
    "i32": "T.int32",
    "u32": "T.uint32",
    "i8": "T.int8",
    "u8": "T.uint8",
}


TILELANG_RESERVED = {"T", "tilelang", "torch", "block", "kernel", "bx", "i", "idx", "solve"}


def _tilelang_shapes(spec: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    """The T.dynamic sizes of a TileLang starter and each tensor's T.Tensor shape: a size
    named by an int scalar is that dynamic size, a number stays a number, a flat tensor or
    a size computed from others gets a dynamic size of its own (TileLang reads every dynamic
    size from the tensors it is called with)."""
    ints = {p["name"] for p in spec_params(spec) if p.get("role") == "scalar"}
    sizes: list[str] = []
    shapes: dict[str, str] = {}
    for p in spec_params(spec):
        if p.get("role") == "scalar":
            continue
        dims = [str(d) for d in p.get("shape", [])]
        flat = p.get("py_layout") == "flat" and len(dims) > 1
        out = []
        for k, dim in enumerate([f"{p['name']}_size"] if flat else dims):
            if dim.isdigit():
                out.append(dim)
                continue
            name = dim if dim in ints or flat else f"{p['name']}_{k}"
            if name in TILELANG_RESERVED:  # T (a sequence length, say) would hide the module
                name += "_"
            if name not in sizes:
                sizes.append(name)
            out.append(name)
        shapes[p["name"]] = f"({', '.join(out)},)" if len(out) == 1 else f"({', '.join(out)})"
    return sizes, shapes


def _tilelang_comments(spec: Mapping[str, Any]) -> list[str]:
    lines = comment_lines(spec, "#", "tensor")
    flat = {
        p["name"]
        for p in spec_params(spec)
        if p.get("py_layout") == "flat" and len(p.get("shape", [])) > 1
    }
    return [ln + " (arrives flat, 1-D)" if ln[2:].split(":", 1)[0] in flat else ln for ln in lines]


def starter_tilelang(spec: Mapping[str, Any]) -> str:
    """A ``@tilelang.jit`` kernel whose sizes are T.dynamic (compiled once, at the first
    call), launched from a ``solve`` that receives torch tensors, as Triton's does."""
    params = spec_params(spec)
    tensors = [p for p in params if p.get("role") != "scalar"]
    sizes, shapes = _tilelang_shapes(spec)
    grid = sizes[0] if sizes else "1"
    head = []
    if sizes:  # one per line: a starter's lines stay short
        head = [*(f'    {n} = T.dynamic("{n}")' for n in sizes), ""]
    args = [
        f"        {p['name']}: T.Tensor({shapes[p['name']]}, "
        f"{TILELANG_DTYPES.get(p.get('dtype', ''), 'T.float32')}),"
        for p in tensors
    ]
    sig = signature_python(spec)
    sig_lines = [f"{sig}:"]
    if len(sig) + 1 > 99:
        sig_lines = ["def solve(", *(f"    {a}," for a in sig[10:-9].split(", ")), ") -> None:"]
    call = [f"    solve_kernel()({', '.join(p['name'] for p in tensors)})"]
    if len(call[0]) > 99:
        call = ["    solve_kernel()(", *(f"        {p['name']}," for p in tensors), "    )"]
    return "\n".join(
        [
            "import tilelang",
            "import tilelang.language as T",
            "import torch",
            "",
            "",
            "# Compiled at its first call (not timed); T.dynamic sizes serve every test.",
            "@tilelang.jit",
            "def solve_kernel(block: int = 256):",
            *head,
            "    @T.prim_func",
            "    def kernel(",
            *args,
            "    ):",
            f"        with T.Kernel(T.ceildiv({grid}, block), threads=block) as bx:",
            "            for i in T.Parallel(block):",
            "                idx = bx * block + i  # noqa: F841 - TODO: compute element idx",
            "",
            "    return kernel",
            "",
            "",
            *_tilelang_comments(spec),
            *sig_lines,
            *call,
            "",
        ]
    )


def starters_from_spec(spec: Mapping[str, Any]) -> dict[str, str]:
    """A starter per language (cuda, triton, pytorch, cupy, jax, cute, tilelang, cutile, mojo)
    written from the parameters."""
    return {
        "cuda": starter_cuda(spec),
        "triton": starter_triton(spec),
        "pytorch": starter_pytorch(spec),
        "cupy": starter_cupy(spec),
        "jax": starter_jax(spec),
        "cute": starter_cute(spec),
        "tilelang": starter_tilelang(spec),
        "cutile": starter_cutile(spec),
        "mojo": starter_mojo(spec),
    }


def write_missing_starters(catalog: Path, language: str = "jax") -> list[Path]:
    """Generate the starter of ``language`` into every catalog package that has none (the
    committed starters are files; hand-edited ones are never overwritten)."""
    from runner.contract import STARTER_FILES, ProblemSpec  # noqa: PLC0415

    written = []
    for toml in sorted(catalog.glob("*/problem.toml")):
        target = toml.parent / "starters" / STARTER_FILES[language]
        if target.exists():
            continue
        spec = ProblemSpec.from_dir(toml.parent).to_dict()
        target.parent.mkdir(exist_ok=True)
        target.write_text(starters_from_spec(spec)[language])
        written.append(target)
    return written


if __name__ == "__main__":  # python -m problems.starters [LANGUAGE]: fill the catalog's gaps
    import sys

    lang = sys.argv[1] if len(sys.argv) > 1 else "jax"
    done = write_missing_starters(Path(__file__).resolve().parent / "catalog", lang)
    print(f"wrote {len(done)} {lang} starter(s)")


def reference_as_pytorch_solution(reference_source: str) -> str:
    """The problem's reference wrapped as a PyTorch submission (what Validate judges)."""
    return (
        reference_source.rstrip()
        + "\n\n\ndef solve(*args, **kwargs):\n    return reference(*args, **kwargs)\n"
    )
