"""Element-by-element comparison of a tensor the child returned with the expected one."""

from __future__ import annotations

from dataclasses import dataclass, field

import torch

FLOAT = ("f32", "f16")


@dataclass
class Comparison:
    passed: bool
    max_abs_err: float = 0.0
    max_rel_err: float = 0.0
    mismatches: int = 0
    first_mismatch: dict | None = None
    details: dict = field(default_factory=dict)


def _unravel(flat: int, shape: tuple[int, ...]) -> list[int]:
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
    name: str, got: torch.Tensor, exp: torch.Tensor, dtype: str, atol: float, rtol: float
) -> Comparison:
    """Integers exactly; floats |got-exp| <= atol + rtol*|exp| or got == exp; NaN never equal."""
    shape = tuple(exp.shape)
    got = got.reshape(shape)
    if got.numel() == 0:
        return Comparison(True)
    if dtype in FLOAT:
        g = got.to(exp.device, torch.float64)
        e = exp.to(torch.float64)
        diff = (g - e).abs()
        ok = (diff <= atol + rtol * e.abs()) | (g == e)
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
    flat_ok = ok.reshape(-1)
    bad = int((~flat_ok).sum())
    if bad == 0:
        return Comparison(True, max_abs, max_rel)
    first = int(torch.nonzero(~flat_ok)[0, 0])
    fm = {
        "output": name,
        "index": _unravel(first, shape),
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
    return Comparison(False, max_abs, max_rel, bad, fm)


def describe(test_name: str, sizes: dict, cmp: Comparison, shape: tuple[int, ...]) -> str:
    fm = cmp.first_mismatch or {}
    size_txt = ", ".join(f"{k}={v}" for k, v in sizes.items())
    idx = fm.get("index", [])
    where = f"{fm.get('output')}[{', '.join(map(str, idx))}]"
    if len(shape) > 1:
        where += f" (flat index {fm.get('flat_index')})"
    return (
        f"Test '{test_name}' ({size_txt}): {where} = {fm.get('got')}, expected "
        f"{fm.get('expected')} (first of {cmp.mismatches} mismatch"
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
