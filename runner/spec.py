"""Problem, job and result specifications: the versioned JSON contracts of the runner.

Importable without torch: the site imports these types to build jobs and read results.
A malformed spec raises :class:`SpecError` whose message starts with the offending field,
e.g. ``params[2].dtype: unknown dtype 'f31'``.
"""

from __future__ import annotations

import ast
import json
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

TENSOR_DTYPES = ("f32", "f16", "bf16", "f8e4m3", "i32", "u32", "i8", "u8")
FLOAT_DTYPES = ("f32", "f16", "bf16", "f8e4m3")
SCALAR_DTYPES = ("int", "float")
TENSOR_ROLES = ("in", "out", "inout")
LANGUAGES = ("cuda", "triton", "pytorch", "cupy")
MODES = ("run", "submit")
DEVICES = ("cpu", "cuda")
DIFFICULTIES = ("easy", "medium", "hard")
PRECISIONS = ("native", "f64")
PY_LAYOUTS = ("shaped", "flat")
ERROR_BOUND_METHODS = ("abs_reference", "hook")
VERDICTS = (
    "accepted",
    "wrong_answer",
    "compile_error",
    "runtime_error",
    "time_limit_exceeded",
    "memory_limit_exceeded",
    "output_limit_exceeded",
    "rejected",
    "internal_error",
)
DIST_KINDS = {
    "uniform": 2,
    "normal": 2,
    "randint": 2,
    "sorted_uniform": 2,
    "sorted_randint": 2,
    "const": 1,
    "zeros": 0,
    "ones": 0,
    "arange": 0,
}
STARTER_FILES = {
    "cuda": "solution.cu",
    "triton": "solution_triton.py",
    "pytorch": "solution_pytorch.py",
    "cupy": "solution_cupy.py",
}


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


# ---------------------------------------------------------------------------------------------
# Problem


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
        method = _require(raw, "method", "error_bound.", str)
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
    version: int = 1
    reference_precision: str = "native"
    flops: str | int = 0
    bytes: str | int | None = None
    limits: Limits = field(default_factory=Limits)
    statement: str = ""
    starters: dict[str, str] = field(default_factory=dict)
    error_bound: ErrorBound | None = None

    # -- derived views -----------------------------------------------------------------------
    @property
    def scalar_params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if not p.is_tensor)

    @property
    def tensor_params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.is_tensor)

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
        return d


DTYPE_BYTES = {
    "f32": 4,
    "f16": 2,
    "bf16": 2,
    "f8e4m3": 1,
    "i32": 4,
    "u32": 4,
    "i8": 1,
    "u8": 1,
}


def nbytes(dtype: str, shape: Sequence[int]) -> int:
    """Bytes of a dense tensor (torch-free: the native child uses it too)."""
    return math.prod(int(d) for d in shape) * DTYPE_BYTES[dtype]


def _require(data: Mapping[str, Any], key: str, where: str, kind: type | tuple) -> Any:
    if key not in data:
        raise SpecError(f"{where}{key}: missing")
    value = data[key]
    if isinstance(value, bool) and kind is not bool:
        raise SpecError(f"{where}{key}: must be {_kind_name(kind)}")
    if not isinstance(value, kind):
        raise SpecError(f"{where}{key}: must be {_kind_name(kind)}, got {type(value).__name__}")
    return value


def _kind_name(kind: type | tuple) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def _parse_problem(data: Mapping[str, Any]) -> ProblemSpec:
    if not isinstance(data, Mapping):
        raise SpecError("problem: must be a table/object")
    known = set(ProblemSpec.__dataclass_fields__)
    unknown = set(data) - known
    if unknown:
        raise SpecError(f"{sorted(unknown)[0]}: unknown field")
    slug = _require(data, "slug", "", str)
    title = _require(data, "title", "", str)
    difficulty = _require(data, "difficulty", "", str)
    if difficulty not in DIFFICULTIES:
        raise SpecError(f"difficulty: {difficulty!r} is not one of {', '.join(DIFFICULTIES)}")
    atol = float(_require(data, "atol", "", (int, float)))
    rtol = float(_require(data, "rtol", "", (int, float)))
    if atol < 0 or rtol < 0:
        raise SpecError("atol/rtol: must be >= 0")
    precision = data.get("reference_precision", "native")
    if precision not in PRECISIONS:
        raise SpecError(f"reference_precision: {precision!r} is not one of {', '.join(PRECISIONS)}")

    raw_params = _require(data, "params", "", list)
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
        _parse_test(t, i, params) for i, t in enumerate(_require(data, "tests", "", list))
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
    ref = _require(data, "reference_source", "", str)
    if "def reference" not in ref:
        raise SpecError("reference_source: defines no reference() function")
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
    )


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
    name = _require(raw, "name", where, str)
    if not name.isidentifier():
        raise SpecError(f"{where}name: {name!r} is not an identifier")
    dtype = _require(raw, "dtype", where, str)
    role = _require(raw, "role", where, str)
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
    shape = _require(raw, "shape", where, list)
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
    name = _require(raw, "name", where + ".", str)
    scalars = _check_scalars(
        _require(raw, "scalars", where + ".", dict), where + ".scalars", params, False
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
        name=_require(raw, "name", where + ".", str),
        scalars=_check_scalars(
            _require(raw, "scalars", where + ".", dict), where + ".scalars", params, False
        ),
        dist=_check_tensor_map(raw.get("dist", {}), where + ".dist", params, "dist"),
        variant=str(raw.get("variant", "")),
        cpu_scalars=_check_scalars(cpu, where + ".cpu_scalars", params, True) if cpu else None,
    )


