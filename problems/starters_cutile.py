"""cuTile starters (``cuda.tile``, language ``cutile``) written from a problem's parameters.

The convention is TileLang's and Triton's: ``solve`` takes every parameter in spec order,
tensors as torch tensors on the GPU (a ``flat`` tensor arrives 1-D) and scalars as Python
``int``/``float``; outputs are pre-allocated and written in place, and ``solve`` returns
nothing. The starter holds one ``@ct.kernel`` that receives the same parameters plus a
compile-time tile size, launched on ``torch.cuda.current_stream()`` (the judge times that
stream, so ``solve`` does not synchronise).

The starter's own names (the module aliases ``ct`` and ``torch``, the kernel, the tile size,
the grid and the block index) never hide a parameter: where a parameter has one of those
names, the starter's name gets a ``_`` appended instead (TileLang's rule for its sizes), since
the parameters' names are the contract and cannot change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from problems.signatures import (
    comment_lines,
    first_size,
    free_name,
    signature_python,
    spec_params,
)

# The names a cuTile starter defines or uses beside the parameters.
CUTILE_RESERVED = ("ct", "torch", "solve_kernel", "TILE", "grid", "bid")


def cutile_names(spec: Mapping[str, Any]) -> dict[str, str]:
    """Each of the starter's own names, with ``_`` appended until no parameter has it."""
    taken = {p["name"] for p in spec_params(spec)}
    return {name: free_name(name, taken) for name in CUTILE_RESERVED}


def _comments(spec: Mapping[str, Any], torch_name: str) -> list[str]:
    flat = {
        p["name"]
        for p in spec_params(spec)
        if p.get("py_layout") == "flat" and len(p.get("shape", [])) > 1
    }
    lines = []
    for line in comment_lines(spec, "#", "torch tensor on the GPU"):
        name = line[2:].split(":", 1)[0]
        lines.append(line + " (arrives flat, 1-D)" if name in flat else line)
    lines.append(f"# Launch on {torch_name}.cuda.current_stream() (the judge times it; no sync).")
    return lines


def _example(spec: Mapping[str, Any], n: dict[str, str]) -> list[str]:
    """A commented load and store on the first input and output, when both are 1-D."""
    tensors = [p for p in spec_params(spec) if p.get("role") != "scalar"]
    src = next((p for p in tensors if p.get("role") in ("in", "inout")), None)
    dst = next((p for p in tensors if p.get("role") in ("out", "inout")), None)

    def one_d(p: Mapping[str, Any] | None) -> bool:
        return p is not None and (len(p.get("shape", [])) == 1 or p.get("py_layout") == "flat")

    ct, bid, tile = n["ct"], n["bid"], n["TILE"]
    if not (one_d(src) and one_d(dst)):
        return [
            f"    # TODO: {ct}.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D",
            f"    # tensor, {ct}.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)",
        ]
    return [
        "    # TODO: for example (tiles past the end are padded on load, dropped on store):",
        f"    # t = {ct}.load({src['name']}, index=({bid},), shape=({tile},), "
        f"padding_mode={ct}.PaddingMode.ZERO)",
        f"    # {ct}.store({dst['name']}, index=({bid},), tile=t)",
    ]


def starter_cutile(spec: Mapping[str, Any]) -> str:
    """A ``@ct.kernel`` skeleton of the parameters and a ``TILE`` constant, launched from a
    ``solve`` that receives torch tensors, one block per ``TILE`` of the first int size."""
    params = spec_params(spec)
    n = cutile_names(spec)
    ct, torch_, kernel, tile, grid, bid = (n[k] for k in CUTILE_RESERVED)
    names = [p["name"] for p in params]
    imports = [
        "import cuda.tile as ct" if ct == "ct" else f"import cuda.tile as {ct}",
        "import torch" if torch_ == "torch" else f"import torch as {torch_}",
    ]
    kernel_args = [*names, f"{tile}: {ct}.Constant[int]"]
    head = [f"def {kernel}({', '.join(kernel_args)}):"]
    if len(head[0]) > 99:
        head = [f"def {kernel}(", *(f"    {a}," for a in kernel_args), "):"]
    sig = signature_python(spec).replace("torch.Tensor", f"{torch_}.Tensor")
    sig_lines = [f"{sig}:"]
    if len(sig) + 1 > 99:
        args = sig[len("def solve(") : -len(") -> None")].split(", ")
        sig_lines = ["def solve(", *(f"    {a}," for a in args), ") -> None:"]
    stream = f"{torch_}.cuda.current_stream()"
    call = [f"    {ct}.launch({stream}, {grid}, {kernel}, ({', '.join([*names, tile])}))"]
    if len(call[0]) > 99:
        call = [
            f"    {ct}.launch(",
            f"        {stream},",
            f"        {grid},",
            f"        {kernel},",
            f"        ({', '.join([*names, tile])}),",
            "    )",
        ]
        if len(call[4]) > 99:
            call[4:5] = ["        (", *(f"            {a}," for a in [*names, tile]), "        ),"]
    size = first_size(spec)
    return "\n".join(
        [
            *imports,
            "",
            "",
            f"# Compiled at its first launch (not timed). {tile} is a compile-time constant: every",
            "# tile dimension must be a constant power of two.",
            f"@{ct}.kernel",
            *head,
            f"    {bid} = {ct}.bid(0)  # noqa: F841 - this block's index in the grid",
            *_example(spec, n),
            "",
            "",
            *_comments(spec, torch_),
            *sig_lines,
            f"    {tile} = 1024",
            f"    {grid} = (({size} + {tile} - 1) // {tile},)",
            *call,
            "",
        ]
    )
