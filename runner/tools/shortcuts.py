"""The shortcuts the catalog lint (runner/tools/catalog_lint.py) tries on each case: answers a
solution could write without doing the problem's work, or doing it in a cheaper arithmetic.

Every shortcut is a name, a kind and a function that returns the outputs it would write (in
the outputs' own dtypes), or a sentence saying why it does not apply here.

- ``constant``: every output 0, -1 or 1;
- ``expected_mean``: each output filled with the mean of its values (integers: their most
  common value) for another draw of the inputs, the "expected value" a cheater learns offline;
- ``another_draw``: the answer for another draw of the inputs at the same sizes (a precomputed
  answer; it passes exactly when the inputs do not depend on the seed);
- ``draws_mean``: the mean of the answers for two other draws, an estimate of the expectation of
  the output under the input distribution;
- ``input_mean``: the reference run with the float inputs (all together, then each alone)
  replaced by a constant, the mean of their first 1/8 (the mean of all of a tensor would cost
  a read of it, as much as a linear problem's whole work);
- ``subsample``: the reference run on the first 1/8 of each float input with the rest at the
  mean of that part, and the reference run on the first 1/8 of a size (a scalar that sizes
  inputs but no output), as is and scaled by the factor;
- ``precision``: for problems with float32 outputs that claim fp32 arithmetic, the reference
  with the operands of every matrix product and convolution rounded to TF32 (10-bit mantissa),
  fp16 or bf16 and accumulated in the reference's own precision: tensor-core arithmetic in its
  most accurate form, the only reduced precision that buys speed on float32 data (elementwise
  work reads the float32 inputs whatever it computes in). Not one where the reference has no
  product.

``outputs()`` returns the outputs, or a sentence saying why the shortcut does not apply.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_map

from runner.common.tensors import TORCH_DTYPES
from runner.contract import FLOAT_DTYPES, ProblemSpec, expr_names
from runner.supervisor.checks import expected_outputs

SUBSAMPLE = 8
DRAWS = 2  # other draws averaged for the expectation of the output
# the shortcuts tried on the largest cases of the GPU's sizes (catalog_lint.LARGE_ELEMENTS)
CHEAP_KINDS = ("constant", "expected_mean", "another_draw")


@dataclass
class Shortcut:
    name: str
    kind: str
    outputs: Callable[[], dict | str]


def _as_written(problem: ProblemSpec, outs: dict) -> dict:
    """Outputs as a solution would leave them in its buffers: in each output's dtype."""
    got = {}
    for p in problem.tensor_params:
        if p.is_output:
            t = outs[p.name]
            if p.dtype not in FLOAT_DTYPES and t.is_floating_point():
                t = t.round()
            got[p.name] = t.to(TORCH_DTYPES[p.dtype])
    return got


def _filled(problem: ProblemSpec, expected: dict, value: Callable[[torch.Tensor], float]) -> dict:
    return _as_written(
        problem,
        {n: torch.full_like(e, value(e), dtype=torch.float64) for n, e in expected.items()},
    )


def _mean(t: torch.Tensor) -> float:
    x = t.to(torch.float64)
    x = x[torch.isfinite(x)]
    return float(x.mean()) if x.numel() else 0.0


def _mode(t: torch.Tensor) -> float:
    wide = torch.float64 if t.is_floating_point() else torch.int64
    values, counts = torch.unique(t.reshape(-1).to(wide), return_counts=True)
    return float(values[int(counts.argmax())]) if values.numel() else 0.0


def _is_float(problem: ProblemSpec, name: str) -> bool:
    return problem.param(name).dtype in FLOAT_DTYPES


REJECTED = "not applicable: the reference rejects its inputs"
NO_PRODUCT = "not applicable: the reference computes no matrix product or convolution"


def _run(problem: ProblemSpec, reference, inputs: dict, scalars: dict) -> dict | str:
    try:
        return _as_written(problem, expected_outputs(problem, reference, inputs, scalars))
    except Exception:  # noqa: BLE001 - the reference rejects these inputs: no such shortcut
        return REJECTED


class Draws:
    """One case's draws of inputs and the reference's answers for them, each made when first
    needed: draw 0 is the one judged, the others are what a cheater could learn offline."""

    def __init__(self, problem: ProblemSpec, reference, scalars: dict, draw) -> None:
        self.problem, self.reference, self.scalars, self._draw = problem, reference, scalars, draw
        self._inputs: dict[int, dict] = {}
        self._answers: dict[int, dict | str] = {}

    def inputs(self, k: int = 0) -> dict:
        if k not in self._inputs:
            self._inputs[k] = self._draw(k)
        return self._inputs[k]

    def answer(self, k: int) -> dict | str:
        if k not in self._answers:
            self._answers[k] = _run(self.problem, self.reference, self.inputs(k), self.scalars)
            if k:
                self._inputs.pop(k)  # keep only the judged draw's inputs
        return self._answers[k]


