"""Entry-point signatures shown to users, generated from a ProblemSpec's params
(docs/../shared/problem-interfaces.md: dtypes and the `const` rule for inputs)."""

from __future__ import annotations

from problems.starters import CUDA_TYPES as C_TYPES


def cuda_signature(params: list[dict]) -> str:
    parts = []
    for p in params:
        ctype = C_TYPES[p["dtype"]]
        if p.get("role") == "scalar":
            parts.append(f"{ctype} {p['name']}")
        else:
            const = "const " if p.get("role") == "in" else ""
            parts.append(f"{const}{ctype}* {p['name']}")
    return f'extern "C" void solve({", ".join(parts)})'


def python_signature(params: list[dict]) -> str:
    parts = []
    for p in params:
        if p.get("role") == "scalar":
            parts.append(f"{p['name']}: {'float' if p.get('dtype') == 'float' else 'int'}")
        else:
            parts.append(f"{p['name']}: torch.Tensor")
    return f"def solve({', '.join(parts)}) -> None"


def signatures(spec: dict) -> dict[str, str]:
    params = list(spec.get("params") or [])
    return {"cuda": cuda_signature(params), "python": python_signature(params)}
