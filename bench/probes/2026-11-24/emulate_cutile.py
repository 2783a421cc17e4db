"""Check the logic of the catalog's cuTile solutions on a CPU: each kernel's own Python code
runs once per block of its grid with ``ct`` replaced by a torch-on-CPU stand-in for the ops
the solutions use (``load``/``store`` with tile indices, padding and clipping at the edges,
``arange``, ``where``, reductions, ``mma``, ...), and the outputs are judged by the runner's
own check (the package's reference, tolerances and error bounds) on the package's tests.

It is a model of cuTile's documented semantics, not cuTile: it cannot show that a kernel
compiles (compile_cutile.py does) or how the GPU rounds (an ``exp``, the order of a sum). It
does show indexing, tails, masks and reductions. ``PaddingMode.UNDETERMINED`` pads with NaN
(floats) or 0x5A (integers), so a kernel that relies on undetermined padding shows up.
Tests over --max-elements tensor elements or --max-blocks blocks are skipped.

    python bench/probes/2026-11-24/emulate_cutile.py [-k SLUG]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from runner.contract import ProblemSpec  # noqa: E402
from runner.supervisor.checks import check_call  # noqa: E402
from runner.supervisor.inputs import generate_inputs, load_reference, output_shapes  # noqa: E402

UNDETERMINED_INT = 0x5A


class Padding:
    UNDETERMINED, ZERO, NEG_ZERO, NAN, POS_INF, NEG_INF = (
        "undetermined",
        "zero",
        "neg_zero",
        "nan",
        "pos_inf",
        "neg_inf",
    )


def _pad_value(mode: str, dtype: torch.dtype) -> float | int:
    if not dtype.is_floating_point:
        return 0 if mode == Padding.ZERO else UNDETERMINED_INT
    return {
        Padding.ZERO: 0.0,
        Padding.NEG_ZERO: -0.0,
        Padding.NAN: math.nan,
        Padding.POS_INF: math.inf,
        Padding.NEG_INF: -math.inf,
    }.get(mode, math.nan)


def _shape(shape) -> tuple[int, ...]:
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _as_tile(x, like: torch.Tensor | None = None) -> torch.Tensor:
    if isinstance(x, torch.Tensor):
        return x
    return torch.tensor(x, dtype=like.dtype if like is not None else None)


class Emulated:
    """The part of ``cuda.tile`` the catalog solutions use, on torch CPU tensors."""

    float32, float16, bfloat16 = torch.float32, torch.float16, torch.bfloat16
    int32, int64, uint8, uint32, int8 = (
        torch.int32,
        torch.int64,
        torch.uint8,
        torch.uint32,
        torch.int8,
    )
    PaddingMode = Padding

    def __init__(self) -> None:
        self.block = (0, 0, 0)
        self.grid = (1, 1, 1)

    def bid(self, axis: int) -> int:
        return self.block[axis]

    def num_blocks(self, axis: int) -> int:
        return self.grid[axis]

    @staticmethod
    def cdiv(a: int, b: int) -> int:
        return -(-a // b)

    def num_tiles(self, array: torch.Tensor, axis: int, shape) -> int:
        return self.cdiv(array.shape[axis], _shape(shape)[axis])

    @staticmethod
    def _window(array: torch.Tensor, index, shape):
        index, shape = _shape(index), _shape(shape)
        assert len(index) == len(shape) == array.dim(), (index, shape, tuple(array.shape))
        starts = [int(i) * s for i, s in zip(index, shape, strict=True)]
        if any(st >= n or st < 0 for st, n in zip(starts, array.shape, strict=True)):
            raise IndexError(f"tile {index} of shape {shape} lies outside {tuple(array.shape)}")
        stops = [min(st + s, n) for st, s, n in zip(starts, shape, array.shape, strict=True)]
        return tuple(slice(a, b) for a, b in zip(starts, stops, strict=True)), shape

    def load(self, array, index, shape, *, padding_mode=Padding.UNDETERMINED, **_):
        window, shape = self._window(array, index, shape)
        tile = torch.full(shape, _pad_value(padding_mode, array.dtype), dtype=array.dtype)
        part = array[window]
        tile[tuple(slice(0, n) for n in part.shape)] = part
        return tile

    def store(self, array, index, tile, **_):
        tile = _as_tile(tile, array)
        if tile.dim() == 0:
            tile = tile.reshape((1,) * array.dim())
        if tile.dtype != array.dtype:
            raise TypeError(f"store of a {tile.dtype} tile into a {array.dtype} array")
        window, _ = self._window(array, index, tile.shape)
        part = array[window]
        part.copy_(tile[tuple(slice(0, n) for n in part.shape)])

    @staticmethod
    def arange(size: int, *, dtype, start=0, step=1):
        return torch.arange(size, dtype=torch.int64).mul(step).add(start).to(dtype)

    @staticmethod
    def zeros(shape, dtype):
        return torch.zeros(_shape(shape), dtype=dtype)

    @staticmethod
    def full(shape, fill_value, dtype):
        return torch.full(_shape(shape), fill_value, dtype=dtype)

    @staticmethod
    def sum(x, axis=None, *, keepdims=False, **_):
        return x.sum() if axis is None else x.sum(dim=axis, keepdim=keepdims)

    @staticmethod
    def max(x, axis=None, *, keepdims=False, **_):
        return x.max() if axis is None else x.amax(dim=axis, keepdim=keepdims)

    @staticmethod
    def min(x, axis=None, *, keepdims=False, **_):
        return x.min() if axis is None else x.amin(dim=axis, keepdim=keepdims)

    @staticmethod
    def where(cond, x, y):
        like = x if isinstance(x, torch.Tensor) else y if isinstance(y, torch.Tensor) else None
        return torch.where(cond, _as_tile(x, like), _as_tile(y, like))

    @staticmethod
    def maximum(x, y, **_):
        return torch.maximum(_as_tile(x, y), _as_tile(y, x))

    @staticmethod
    def minimum(x, y, **_):
        return torch.minimum(_as_tile(x, y), _as_tile(y, x))

    @staticmethod
    def exp(x, **_):
        return torch.exp(x)

    @staticmethod
    def sqrt(x, **_):
        return torch.sqrt(x)

    @staticmethod
    def reshape(x, shape):
        return x.reshape(_shape(shape))

    @staticmethod
    def transpose(x, axis0=None, axis1=None):
        return x.transpose(-2 if axis0 is None else axis0, -1 if axis1 is None else axis1)

    @staticmethod
    def expand_dims(x, axis):
        return x.unsqueeze(axis)

    @staticmethod
    def astype(x, dtype, **_):
        return x.to(dtype)

    @staticmethod
    def mma(x, y, acc, **_):
        """x @ y + acc in acc's dtype (bf16 and f16 products are exact in float32)."""
        return (x.to(torch.float32) @ y.to(torch.float32)).to(acc.dtype) + acc

    @staticmethod
    def matmul(x, y):
        return x @ y


