"""Element-by-element comparison of a tensor the child returned with the expected one."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import torch

from runner.contract import FLOAT_DTYPES as FLOAT

# The fp32 forward-error term of problems with an [error_bound] (docs/judging.md, "Large sizes"):
# an element passes when |got - exp| <= atol + rtol*|exp| + ERROR_BOUND_C * U32 * sqrt(k) * S.
U32 = 2.0**-24  # unit roundoff of float32 (round to nearest)
ERROR_BOUND_C = 2.0


@dataclass
class Comparison:
    passed: bool
    max_abs_err: float = 0.0
    max_rel_err: float = 0.0
    mismatches: int = 0
    first_mismatch: dict | None = None
    details: dict = field(default_factory=dict)
    # max over elements of |got-exp| / allowance (only computed with an error-bound term)
    max_bound_ratio: float | None = None


def unravel(flat: int, shape: tuple[int, ...]) -> list[int]:
    idx = []
    for d in reversed(shape):
        idx.append(flat % d if d else 0)
        flat //= d if d else 1
    return list(reversed(idx))


def _py(v: torch.Tensor) -> float | int | str:
    x = v.item()
    if isinstance(x, float) and (x != x or x in (float("inf"), float("-inf"))):
        return str(x)  # JSON has no NaN/inf
    return x


def compare(
    name: str,
    got: torch.Tensor,
    exp: torch.Tensor,
    dtype: str,
    atol: float,
    rtol: float,
    extra: torch.Tensor | None = None,
    with_ratio: bool = False,
) -> Comparison:
    """Integers exactly; floats |got-exp| <= atol + rtol*|exp| (+ extra) where exp is finite,
    else got == exp (an infinity only matches itself, as in torch.isclose); NaN never equal.
    `extra` is the per-element error-bound allowance (see error_allowance). `max_bound_ratio`
    (the largest error over its allowance) is computed with `extra`, or when `with_ratio` is set."""
    shape = tuple(exp.shape)
    got = got.reshape(shape)
    if got.numel() == 0:
        return Comparison(True)
    if dtype in FLOAT:
        g = got.to(exp.device, torch.float64)
        e = exp.to(torch.float64)
        diff = (g - e).abs()
        allow = atol + rtol * e.abs()
        if extra is not None:
            allow = allow + extra.to(e.device, torch.float64).reshape(shape).nan_to_num(0.0)
        # where exp is infinite, rtol * |exp| would allow any finite value: equality only
        ok = ((diff <= allow) & torch.isfinite(e)) | (g == e)
        finite = torch.isfinite(diff)
        max_abs = float(diff[finite].max()) if bool(finite.any()) else 0.0
        rel = diff / e.abs().clamp_min(torch.finfo(torch.float64).tiny)
        rel_f = torch.isfinite(rel) & finite
        max_rel = float(rel[rel_f].max()) if bool(rel_f.any()) else 0.0
        if not bool(finite.all()) and not bool(ok.all()):
            # some result is NaN or an unmatched infinity: the error is unbounded
            bad_nonfinite = (~finite) & (~ok)
            if bool(bad_nonfinite.any()):
                max_abs = float("inf")
                max_rel = float("inf")
    else:
        g = got.to(exp.device).to(torch.int64)
        e = exp.to(torch.int64)
        ok = g == e
        diff = (g - e).abs()
        max_abs = float(diff.max())
        max_rel = float((diff.double() / e.abs().double().clamp_min(1)).max())
    ratio = None
    if dtype in FLOAT and (extra is not None or with_ratio):
        r = diff / allow.clamp_min(torch.finfo(torch.float64).tiny)
        r = torch.where(g == e, torch.zeros_like(r), r)
        ratio = float(r.max()) if bool(torch.isfinite(r).all()) else float("inf")
    flat_ok = ok.reshape(-1)
    bad = int((~flat_ok).sum())
    if bad == 0:
        return Comparison(True, max_abs, max_rel, max_bound_ratio=ratio)
    first = int(torch.nonzero(~flat_ok)[0, 0])
    fm = {
        "output": name,
        "index": unravel(first, shape),
        "flat_index": first,
        "expected": _py(
            exp.reshape(-1)[first].double()
            if dtype in FLOAT
            else exp.reshape(-1)[first].to(torch.int64)
        ),
        "got": _py(
            got.reshape(-1)[first].double()
            if dtype in FLOAT
            else got.reshape(-1)[first].to(torch.int64)
        ),
    }
    if extra is not None and dtype in FLOAT:
        fm["allowed"] = _py(allow.reshape(-1)[first])
    return Comparison(False, max_abs, max_rel, bad, fm, max_bound_ratio=ratio)


def error_allowance(
    bound: Any,
    reference: Any,
    inputs: Mapping[str, torch.Tensor],
    outputs: Mapping[str, torch.Tensor],
    scalars: Mapping[str, int | float],
    run_reference: Callable[[dict[str, torch.Tensor]], dict[str, torch.Tensor]],
) -> dict[str, torch.Tensor]:
    """Per-element extra allowance ERROR_BOUND_C * U32 * sqrt(k) * S for each float output.

    `bound` is the problem's ErrorBound. S comes from `reference.error_scale(**inputs,
    **scalars)` (method "hook": a tensor for a single output, or a dict by output name) or from
    `run_reference(|inputs|)` (method "abs_reference": the reference evaluated, in float64, on
    the absolute values of the inputs; for sums of products this is sum |a||b|).
    """
    from runner.contract import eval_expr  # noqa: PLC0415

    k = float(eval_expr(bound.k, scalars))
    factor = ERROR_BOUND_C * U32 * math.sqrt(max(k, 0.0))
    f64 = {n: t.to(torch.float64) for n, t in inputs.items()}
    with torch.no_grad():
        if bound.method == "hook":
            hook = getattr(reference, "error_scale", None)
            if hook is None:
                raise RuntimeError(
                    "error_bound.method = 'hook' but reference.py has no error_scale"
                )
            scale = hook(**f64, **scalars)
            if isinstance(scale, torch.Tensor):
                if len(outputs) != 1:
                    raise RuntimeError("error_scale must return a dict for several outputs")
                scale = {next(iter(outputs)): scale}
        else:
            scale = run_reference({n: t.abs() for n, t in f64.items()})
    return {
        n: scale[n].to(torch.float64).abs().reshape(outputs[n].shape) * factor
        for n in outputs
        if n in scale
    }


def describe(test_name: str, sizes: dict, cmp: Comparison, shape: tuple[int, ...]) -> str:
    fm = cmp.first_mismatch or {}
    size_txt = ", ".join(f"{k}={v}" for k, v in sizes.items())
    idx = fm.get("index", [])
    where = f"{fm.get('output')}[{', '.join(map(str, idx))}]"
    if len(shape) > 1:
        where += f" (flat index {fm.get('flat_index')})"
    a = fm.get("allowed")
    allowed = f", allowed error {a:.6g}" if isinstance(a, float) else ""
    note = f" ({fm['note']})" if fm.get("note") else ""  # a tie rule's accepted answers
    return (
        f"Test '{test_name}' ({size_txt}): {where} = {fm.get('got')}, expected "
        f"{fm.get('expected')}{allowed}{note} (first of {cmp.mismatches} mismatch"
        f"{'es' if cmp.mismatches != 1 else ''}; max abs error {cmp.max_abs_err:.6g}, "
        f"max rel error {cmp.max_rel_err:.6g})"
    )


def first_change(before: torch.Tensor, after: torch.Tensor) -> int | None:
    """Flat index of the first byte-level difference between two tensors, or None."""
    b = before.contiguous().reshape(-1)
    a = after.contiguous().reshape(-1).to(b.device)
    if b.numel() == 0:
        return None
    bb = b.view(torch.uint8).reshape(b.numel(), -1)
    ab = a.view(torch.uint8).reshape(a.numel(), -1)
    diff = (bb != ab).any(dim=1)
    if not bool(diff.any()):
        return None
    return int(torch.nonzero(diff)[0, 0])
