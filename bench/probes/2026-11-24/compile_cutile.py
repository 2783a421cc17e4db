"""Compile every catalog cuTile solution (and, with --starters, every starter) for sm_90 on a
machine without a GPU, through cuTile's own compiler (``cuda.tile.compilation.export_kernel``:
Tile IR bytecode, then ``tileiras`` to a cubin), and print a table.

The kernels' signatures are read off real calls: ``solve`` runs once per test and benchmark of
the package with tensors on torch's ``meta`` device (shaped as the judge passes them: a
``flat`` tensor 1-D, every other one with its declared shape; scalars as Python numbers), with
``ct.launch`` replaced by a recorder. Each launch gives one signature: a tensor becomes an
``ArrayConstraint`` of its dtype and rank (int32 indices unless it has 2^31 elements or more),
an int a 32-bit and a float a float32 ``ScalarConstraint`` (what ``ct.launch`` infers), and a
``ct.Constant`` parameter its value. Every distinct signature is compiled once.

    PATH=/tmp/cutile/site/nvidia/cu13/bin:$PATH \\
        python bench/probes/2026-11-24/compile_cutile.py --site /tmp/cutile/site [--starters]

``tileiras`` 13.4 writes PTX ``.version 9.4`` and hands it to a ``ptxas``: the one beside it,
else the first on PATH. That must be 13.4 or newer (CUDA 13.0's stops at "Unsupported .version
9.4"), and without any, tileiras fails (exit 5) even on an empty module; --ptxas-dir puts a
folder holding one first on PATH.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import io
import math
import os
import sys
import time
import traceback
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from runner.common.tensors import TORCH_DTYPES  # noqa: E402
from runner.contract import ProblemSpec  # noqa: E402


@dataclass
class Row:
    package: str
    file: str
    launches: int = 0
    signatures: int = 0
    compiled: int = 0
    cubin_bytes: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)


def meta_args(problem: ProblemSpec, scalars: dict) -> dict:
    args = {}
    for p in problem.params:
        if p.role == "scalar":
            args[p.name] = scalars[p.name]
            continue
        shape = p.shape_for(scalars)
        if p.py_layout == "flat":
            shape = (math.prod(shape),)
        args[p.name] = torch.empty(shape, dtype=TORCH_DTYPES[p.dtype], device="meta")
    return args


def constant_params(kernel, ct) -> list[bool]:
    fn = kernel._annotated_function.pyfunc
    flags = []
    for param in inspect.signature(fn).parameters.values():
        ann = param.annotation
        meta = typing.get_args(ann)[1:] if typing.get_origin(ann) is typing.Annotated else ()
        flags.append(any(isinstance(m, ct.ConstantAnnotation) for m in meta))
    return flags


def constraint(value, is_constant: bool, ct, comp):
    if is_constant:
        return value
    if isinstance(value, torch.Tensor):
        dtype = getattr(ct, str(value.dtype).removeprefix("torch."))
        index = ct.int64 if value.numel() >= 2**31 else ct.int32
        return comp.ArrayConstraint(
            dtype,
            value.dim(),
            index_dtype=index,
            stride_lower_bound_incl=0,
            alias_groups=(),
            may_alias_internally=False,
        )
    if isinstance(value, bool):
        return comp.ScalarConstraint(ct.bool_)
    if isinstance(value, int):
        return comp.ScalarConstraint(ct.int32 if -(2**31) <= value < 2**31 else ct.int64)
    if isinstance(value, float):
        return comp.ScalarConstraint(ct.float32)
    raise TypeError(f"no constraint for a kernel argument of type {type(value).__name__}")


def load_module(path: Path) -> types.ModuleType:
    module = types.ModuleType(f"cutile_{path.parent.parent.name}_{path.stem}".replace("-", "_"))
    module.__file__ = str(path)
    # dont_inherit: this file's `from __future__ import annotations` must not reach the solution
    exec(compile(path.read_text(), str(path), "exec", dont_inherit=True), module.__dict__)
    return module


def compile_file(problem: ProblemSpec, path: Path, ct, comp) -> Row:
    row = Row(problem.slug, str(path.relative_to(ROOT / "problems" / "catalog")))
    started = time.perf_counter()
    launches: list[tuple] = []

    def record(stream, grid, kernel, args, *rest, **kw):
        launches.append((tuple(grid), kernel, tuple(args)))

    real_launch, real_stream = ct.launch, torch.cuda.current_stream
    ct.launch, torch.cuda.current_stream = record, lambda *a, **k: None
    try:
        module = load_module(path)
        cases = [*problem.tests, *problem.benchmarks]
        for case in cases:
            module.solve(**meta_args(problem, dict(case.scalars)))
    except Exception as exc:  # noqa: BLE001 - reported in the table
        row.errors.append(f"solve: {type(exc).__name__}: {exc}")
    finally:
        ct.launch, torch.cuda.current_stream = real_launch, real_stream
    row.launches = len(launches)
    seen: dict[tuple, tuple] = {}
    for grid, kernel, args in launches:
        if any(g <= 0 for g in grid):
            row.errors.append(f"empty grid {grid}")
            continue
        flags = constant_params(kernel, ct)
        sig = tuple(constraint(v, f, ct, comp) for v, f in zip(args, flags, strict=True))
        key = (id(kernel), repr(sig))
        seen.setdefault(key, (kernel, sig))
    row.signatures = len(seen)
    for kernel, sig in seen.values():
        buf = io.BytesIO()
        try:
            signature = comp.KernelSignature(list(sig), comp.CallingConvention.cutile_python_v1())
            comp.export_kernel(kernel, [signature], buf, gpu_code="sm_90", output_format="cubin")
            row.compiled += 1
            row.cubin_bytes += len(buf.getvalue())
        except Exception as exc:  # noqa: BLE001 - reported in the table
            name = kernel._annotated_function.pyfunc.__name__
            lines = [ln for ln in str(exc).splitlines() if ln.strip()]
            row.errors.append(f"{name}: {type(exc).__name__}: {' | '.join(lines[:6])}")
            if os.environ.get("CUTILE_COMPILE_TRACE"):
                traceback.print_exc()
    row.seconds = time.perf_counter() - started
    return row


def table(rows: list[Row]) -> str:
    out = [
        "| package | file | launches | signatures | compiled for sm_90 | cubin bytes | s | error |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in rows:
        err = "; ".join(r.errors).replace("|", "\\|")[:400]
        out.append(
            f"| {r.package} | {r.file} | {r.launches} | {r.signatures} | "
            f"{r.compiled}/{r.signatures} | {r.cubin_bytes} | {r.seconds:.1f} | {err} |"
        )
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, required=True, help="folder holding cuda/tile")
    ap.add_argument("--ptxas-dir", type=Path, help="a folder with ptxas 13.4+, put first on PATH")
    ap.add_argument("--starters", action="store_true", help="compile the 103 starters too")
    ap.add_argument("-k", default="", help="only packages whose slug contains this")
    opts = ap.parse_args()
    sys.path.insert(0, str(opts.site))
    path = os.environ.get("PATH", "")
    os.environ["PATH"] = f"{opts.site / 'nvidia' / 'cu13' / 'bin'}:{path}"
    if opts.ptxas_dir:
        os.environ["PATH"] = f"{opts.ptxas_dir}:{os.environ['PATH']}"
    for key in ("CUDA_HOME", "CUDA_PATH"):  # tileiras then loads the libnvvm beside it
        os.environ.pop(key, None)
    import cuda.tile as ct
    import cuda.tile.compilation as comp

    catalog = ROOT / "problems" / "catalog"
    rows = []
    for toml in sorted(catalog.glob("*/problem.toml")):
        if opts.k not in toml.parent.name:
            continue
        files = sorted(toml.parent.glob("solutions/*_cutile.py"))
        if opts.starters:
            files.append(toml.parent / "starters" / "solution_cutile.py")
        if not files:
            continue
        problem = ProblemSpec.from_dir(toml.parent)
        for f in files:
            with contextlib.redirect_stderr(io.StringIO()):  # one warning per compile
                row = compile_file(problem, f, ct, comp)
            rows.append(row)
            print(f"{row.file}: {row.compiled}/{row.signatures}", file=sys.stderr, flush=True)
    print(table(rows))
    bad = [r for r in rows if r.errors or r.compiled != r.signatures]
    print(f"\n{len(rows) - len(bad)} of {len(rows)} files compiled every kernel they launch.")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
