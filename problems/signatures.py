"""A problem's entry point as text, from its parameter list: the signatures the API shows and
the pieces every language's starter writer shares (problems/starters.py, problems/starters_*.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runner.contract import C_TYPES

PY_SCALARS = {"int": "int", "float": "float"}


def spec_params(spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in spec.get("params") or [] if isinstance(p, Mapping) and "name" in p]


def shape_text(param: Mapping[str, Any]) -> str:
    return " x ".join(str(d) for d in param.get("shape", []))


def signature_cuda(spec: Mapping[str, Any]) -> str:
    args = []
    for p in spec_params(spec):
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
    for p in spec_params(spec):
        kind = PY_SCALARS.get(p.get("dtype", ""), "int") if p.get("role") == "scalar" else array
        args.append(f"{p['name']}: {kind}")
    return f"def solve({', '.join(args)}) -> None"


def signatures(spec: Mapping[str, Any]) -> dict[str, str]:
    """The entry point's signature per kind of language, as the API shows them."""
    return {"cuda": signature_cuda(spec), "python": signature_python(spec)}


def comment_lines(spec: Mapping[str, Any], prefix: str, what: str) -> list[str]:
    lines = []
    for p in spec_params(spec):
        if p.get("role") == "scalar":
            continue
        role = {"in": "input", "out": "output", "inout": "input and output"}.get(p.get("role"), "")
        lines.append(
            f"{prefix} {p['name']}: {role}, {what}, {p.get('dtype')}, shape [{shape_text(p)}]"
        )
    outs = [p["name"] for p in spec_params(spec) if p.get("role") in ("out", "inout")]
    lines.append(f"{prefix} Write the result into {', '.join(outs)} in place.")
    return lines


def first_size(spec: Mapping[str, Any]) -> str:
    for p in spec_params(spec):
        if p.get("role") == "scalar" and p.get("dtype") == "int":
            return p["name"]
    return "1"


def free_name(name: str, taken: set[str]) -> str:
    """``name`` with ``_`` appended until it is not in ``taken`` (a starter's own name that a
    parameter already uses)."""
    while name in taken:
        name += "_"
    return name
