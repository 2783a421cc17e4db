"""LeetGPU's calling form of a problem that offers one (``[linear_module]``, as simple-inference
does): ``solve`` gets a ``torch.nn.Linear`` in place of the weight and bias tensors and no
scalars, PyTorch ``solve(input, model, output)``, JAX ``solve(input, model)`` returning the
output. The layer's parameters are the arena's own weight and bias tensors (no copy: what the
layer reads is what the supervisor wrote, and a write through it is a modified input). Which
form ``solve`` takes is read from the number of positional parameters it declares.

Untrusted side, torch imported only when a layer is built (the module is torch-free to import).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def solve_params(
    solve: Callable, params: list[dict], declared: dict | None, returns_outputs: bool
) -> list[dict]:
    """The parameters ``solve`` takes, in order: the problem's own ``params``, or (where the
    problem declares a module and ``solve`` takes exactly as many positional parameters as that
    form does) the module form's: the tensors with the weight replaced by the module (role
    ``module``), the bias and the scalars left out. ``returns_outputs``: the language returns
    its outputs (JAX), so ``out`` parameters are not among solve's arguments in either form."""
    if not declared:
        return params
    form = [
        {"role": "module", **declared} if p["name"] == declared["weight"] else p
        for p in params
        if p["role"] != "scalar" and p["name"] != declared["bias"]
    ]

    def arity(ps: list[dict]) -> int:
        return sum(not (returns_outputs and p["role"] == "out") for p in ps)

    taken = _positional_count(solve)
    return form if taken == arity(form) != arity(params) else params


def _positional_count(solve: Callable) -> int | None:
    try:
        signature = inspect.signature(solve)
    except (TypeError, ValueError):  # a builtin or an object without a signature
        return None
    kinds = [p.kind for p in signature.parameters.values()]
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        return None
    return sum(kind in _POSITIONAL for kind in kinds)


def linear(weight: Any, bias: Any) -> Any:
    """A ``torch.nn.Linear`` whose weight and bias are ``weight`` ([out, in]) and ``bias``
    ([out]) themselves, shared, not copied; no gradient is recorded through them."""
    import torch  # noqa: PLC0415

    out_features, in_features = weight.shape
    layer = torch.nn.Linear(in_features, out_features, device="meta")
    layer.weight = torch.nn.Parameter(weight, requires_grad=False)
    layer.bias = torch.nn.Parameter(bias, requires_grad=False)
    return layer