def run_grid(kernel, grid, args, ct: Emulated) -> int:
    fn = kernel._annotated_function.pyfunc
    clone = types.FunctionType(fn.__code__, {**fn.__globals__, "ct": ct}, fn.__name__)
    grid = tuple(grid) + (1,) * (3 - len(grid))
    ct.grid = grid
    args = [
        float(torch.tensor(a, dtype=torch.float32)) if isinstance(a, float) else a for a in args
    ]
    for z, y, x in itertools.product(range(grid[2]), range(grid[1]), range(grid[0])):
        ct.block = (x, y, z)
        clone(*args)
    return math.prod(grid)


@dataclass
class Outcome:
    file: str
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def judge_file(problem: ProblemSpec, path: Path, opts) -> Outcome:
    import cuda.tile as real_ct  # noqa: PLC0415 - the module the solution imports

    outcome = Outcome(str(path.relative_to(ROOT / "problems" / "catalog")))
    reference = load_reference(problem)
    make_inputs = getattr(reference, "make_inputs", None)
    module = types.ModuleType("emulated_" + path.stem)
    code = compile(path.read_text(), str(path), "exec", dont_inherit=True)
    exec(code, module.__dict__)
    ct = Emulated()
    for case in problem.tests:
        scalars = dict(case.scalars)
        sizes = {p.name: p.shape_for(scalars) for p in problem.tensor_params}
        if sum(math.prod(s) for s in sizes.values()) > opts.max_elements:
            outcome.skipped.append(case.name)
            continue
        inputs = generate_inputs(problem, case, seed=1, device="cpu", make_inputs=make_inputs)
        buffers = {n: t.clone() for n, t in inputs.items()}
        for name, shape in output_shapes(problem, scalars).items():
            buffers.setdefault(name, torch.zeros(shape, dtype=inputs_dtype(problem, name)))
        call = {}
        for p in problem.params:
            if p.role == "scalar":
                call[p.name] = scalars[p.name]
            else:
                flat = p.py_layout == "flat"
                call[p.name] = buffers[p.name].reshape(-1) if flat else buffers[p.name]
        blocks = 0

        def launch(stream, grid, kernel, args, *rest, **kw):
            nonlocal blocks
            if math.prod(grid) > opts.max_blocks:
                raise OverflowError("too many blocks")
            blocks += run_grid(kernel, grid, args, ct)

        saved = real_ct.launch, torch.cuda.current_stream
        real_ct.launch, torch.cuda.current_stream = launch, lambda *a, **k: None
        try:
            module.solve(**call)
        except OverflowError:
            outcome.skipped.append(case.name)
            continue
        except Exception as exc:  # noqa: BLE001 - a failing test
            outcome.failed.append(f"{case.name}: {type(exc).__name__}: {exc}")
            continue
        finally:
            real_ct.launch, torch.cuda.current_stream = saved
        ok, _, msg = check_call(
            problem, reference, "run", case.name, scalars, inputs, scalars, buffers
        )
        (outcome.passed if ok else outcome.failed).append(case.name if ok else msg)
    return outcome