def _flatten(values: list) -> list:
    out: list = []
    for v in values:
        if isinstance(v, list):
            out.extend(_flatten(v))
        else:
            out.append(v)
    return out


# ---------------------------------------------------------------------------------------------
# Job and result


@dataclass(frozen=True)
class JobSpec:
    problem: ProblemSpec
    source: str
    language: str
    mode: str = "submit"
    device: str = "cpu"
    seed: int = 0
    limits: Limits | None = None
    arch: str = "sm_90"
    job_id: str = ""

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise SpecError(f"language: {self.language!r} is not one of {', '.join(LANGUAGES)}")
        if self.mode not in MODES:
            raise SpecError(f"mode: {self.mode!r} is not one of {', '.join(MODES)}")
        if self.device not in DEVICES:
            raise SpecError(f"device: {self.device!r} is not one of {', '.join(DEVICES)}")
        if not isinstance(self.source, str):
            raise SpecError("source: must be a string")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SpecError("seed: must be an integer")

    @property
    def effective_limits(self) -> Limits:
        return self.limits or self.problem.limits

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "problem": self.problem.to_dict(),
            "source": self.source,
            "language": self.language,
            "mode": self.mode,
            "device": self.device,
            "seed": self.seed,
            "limits": asdict(self.limits) if self.limits else None,
            "arch": self.arch,
            "job_id": self.job_id,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JobSpec:
        if not isinstance(data, Mapping):
            raise SpecError("job: must be an object")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise SpecError(
                f"schema_version: {version!r} is not supported (expected {SCHEMA_VERSION})"
            )
        try:
            problem = ProblemSpec.from_dict(_require(data, "problem", "", dict))
        except SpecError as exc:
            raise SpecError(f"problem.{exc}") from None
        limits = data.get("limits")
        return cls(
            problem=problem,
            source=_require(data, "source", "", str),
            language=_require(data, "language", "", str),
            mode=data.get("mode", "submit"),
            device=data.get("device", "cpu"),
            seed=data.get("seed", 0),
            limits=Limits.from_dict(limits) if limits else None,
            arch=str(data.get("arch", "sm_90")),
            job_id=str(data.get("job_id", "")),
        )

    @classmethod
    def from_json(cls, text: str) -> JobSpec:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SpecError(f"job: not valid JSON ({exc})") from None
        return cls.from_dict(data)


@dataclass
class JudgeResult:
    verdict: str
    message: str
    compile_log: str = ""
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    tests: list[dict[str, Any]] = field(default_factory=list)
    benchmark: dict[str, Any] | None = None
    device: dict[str, Any] = field(default_factory=dict)
    phases: dict[str, float] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    protections: dict[str, Any] = field(default_factory=dict)
    details: str = ""
    schema_version: int = SCHEMA_VERSION

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise SpecError(f"verdict: {self.verdict!r} is not one of {', '.join(VERDICTS)}")

    @property
    def accepted(self) -> bool:
        return self.verdict == "accepted"

    @property
    def score_ms(self) -> float | None:
        if self.benchmark:
            return self.benchmark.get("score_ms")
        return None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JudgeResult:
        if not isinstance(data, Mapping):
            raise SpecError("result: must be an object")
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise SpecError(f"schema_version: {version!r} is not supported")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise SpecError(f"{sorted(unknown)[0]}: unknown field")
        if "verdict" not in data or "message" not in data:
            raise SpecError("verdict: missing" if "verdict" not in data else "message: missing")
        return cls(**dict(data))

    @classmethod
    def from_json(cls, text: str) -> JudgeResult:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SpecError(f"result: not valid JSON ({exc})") from None
        return cls.from_dict(data)