def shortcuts(
    problem: ProblemSpec, reference, scalars: dict, draws: Draws, expected: Callable[[], dict]
) -> Iterator[Shortcut]:
    """The shortcuts for one case (module docstring), cheapest first. Their names depend only
    on the problem and the case's scalars; their outputs are computed when asked for."""

    def const(v: float) -> Callable[[], dict]:
        return lambda: _filled(problem, expected(), lambda e: v)

    for v in (0.0, -1.0, 1.0):
        yield Shortcut(f"all {v:g}", "constant", const(v))

    def expected_mean() -> dict | str:
        learnt = draws.answer(1)
        if isinstance(learnt, str):
            return learnt
        return _as_written(
            problem,
            {
                n: torch.full_like(
                    e,
                    _mean(learnt[n]) if _is_float(problem, n) else _mode(learnt[n]),
                    dtype=torch.float64,
                )
                for n, e in expected().items()
            },
        )

    yield Shortcut("expected mean (integers: most common value)", "expected_mean", expected_mean)
    yield Shortcut("another draw's answer", "another_draw", lambda: draws.answer(1))

    def draws_mean() -> dict | str:
        runs = [draws.answer(k) for k in range(1, 1 + DRAWS)]
        for r in runs:
            if isinstance(r, str):
                return r
        return _as_written(
            problem,
            {n: sum(r[n].to(torch.float64) for r in runs) / len(runs) for n in expected()},
        )

    yield Shortcut(f"mean of {DRAWS} other draws' answers", "draws_mean", draws_mean)

    floats = [
        p.name
        for p in problem.tensor_params
        if p.is_input and p.dtype in FLOAT_DTYPES and math.prod(p.shape_for(scalars)) > 1
    ]
    if floats:
        groups = [floats] + ([[n] for n in floats] if len(floats) > 1 else [])
        for group in groups:
            label = "the float inputs at their" if len(group) > 1 else f"{group[0]} at its"
            yield Shortcut(
                f"{label} first 1/{SUBSAMPLE}'s mean",
                "input_mean",
                _with(problem, reference, scalars, draws, group, _at_mean),
            )
        yield Shortcut(
            f"first 1/{SUBSAMPLE} of each float input, the rest at its mean",
            "subsample",
            _with(problem, reference, scalars, draws, floats, _subsampled),
        )
    yield from _size_subsamples(problem, reference, scalars, draws)
    if claims_fp32(problem):
        formats = ("fp16", "bf16") if problem.fp32_arithmetic == "tf32" else ROUNDING
        for fmt in formats:
            yield Shortcut(
                f"{fmt} products",
                "precision",
                _rounded(problem, reference, scalars, draws, fmt),
            )


def _with(problem, reference, scalars, draws: Draws, names: list[str], change):
    def run() -> dict | str:
        inputs = draws.inputs()
        return _run(
            problem, reference, {**inputs, **{n: change(inputs[n]) for n in names}}, scalars
        )

    return run


def _at_mean(t: torch.Tensor) -> torch.Tensor:
    """The tensor filled with the mean of its first 1/8 (a statistic cheaper than the work)."""
    flat = t.reshape(-1)
    return torch.full_like(t, _mean(flat[: math.ceil(flat.numel() / SUBSAMPLE)]))


def _subsampled(t: torch.Tensor) -> torch.Tensor:
    flat = t.reshape(-1)
    keep = math.ceil(flat.numel() / SUBSAMPLE)
    out = torch.full_like(flat, _mean(flat[:keep]))
    out[:keep] = flat[:keep]
    return out.reshape(t.shape)


