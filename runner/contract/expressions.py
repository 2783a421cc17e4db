"""Expressions over scalar parameters (shapes, FLOP and byte formulas), distributions, and
the field checks every contract parser shares. A malformed spec raises :class:`SpecError`
whose message starts with the offending field, e.g. ``params[2].dtype: unknown dtype 'f31'``."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from runner.contract.vocabulary import DIST_KINDS


class SpecError(ValueError):
    """A specification is malformed; the message names the field."""


# ---------------------------------------------------------------------------------------------
# Expressions over scalar parameters (shapes, FLOP and byte formulas)

_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: a**b,
}
_FUNCS = {
    "cdiv": lambda a, b: -(-a // b),
    "min": min,
    "max": max,
}


def expr_names(expr: str | int | float) -> set[str]:
    """Scalar names an expression refers to (functions excluded)."""
    if isinstance(expr, int | float):
        return set()
    tree = ast.parse(str(expr), mode="eval")
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id not in _FUNCS}


def eval_expr(expr: str | int | float, scalars: Mapping[str, int | float]) -> int | float:
    """Evaluate a shape/formula expression: integers, + - * // % / **, names, cdiv/min/max."""
    if isinstance(expr, bool):
        raise SpecError(f"expression {expr!r}: booleans are not allowed")
    if isinstance(expr, int | float):
        return expr

    def ev(node: ast.AST) -> int | float:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in scalars:
                raise SpecError(f"expression {expr!r}: unknown scalar {node.id!r}")
            return scalars[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            return _BINOPS[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _FUNCS
            and not node.keywords
        ):
            return _FUNCS[node.func.id](*(ev(a) for a in node.args))
        raise SpecError(f"expression {expr!r}: unsupported syntax {ast.dump(node)[:60]}")

    try:
        tree = ast.parse(str(expr), mode="eval")
    except SyntaxError as exc:
        raise SpecError(f"expression {expr!r}: {exc.msg}") from None
    return ev(tree)


def parse_dist(text: str) -> tuple[str, tuple[float, ...]]:
    """Parse ``uniform(-1, 1)`` into ``("uniform", (-1.0, 1.0))``."""
    text = text.strip()
    name, _, rest = text.partition("(")
    name = name.strip()
    if name not in DIST_KINDS:
        raise SpecError(f"unknown distribution {text!r} (expected one of {', '.join(DIST_KINDS)})")
    args: tuple[float, ...] = ()
    if rest:
        if not rest.endswith(")"):
            raise SpecError(f"distribution {text!r}: missing ')'")
        body = rest[:-1].strip()
        try:
            args = tuple(float(eval_expr(a.strip(), {})) for a in body.split(",")) if body else ()
        except SpecError:
            raise SpecError(f"distribution {text!r}: arguments must be numbers") from None
    if len(args) != DIST_KINDS[name]:
        raise SpecError(f"distribution {text!r}: {name} takes {DIST_KINDS[name]} argument(s)")
    return name, args


def require_field(data: Mapping[str, Any], key: str, where: str, kind: type | tuple) -> Any:
    if key not in data:
        raise SpecError(f"{where}{key}: missing")
    value = data[key]
    if isinstance(value, bool) and kind is not bool:
        raise SpecError(f"{where}{key}: must be {kind_name(kind)}")
    if not isinstance(value, kind):
        raise SpecError(f"{where}{key}: must be {kind_name(kind)}, got {type(value).__name__}")
    return value


def kind_name(kind: type | tuple) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__
