"""The parts of a problem: parameters, test and benchmark cases, limits, the error-bound rule,
the tie rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from runner.contract.expressions import SpecError, eval_expr, expr_names, require_field
from runner.contract.vocabulary import ERROR_BOUND_METHODS, FLOAT_DTYPES


@dataclass(frozen=True)
class Param:
    name: str
    dtype: str
    role: str
    shape: tuple[str | int, ...] = ()
    dist: str | None = None
    py_layout: str = "shaped"

    @property
    def is_tensor(self) -> bool:
        return self.role != "scalar"

    @property
    def is_input(self) -> bool:
        return self.role in ("in", "inout")

    @property
    def is_output(self) -> bool:
        return self.role in ("out", "inout")

    def shape_for(self, scalars: Mapping[str, int | float]) -> tuple[int, ...]:
        return tuple(int(eval_expr(d, scalars)) for d in self.shape)


@dataclass(frozen=True)
class TestCase:
    name: str
    scalars: dict[str, int | float]
    public: bool = False
    values: dict[str, list] = field(default_factory=dict)
    dist: dict[str, str] = field(default_factory=dict)
    variant: str = ""
    cpu: bool = True


@dataclass(frozen=True)
class BenchmarkCase:
    name: str
    scalars: dict[str, int | float]
    dist: dict[str, str] = field(default_factory=dict)
    variant: str = ""
    cpu_scalars: dict[str, int | float] | None = None

    def scalars_for(self, device: str) -> dict[str, int | float]:
        if device == "cpu" and self.cpu_scalars:
            return {**self.scalars, **self.cpu_scalars}
        return dict(self.scalars)


@dataclass(frozen=True)
class Limits:
    compile_timeout_s: float = 60.0
    test_timeout_s: float = 10.0
    benchmark_budget_s: float = 10.0
    job_timeout_s: float = 300.0
    max_timed_runs: int = 1000
    min_timed_runs: int = 10
    target_rel_se: float = 0.005
    output_bytes: int = 64 * 1024
    host_memory_bytes: int = 8 * 1024**3
    source_bytes: int = 64 * 1024

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, where: str = "limits") -> Limits:
        data = dict(data or {})
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(data) - known
        if unknown:
            raise SpecError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        out = {}
        for key, value in data.items():
            default = getattr(cls, key)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise SpecError(f"{where}.{key}: must be a number")
            out[key] = type(default)(value)
        return cls(**out)


@dataclass(frozen=True)
class ErrorBound:
    """``[error_bound]``: the fp32 forward-error term added to atol + rtol*|exp| (judging.md).

    ``method = "abs_reference"``: S = the reference run in float64 on |inputs|, and the extra
    allowance is ``c * u32 * sqrt(k) * S``. ``method = "hook"``: S = ``error_scale(...)`` from
    reference.py (already including its accumulation lengths), allowance ``c * u32 * sqrt(k) * S``
    with ``k`` usually ``"1"``.
    """

    method: str
    k: str | int = 1

    @classmethod
    def from_dict(cls, raw: Any, scalar_names: set[str]) -> ErrorBound:
        if isinstance(raw, ErrorBound):
            return raw
        if not isinstance(raw, Mapping):
            raise SpecError("error_bound: must be a table/object")
        unknown = set(raw) - {"method", "k"}
        if unknown:
            raise SpecError(f"error_bound.{sorted(unknown)[0]}: unknown field")
        method = require_field(raw, "method", "error_bound.", str)
        if method not in ERROR_BOUND_METHODS:
            raise SpecError(
                f"error_bound.method: {method!r} is not one of {', '.join(ERROR_BOUND_METHODS)}"
            )
        k = raw.get("k", 1)
        if isinstance(k, bool) or not isinstance(k, str | int):
            raise SpecError("error_bound.k: must be an expression string or an integer")
        try:
            missing = expr_names(k) - scalar_names
        except SyntaxError:
            raise SpecError(f"error_bound.k: cannot parse {k!r}") from None
        if missing:
            raise SpecError(f"error_bound.k: {k!r} names unknown scalar {sorted(missing)[0]!r}")
        return cls(method=method, k=k)


@dataclass(frozen=True)
class TieRule:
    """``[[ties]]``: an integer output of indices into the last axis of an input whose equal
    values may be taken in any order (docs/judging.md, "Several valid answers: ties").

    Row r of ``values`` (its last axis) belongs to the output's r-th block of
    ``numel(output) / rows`` elements. An index passes when it lies in ``[0, n)`` and selects a
    value equal to the one the expected index selects in that row; with ``distinct``, the indices
    of one block must also differ from each other (a selection of several entries)."""

    output: str
    values: str
    distinct: bool = False

    @classmethod
    def from_dict(cls, raw: Any, i: int, params: tuple[Param, ...]) -> TieRule:
        if isinstance(raw, TieRule):
            return raw
        where = f"ties[{i}]"
        if not isinstance(raw, Mapping):
            raise SpecError(f"{where}: must be a table/object")
        unknown = set(raw) - set(cls.__dataclass_fields__)
        if unknown:
            raise SpecError(f"{where}.{sorted(unknown)[0]}: unknown field")
        by_name = {p.name: p for p in params}
        output = require_field(raw, "output", where + ".", str)
        out = by_name.get(output)
        if out is None or not out.is_output or out.dtype in FLOAT_DTYPES:
            raise SpecError(f"{where}.output: {output!r} is not an integer out or inout tensor")
        values = require_field(raw, "values", where + ".", str)
        src = by_name.get(values)
        if src is None or src.role != "in":
            raise SpecError(f"{where}.values: {values!r} is not an input tensor (role in)")
        distinct = raw.get("distinct", False)
        if not isinstance(distinct, bool):
            raise SpecError(f"{where}.distinct: must be true or false")
        return cls(output=output, values=values, distinct=distinct)


def parse_ties(raw: Any, params: tuple[Param, ...]) -> tuple[TieRule, ...]:
    """The ``[[ties]]`` rules of a problem (none when absent), at most one per output."""
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple):
        raise SpecError("ties: must be a list of tables")
    rules = tuple(TieRule.from_dict(r, i, params) for i, r in enumerate(raw))
    outputs = [r.output for r in rules]
    dupes = sorted({o for o in outputs if outputs.count(o) > 1})
    if dupes:
        raise SpecError(f"ties: two rules for output {dupes[0]!r}")
    return rules


@dataclass(frozen=True)
class LinearModule:
    """``[linear_module]``: the problem may also be called LeetGPU's way, with a
    ``torch.nn.Linear`` named ``name`` in place of its ``weight`` and ``bias`` tensors and no
    scalars: PyTorch ``solve(input, model, output)``, JAX ``solve(input, model)`` returning the
    output (docs/judging.md, "A module in place of its weights"). The child picks the form from
    the number of parameters ``solve`` takes."""

    name: str
    weight: str
    bias: str

    @classmethod
    def from_dict(cls, raw: Any, params: tuple[Param, ...]) -> LinearModule | None:
        if raw is None or isinstance(raw, LinearModule):
            return raw
        if not isinstance(raw, Mapping):
            raise SpecError("linear_module: must be a table/object")
        unknown = set(raw) - set(cls.__dataclass_fields__)
        if unknown:
            raise SpecError(f"linear_module.{sorted(unknown)[0]}: unknown field")
        by_name = {p.name: p for p in params}
        name = require_field(raw, "name", "linear_module.", str)
        if not name.isidentifier() or name in by_name:
            raise SpecError(f"linear_module.name: {name!r} is not a new identifier")
        weight = require_field(raw, "weight", "linear_module.", str)
        bias = require_field(raw, "bias", "linear_module.", str)
        for key, value, dims in (("weight", weight, 2), ("bias", bias, 1)):
            p = by_name.get(value)
            if p is None or p.role != "in" or p.dtype not in FLOAT_DTYPES or len(p.shape) != dims:
                raise SpecError(
                    f"linear_module.{key}: {value!r} is not a {dims}-D float input tensor"
                )
        return cls(name=name, weight=weight, bias=bias)