def _size_subsamples(problem, reference, scalars, draws: Draws) -> Iterator[Shortcut]:
    """The reference on the first 1/8 of a size that shapes inputs but no output."""
    in_dims: set[str] = set()
    out_dims: set[str] = set()
    for p in problem.tensor_params:
        for d in p.shape:
            names = expr_names(d) if isinstance(d, str) else set()
            (in_dims if p.role == "in" else out_dims).update(names)
    for name in sorted(in_dims - out_dims):
        value = scalars.get(name)
        if not isinstance(value, int) or value < SUBSAMPLE:
            continue
        small = {**scalars, name: math.ceil(value / SUBSAMPLE)}
        factor = value / small[name]

        def run(small=small, factor=factor, scale=False) -> dict | str:
            sliced = {}
            for p in problem.tensor_params:
                if not p.is_input:
                    continue
                shape = p.shape_for(small)
                t = draws.inputs()[p.name]
                if any(n > o for n, o in zip(shape, t.shape, strict=True)):
                    return REJECTED
                for axis, n in enumerate(shape):
                    t = t.narrow(axis, 0, n)
                sliced[p.name] = t.contiguous()
            got = _run(problem, reference, sliced, small)
            if isinstance(got, str) or not scale:
                return got
            return _as_written(problem, {n: t.to(torch.float64) * factor for n, t in got.items()})

        yield Shortcut(f"first 1/{SUBSAMPLE} of {name}", "subsample", run)
        yield Shortcut(
            f"first 1/{SUBSAMPLE} of {name}, scaled up",
            "subsample",
            lambda run=run: run(scale=True),
        )


# -- reduced-precision arithmetic -------------------------------------------------------------

ROUNDING = ("tf32", "fp16", "bf16")
_PRODUCTS = {
    torch.matmul,
    torch.mm,
    torch.bmm,
    torch.mv,
    torch.dot,
    torch.vdot,
    torch.inner,
    torch.outer,
    torch.einsum,
    torch.tensordot,
    torch.addmm,
    torch.addbmm,
    torch.baddbmm,
    torch.addmv,
    torch.cdist,
    torch.linalg.matmul,
    torch.linalg.multi_dot,
    torch.linalg.vecdot,
    torch.nn.functional.linear,
    torch.nn.functional.bilinear,
    torch.nn.functional.conv1d,
    torch.nn.functional.conv2d,
    torch.nn.functional.conv3d,
    torch.nn.functional.conv_transpose1d,
    torch.nn.functional.conv_transpose2d,
    torch.nn.functional.conv_transpose3d,
    torch.nn.functional.scaled_dot_product_attention,
    torch.Tensor.matmul,
    torch.Tensor.__matmul__,
    torch.Tensor.__rmatmul__,
    torch.Tensor.mm,
    torch.Tensor.bmm,
    torch.Tensor.mv,
    torch.Tensor.dot,
}


def round_to(t: torch.Tensor, fmt: str) -> torch.Tensor:
    """``t`` rounded (to nearest even) to TF32, fp16 or bf16, in its own dtype."""
    if not t.is_floating_point() or t.dtype not in (torch.float32, torch.float64):
        return t
    if fmt == "fp16":
        return t.to(torch.float16).to(t.dtype)
    if fmt == "bf16":
        return t.to(torch.bfloat16).to(t.dtype)
    bits = t.to(torch.float32).contiguous().view(torch.int32)
    bits = (bits + 0x0FFF + ((bits >> 13) & 1)) & ~0x1FFF  # keep 10 of the 23 mantissa bits
    out = torch.where(torch.isfinite(t), bits.view(torch.float32), t.to(torch.float32))
    return out.to(t.dtype)


class _RoundedProducts(TorchFunctionMode):
    """Rounds the tensor operands of matrix products and convolutions to one format."""

    def __init__(self, fmt: str) -> None:
        super().__init__()
        self.fmt = fmt
        self.products = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in _PRODUCTS:
            self.products += 1

            def rnd(x):
                return round_to(x, self.fmt) if isinstance(x, torch.Tensor) else x

            args, kwargs = tree_map(rnd, args), tree_map(rnd, kwargs)
        return func(*args, **kwargs)


class _Float32Everywhere(TorchFunctionMode):
    """Every float64 tensor a torch call returns comes back as float32: the reference's own
    steps, in its order, computed as an honest float32 program would."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))

        def narrow(x):
            if isinstance(x, torch.Tensor) and x.dtype == torch.float64:
                return x.to(torch.float32)
            return x

        return out if getattr(func, "__name__", "").endswith("_") else tree_map(narrow, out)


def float32_control(problem: ProblemSpec, reference, scalars: dict, inputs: dict) -> dict | str:
    """The reference computed in float32 throughout (the lint's control: an honest float32
    answer, which must pass where the problem claims fp32 arithmetic)."""
    with _Float32Everywhere():
        return _run(problem, reference, inputs, scalars)


def claims_fp32(problem: ProblemSpec) -> bool:
    return any(p.is_output and p.dtype == "f32" for p in problem.tensor_params)


def _rounded(problem, reference, scalars, draws: Draws, fmt: str) -> Callable[[], dict | str]:
    def run() -> dict | str:
        mode = _RoundedProducts(fmt)
        with mode:
            got = _run(problem, reference, draws.inputs(), scalars)
        return NO_PRODUCT if mode.products == 0 and isinstance(got, dict) else got

    return run