def inputs_dtype(problem: ProblemSpec, name: str) -> torch.dtype:
    from runner.common.tensors import TORCH_DTYPES  # noqa: PLC0415

    return TORCH_DTYPES[next(p.dtype for p in problem.params if p.name == name)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, required=True, help="folder holding cuda/tile")
    ap.add_argument("-k", default="", help="only packages whose slug contains this")
    ap.add_argument("--max-elements", type=int, default=4_000_000)
    ap.add_argument("--max-blocks", type=int, default=20_000)
    opts = ap.parse_args()
    sys.path.insert(0, str(opts.site))
    catalog = ROOT / "problems" / "catalog"
    rows = [
        "| file | expected | tests passed | failed | skipped (size) | first failure |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    surprises = 0
    for toml in sorted(catalog.glob("*/problem.toml")):
        if opts.k not in toml.parent.name:
            continue
        problem = ProblemSpec.from_dir(toml.parent)
        for path in sorted(toml.parent.glob("solutions/*_cutile.py")):
            out = judge_file(problem, path, opts)
            expect_ok = path.name.startswith("correct")
            got_ok = not out.failed and bool(out.passed)
            surprises += got_ok != expect_ok
            first = (out.failed[0] if out.failed else "").replace("|", "\\|")[:300]
            rows.append(
                f"| {out.file} | {'pass' if expect_ok else 'fail'} | {len(out.passed)} "
                f"| {len(out.failed)} | {len(out.skipped)} | {first} |"
            )
            print(rows[-1], file=sys.stderr, flush=True)
    print("\n".join(rows))
    print(f"\n{surprises} file(s) judged against their name (correct_* failing, wrong_* passing).")
    return 1 if surprises else 0


if __name__ == "__main__":
    sys.exit(main())
