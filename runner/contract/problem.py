"""The problem specification (``problem.toml`` + ``reference.py`` + statement + starters) and
its parser."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from runner.contract.expressions import SpecError, eval_expr, expr_names, parse_dist, require_field
from runner.contract.params import (
    BenchmarkCase,
    ErrorBound,
    Limits,
    LinearModule,
    Param,
    TestCase,
    TieRule,
    parse_ties,
)
from runner.contract.vocabulary import (
    DIFFICULTIES,
    FP32_ARITHMETIC,
    LANGUAGES,
    PRECISIONS,
    PY_LAYOUTS,
    SCALAR_DTYPES,
    STARTER_FILES,
    TENSOR_DTYPES,
    TENSOR_ROLES,
    nbytes,
)


@dataclass(frozen=True)
class ProblemSpec:
    slug: str
    title: str
    difficulty: str
    atol: float
    rtol: float
    params: tuple[Param, ...]
    tests: tuple[TestCase, ...]
    benchmarks: tuple[BenchmarkCase, ...]
    reference_source: str
    tags: tuple[str, ...] = ()
    # baseline.py: `baseline(**params)`, the best library call in the problem's precision,
    # timed beside each solution for its speedup (runner/supervisor/reftime.py)
    baseline_source: str = ""
    version: int = 1
    reference_precision: str = "native"
    flops: str | int = 0
    bytes: str | int | None = None
    limits: Limits = field(default_factory=Limits)
    statement: str = ""
    starters: dict[str, str] = field(default_factory=dict)
    error_bound: ErrorBound | None = None
    # atol never above rtol x max|expected| of each output: for outputs that are all near or
    # below atol at some size (normalised outputs), which a plain atol would let be farmed
    scale_atol: bool = False
    # the arithmetic a correct fp32 solution may use, for the physical floor: "fp32" (TF32 and
    # half precision miss the tolerance; 3xTF32 split emulation does not) or "tf32"
    fp32_arithmetic: str = "fp32"
    # integer index outputs whose ties may be taken in any order (params.TieRule)
    ties: tuple[TieRule, ...] = ()
    # LeetGPU's calling form with a torch.nn.Linear in place of two tensors (params.LinearModule)
    linear_module: LinearModule | None = None

    # -- derived views -----------------------------------------------------------------------
    @property
    def scalar_params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if not p.is_tensor)

    @property
    def tensor_params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.is_tensor)

    def tie_rule(self, output: str) -> TieRule | None:
        return next((r for r in self.ties if r.output == output), None)

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def flops_for(self, scalars: Mapping[str, int | float]) -> float:
        return float(eval_expr(self.flops, scalars))

    def bytes_for(self, scalars: Mapping[str, int | float]) -> float:
        if self.bytes is not None:
            return float(eval_expr(self.bytes, scalars))
        total = 0
        for p in self.tensor_params:
            size = nbytes(p.dtype, p.shape_for(scalars))
            total += size * (2 if p.role == "inout" else 1)
        return float(total)

    # -- (de)serialisation ------------------------------------------------------------------
    @classmethod
    def from_dir(cls, path: str | Path) -> ProblemSpec:
        root = Path(path)
        toml_path = root / "problem.toml"
        if not toml_path.is_file():
            raise SpecError(f"{root}: no problem.toml")
        try:
            data = tomllib.loads(toml_path.read_text())
        except tomllib.TOMLDecodeError as exc:
            raise SpecError(f"problem.toml: {exc}") from None
        ref = root / "reference.py"
        if not ref.is_file():
            raise SpecError("reference_source: reference.py is missing")
        data["reference_source"] = ref.read_text()
        baseline = root / "baseline.py"
        if baseline.is_file():
            data["baseline_source"] = baseline.read_text()
        statement = root / "statement.md"
        data["statement"] = statement.read_text() if statement.is_file() else ""
        starters = {}
        for lang, fname in STARTER_FILES.items():
            f = root / "starters" / fname
            if f.is_file():
                starters[lang] = f.read_text()
        data["starters"] = starters
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ProblemSpec:
        return _parse_problem(data)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["params"] = [{**asdict(p), "shape": list(p.shape)} for p in self.params]
        d["tags"] = list(self.tags)
        d["tests"] = [asdict(t) for t in self.tests]
        d["benchmarks"] = [asdict(b) for b in self.benchmarks]
        d["ties"] = [asdict(r) for r in self.ties]
        return d


def _parse_problem(data: Mapping[str, Any]) -> ProblemSpec:
    if not isinstance(data, Mapping):
        raise SpecError("problem: must be a table/object")
    known = set(ProblemSpec.__dataclass_fields__)
    unknown = set(data) - known
    if unknown:
        raise SpecError(f"{sorted(unknown)[0]}: unknown field")
    slug = require_field(data, "slug", "", str)
    title = require_field(data, "title", "", str)
    difficulty = require_field(data, "difficulty", "", str)
    if difficulty not in DIFFICULTIES:
        raise SpecError(f"difficulty: {difficulty!r} is not one of {', '.join(DIFFICULTIES)}")
    atol = float(require_field(data, "atol", "", (int, float)))
    rtol = float(require_field(data, "rtol", "", (int, float)))
    if atol < 0 or rtol < 0:
        raise SpecError("atol/rtol: must be >= 0")
    precision = data.get("reference_precision", "native")
    if precision not in PRECISIONS:
        raise SpecError(f"reference_precision: {precision!r} is not one of {', '.join(PRECISIONS)}")

    raw_params = require_field(data, "params", "", list)
    if not raw_params:
        raise SpecError("params: at least one parameter is needed")
    params = tuple(_parse_param(p, i) for i, p in enumerate(raw_params))
    names = [p.name for p in params]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise SpecError(f"params: duplicate name {sorted(dupes)[0]!r}")
    scalar_names = {p.name for p in params if not p.is_tensor}
    for i, p in enumerate(params):
        for j, dim in enumerate(p.shape):
            try:
                missing = expr_names(dim) - scalar_names
            except SyntaxError:
                raise SpecError(f"params[{i}].shape[{j}]: cannot parse {dim!r}") from None
            if missing:
                raise SpecError(
                    f"params[{i}].shape[{j}]: {dim!r} names unknown scalar {sorted(missing)[0]!r}"
                )
    if not any(p.is_output for p in params):
        raise SpecError("params: no out or inout tensor")

    for key in ("flops", "bytes"):
        value = data.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise SpecError(f"{key}: must be an expression string or a number")
        try:
            missing = expr_names(value) - scalar_names
        except SyntaxError:
            raise SpecError(f"{key}: cannot parse {value!r}") from None
        if missing:
            raise SpecError(f"{key}: {value!r} names unknown scalar {sorted(missing)[0]!r}")

    tests = tuple(
        _parse_test(t, i, params) for i, t in enumerate(require_field(data, "tests", "", list))
    )
    if not tests:
        raise SpecError("tests: at least one test is needed")
    benchmarks = tuple(
        _parse_benchmark(b, i, params) for i, b in enumerate(data.get("benchmarks", []) or [])
    )
    tags = data.get("tags", [])
    if not isinstance(tags, list | tuple) or not all(isinstance(t, str) for t in tags):
        raise SpecError("tags: must be a list of strings")
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SpecError("version: must be a positive integer")
    ref = require_field(data, "reference_source", "", str)
    if "def reference" not in ref:
        raise SpecError("reference_source: defines no reference() function")
    baseline = data.get("baseline_source", "") or ""
    if not isinstance(baseline, str) or (baseline and "def baseline" not in baseline):
        raise SpecError("baseline_source: defines no baseline() function")
    starters = data.get("starters", {}) or {}
    if not isinstance(starters, Mapping) or set(starters) - set(LANGUAGES):
        raise SpecError(f"starters: keys must be among {', '.join(LANGUAGES)}")
    limits = data.get("limits")
    if isinstance(limits, Limits):
        limits_obj = limits
    else:
        limits_obj = Limits.from_dict(limits)
    return ProblemSpec(
        slug=slug,
        title=title,
        difficulty=difficulty,
        atol=atol,
        rtol=rtol,
        params=params,
        tests=tests,
        benchmarks=benchmarks,
        reference_source=ref,
        tags=tuple(tags),
        baseline_source=baseline,
        version=version,
        reference_precision=precision,
        flops=data.get("flops", 0) or 0,
        bytes=data.get("bytes"),
        limits=limits_obj,
        statement=str(data.get("statement", "") or ""),
        starters=dict(starters),
        error_bound=(
            ErrorBound.from_dict(data["error_bound"], scalar_names)
            if data.get("error_bound") is not None
            else None
        ),
        scale_atol=_flag(data, "scale_atol"),
        fp32_arithmetic=_choice(data, "fp32_arithmetic", FP32_ARITHMETIC, "fp32"),
        ties=parse_ties(data.get("ties"), params),
        linear_module=LinearModule.from_dict(data.get("linear_module"), params),
    )


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise SpecError(f"{key}: must be true or false")
    return value


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise SpecError(f"{key}: {value!r} is not one of {', '.join(allowed)}")
    return value


def _check_table(raw: Any, where: str, klass: type) -> None:
    """`raw` is a mapping whose keys are all fields of `klass`."""
    if not isinstance(raw, Mapping):
        raise SpecError(f"{where}: must be a table/object")
    unknown = set(raw) - set(klass.__dataclass_fields__)
    if unknown:
        raise SpecError(f"{where}.{sorted(unknown)[0]}: unknown field")


def _parse_param(raw: Any, i: int) -> Param:
    _check_table(raw, f"params[{i}]", Param)
    where = f"params[{i}]."
    name = require_field(raw, "name", where, str)
    if not name.isidentifier():
        raise SpecError(f"{where}name: {name!r} is not an identifier")
    dtype = require_field(raw, "dtype", where, str)
    role = require_field(raw, "role", where, str)
    if role == "scalar":
        if dtype not in SCALAR_DTYPES:
            raise SpecError(
                f"{where}dtype: unknown scalar dtype {dtype!r} (expected {', '.join(SCALAR_DTYPES)})"
            )
        if raw.get("shape"):
            raise SpecError(f"{where}shape: a scalar has no shape")
        return Param(name=name, dtype=dtype, role=role)
    if role not in TENSOR_ROLES:
        raise SpecError(f"{where}role: {role!r} is not one of in, out, inout, scalar")
    if dtype not in TENSOR_DTYPES:
        raise SpecError(
            f"{where}dtype: unknown dtype {dtype!r} (expected {', '.join(TENSOR_DTYPES)})"
        )
    shape = require_field(raw, "shape", where, list)
    if not shape:
        raise SpecError(f"{where}shape: a tensor needs at least one dimension")
    for j, dim in enumerate(shape):
        if isinstance(dim, bool) or not isinstance(dim, str | int):
            raise SpecError(f"{where}shape[{j}]: must be an expression string or an integer")
    dist = raw.get("dist")
    if dist is not None:
        try:
            parse_dist(dist)
        except SpecError as exc:
            raise SpecError(f"{where}dist: {exc}") from None
    layout = raw.get("py_layout", "shaped")
    if layout not in PY_LAYOUTS:
        raise SpecError(f"{where}py_layout: {layout!r} is not one of {', '.join(PY_LAYOUTS)}")
    return Param(name=name, dtype=dtype, role=role, shape=tuple(shape), dist=dist, py_layout=layout)


def _check_scalars(scalars: Any, where: str, params: tuple[Param, ...], partial: bool) -> dict:
    if not isinstance(scalars, Mapping):
        raise SpecError(f"{where}: must be a table/object")
    by_name = {p.name: p for p in params if not p.is_tensor}
    for key, value in scalars.items():
        if key not in by_name:
            raise SpecError(f"{where}.{key}: not a scalar parameter of this problem")
        want = by_name[key].dtype
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SpecError(f"{where}.{key}: must be a number")
        if want == "int" and not isinstance(value, int):
            raise SpecError(f"{where}.{key}: must be an integer")
    if not partial:
        missing = set(by_name) - set(scalars)
        if missing:
            raise SpecError(f"{where}.{sorted(missing)[0]}: missing")
    return {k: (float(v) if by_name[k].dtype == "float" else int(v)) for k, v in scalars.items()}


def _check_tensor_map(mapping: Any, where: str, params: tuple[Param, ...], kind: str) -> dict:
    if not isinstance(mapping, Mapping):
        raise SpecError(f"{where}: must be a table/object")
    inputs = {p.name for p in params if p.is_input}
    for key, value in mapping.items():
        if key not in inputs:
            raise SpecError(f"{where}.{key}: not an input tensor of this problem")
        if kind == "dist":
            try:
                parse_dist(value)
            except SpecError as exc:
                raise SpecError(f"{where}.{key}: {exc}") from None
        elif not isinstance(value, list):
            raise SpecError(f"{where}.{key}: must be a list of numbers")
    return dict(mapping)


def _parse_test(raw: Any, i: int, params: tuple[Param, ...]) -> TestCase:
    where = f"tests[{i}]"
    _check_table(raw, where, TestCase)
    name = require_field(raw, "name", where + ".", str)
    scalars = _check_scalars(
        require_field(raw, "scalars", where + ".", dict), where + ".scalars", params, False
    )
    values = _check_tensor_map(raw.get("values", {}), where + ".values", params, "values")
    for key, flat in values.items():
        p = next(p for p in params if p.name == key)
        want = math.prod(p.shape_for(scalars))
        if len(_flatten(flat)) != want:
            raise SpecError(
                f"{where}.values.{key}: {len(_flatten(flat))} values, shape needs {want}"
            )
    return TestCase(
        name=name,
        scalars=scalars,
        public=bool(raw.get("public", False)),
        values=values,
        dist=_check_tensor_map(raw.get("dist", {}), where + ".dist", params, "dist"),
        variant=str(raw.get("variant", "")),
        cpu=bool(raw.get("cpu", True)),
    )


def _parse_benchmark(raw: Any, i: int, params: tuple[Param, ...]) -> BenchmarkCase:
    where = f"benchmarks[{i}]"
    _check_table(raw, where, BenchmarkCase)
    cpu = raw.get("cpu_scalars")
    return BenchmarkCase(
        name=require_field(raw, "name", where + ".", str),
        scalars=_check_scalars(
            require_field(raw, "scalars", where + ".", dict), where + ".scalars", params, False
        ),
        dist=_check_tensor_map(raw.get("dist", {}), where + ".dist", params, "dist"),
        variant=str(raw.get("variant", "")),
        cpu_scalars=_check_scalars(cpu, where + ".cpu_scalars", params, True) if cpu else None,
    )


def _flatten(values: list) -> list:
    return [x for v in values for x in (_flatten(v) if isinstance(v, list) else [v])]
