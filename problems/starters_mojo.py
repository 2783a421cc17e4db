"""Mojo starters generated from a problem's parameter list (docs/languages/mojo-convention.md).

A Mojo solution is built into a shared library (``mojo build --emit shared-lib``) whose
exported C-ABI ``solve`` takes the parameters in spec order: each tensor a device pointer
``Pointer[<Mojo type>, MutAnyOrigin]`` (the tensor's elements, contiguous and row-major), each
``int`` scalar an ``Int32`` and each ``float`` scalar a ``Float32``: the C types of the CUDA
entry point. ``solve`` creates a ``DeviceContext``, enqueues its kernels and synchronises; a C
function may not raise, so the starter turns a raised error into an abort.
"""

from __future__ import annotations

import keyword
from collections.abc import Mapping
from typing import Any

from problems.signatures import free_name
from runner.contract.vocabulary import MOJO_TYPES

# Words Mojo 1.2.0 refuses as an argument's name (beyond Python's keywords), found by compiling
# `def f(<word>: Int32)`; a parameter so named gets a trailing underscore in the starter.
MOJO_RESERVED = frozenset(
    {"out", "ref", "mut", "var", "read", "deinit", "comptime", "fn", "struct", "trait", "Self"}
)

ROLE_WORDS = {"in": "input", "out": "output", "inout": "input and output"}


def _params(spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in spec.get("params") or [] if isinstance(p, Mapping) and "name" in p]


def mojo_name(name: str) -> str:
    """The parameter's name in Mojo source: itself, or with a trailing underscore when Mojo
    reserves it (``out`` becomes ``out_``)."""
    if keyword.iskeyword(name) or name in MOJO_RESERVED:
        return name + "_"
    return name


def mojo_type(param: Mapping[str, Any]) -> str:
    """A tensor's device pointer type or a scalar's value type in the exported ``solve``."""
    scalar = MOJO_TYPES.get(param.get("dtype", ""), "Int32")
    if param.get("role") == "scalar":
        return scalar
    return f"Pointer[{scalar}, MutAnyOrigin]"


def _arguments(params: list[Mapping[str, Any]]) -> list[str]:
    return [f"    {mojo_name(p['name'])}: {mojo_type(p)}," for p in params]


def _comments(params: list[Mapping[str, Any]]) -> list[str]:
    lines = []
    for p in params:
        if p.get("role") == "scalar":
            continue
        shape = " x ".join(str(d) for d in p.get("shape", []))
        name, renamed = p["name"], mojo_name(p["name"])
        note = f" (named {renamed} here: {name} is a Mojo keyword)" if renamed != name else ""
        lines.append(
            f"# {name}: {ROLE_WORDS.get(p.get('role'), '')}, device pointer, {p.get('dtype')}, "
            f"shape [{shape}]{note}"
        )
    outs = [mojo_name(p["name"]) for p in params if p.get("role") in ("out", "inout")]
    lines.append("# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].")
    lines.append(f"# Write the result into {', '.join(outs)} in place; outputs start zero-filled.")
    return lines


def _launch(kernel: str, names: list[str], grid: str, ctx: str, threads: str) -> list[str]:
    args = [f"            {', '.join(names)},"]
    if len(args[0]) > 99:
        args = [f"            {n}," for n in names]
    return [
        f"        {ctx}.enqueue_function[{kernel}](",
        *args,
        f"            grid_dim={grid},",
        f"            block_dim={threads},",
        "        )",
    ]


def starter_mojo(spec: Mapping[str, Any]) -> str:
    """A kernel skeleton and the exported ``solve`` that launches it, one thread per element
    of the first ``int`` size, and waits for it. The starter's own names (THREADS,
    solve_kernel, ctx, err, i) step aside for a parameter's of the same spelling."""
    params = _params(spec)
    names = [mojo_name(p["name"]) for p in params]
    taken = set(names)
    threads, kernel = free_name("THREADS", taken), free_name("solve_kernel", taken)
    ctx, err, index = free_name("ctx", taken), free_name("err", taken), free_name("i", taken)
    sizes = [
        mojo_name(p["name"])
        for p in params
        if p.get("role") == "scalar" and p.get("dtype") == "int"
    ]
    bound = f"Int({sizes[0]})" if sizes else "1"
    return "\n".join(
        [
            "from max.gpu import global_idx",
            "from max.gpu.host import DeviceContext",
            "from std.math import ceildiv",
            "from std.os import abort",
            "",
            f"comptime {threads} = 256",
            "",
            "",
            f"def {kernel}(",
            *_arguments(params),
            "):",
            f"    var {index} = global_idx.x",
            f"    if {index} < {bound}:",
            f"        pass  # TODO: compute element {index}",
            "",
            "",
            *_comments(params),
            "@export",
            "def solve(",
            *_arguments(params),
            ') abi("C"):',
            "    try:",
            f"        var {ctx} = DeviceContext()",
            *_launch(kernel, names, f"ceildiv({bound}, {threads})", ctx, threads),
            f"        {ctx}.synchronize()",
            f"    except {err}:",
            f"        abort(String({err}))",
            "",
        ]
    )
