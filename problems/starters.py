"""Signatures and starter code generated from a problem's parameter list.

The entry point is `solve(...)` with the parameters in spec order: CUDA gets device pointers
(`const` for inputs) and scalars; the Python languages get tensors (CuPy: arrays) and Python
numbers. Outputs are written in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runner.contract import C_TYPES

PY_SCALARS = {"int": "int", "float": "float"}


def _params(spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in spec.get("params") or [] if isinstance(p, Mapping) and "name" in p]


def _shape_text(param: Mapping[str, Any]) -> str:
    return " x ".join(str(d) for d in param.get("shape", []))


def signature_cuda(spec: Mapping[str, Any]) -> str:
    args = []
    for p in _params(spec):
        ctype = C_TYPES.get(p.get("dtype", ""), "float")
        if p.get("role") == "scalar":
            args.append(f"{ctype} {p['name']}")
        elif p.get("role") == "in":
            args.append(f"const {ctype}* {p['name']}")
        else:
            args.append(f"{ctype}* {p['name']}")
    return f'extern "C" void solve({", ".join(args)})'


def signature_python(spec: Mapping[str, Any], array: str = "torch.Tensor") -> str:
    args = []
    for p in _params(spec):
        kind = PY_SCALARS.get(p.get("dtype", ""), "int") if p.get("role") == "scalar" else array
        args.append(f"{p['name']}: {kind}")
    return f"def solve({', '.join(args)}) -> None"


def signatures(spec: Mapping[str, Any]) -> dict[str, str]:
    """The entry point's signature per kind of language, as the API shows them."""
    return {"cuda": signature_cuda(spec), "python": signature_python(spec)}


def _comment_lines(spec: Mapping[str, Any], prefix: str, what: str) -> list[str]:
    lines = []
    for p in _params(spec):
        if p.get("role") == "scalar":
            continue
        role = {"in": "input", "out": "output", "inout": "input and output"}.get(p.get("role"), "")
        lines.append(
            f"{prefix} {p['name']}: {role}, {what}, {p.get('dtype')}, shape [{_shape_text(p)}]"
        )
    outs = [p["name"] for p in _params(spec) if p.get("role") in ("out", "inout")]
    lines.append(f"{prefix} Write the result into {', '.join(outs)} in place.")
    return lines


def _first_size(spec: Mapping[str, Any]) -> str:
    for p in _params(spec):
        if p.get("role") == "scalar" and p.get("dtype") == "int":
            return p["name"]
    return "1"


def starter_cuda(spec: Mapping[str, Any]) -> str:
    params = _params(spec)
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
    size = _first_size(spec)
    return "\n".join(
        [
            *head,
            "",
            f"__global__ void solve_kernel({kernel_args}) {{",
            "    // TODO: one thread per element, for example:",
            "    // int i = blockIdx.x * blockDim.x + threadIdx.x;",
            "}",
            "",
            *_comment_lines(spec, "//", "device pointer"),
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
            *_comment_lines(spec, "#", "tensor"),
            f"{signature_python(spec)}:",
            "    pass",
            "",
        ]
    )


def starter_triton(spec: Mapping[str, Any]) -> str:
    params = _params(spec)
    ptrs = [f"{p['name']}_ptr" if p.get("role") != "scalar" else p["name"] for p in params]
    size = _first_size(spec)
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
            *_comment_lines(spec, "#", "tensor"),
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
            *_comment_lines(spec, "#", "cupy array"),
            f"{signature_python(spec, 'cp.ndarray')}:",
            "    pass",
            "",
        ]
    )


def starters_from_spec(spec: Mapping[str, Any]) -> dict[str, str]:
    """A starter per language (cuda, triton, pytorch, cupy) written from the parameters."""
    return {
        "cuda": starter_cuda(spec),
        "triton": starter_triton(spec),
        "pytorch": starter_pytorch(spec),
        "cupy": starter_cupy(spec),
    }


def reference_as_pytorch_solution(reference_source: str) -> str:
    """The problem's reference wrapped as a PyTorch submission (what Validate judges)."""
    return (
        reference_source.rstrip()
        + "\n\n\ndef solve(*args, **kwargs):\n    return reference(*args, **kwargs)\n"
    )
