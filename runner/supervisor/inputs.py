"""Input generation for a test or benchmark case, and loading of a problem's reference.

Inputs are a pure function of (problem, case, seed, device): the supervisor can regenerate any
test's or timed call's inputs from the secret seed without storing them.
"""

from __future__ import annotations

import hashlib
import math
import types
from collections.abc import Callable, Mapping
from typing import Any

import torch

from runner.common.tensors import TORCH_DTYPES
from runner.contract import FLOAT_DTYPES, BenchmarkCase, Param, ProblemSpec, TestCase, parse_dist

_INT_RANGES = {
    "i32": (-(2**31), 2**31),
    "u32": (0, 2**32),
    "i8": (-128, 128),
    "u8": (0, 256),
}

Case = TestCase | BenchmarkCase
MakeInputs = Callable[[dict, torch.Generator, Any], Mapping[str, torch.Tensor]]


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for one test or one timed call, derived from the job's secret seed."""
    text = ":".join([str(seed), *map(str, parts)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "little") >> 1


def case_scalars(case: Case, device: str) -> dict[str, int | float]:
    if isinstance(case, BenchmarkCase):
        return case.scalars_for(device)
    return dict(case.scalars)


def load_reference(problem: ProblemSpec) -> types.ModuleType:
    """Execute the problem's reference source as a fresh module (trusted code only)."""
    module = types.ModuleType(f"kj_reference_{problem.slug.replace('-', '_')}")
    module.__file__ = f"<reference of {problem.slug}>"
    exec(compile(problem.reference_source, module.__file__, "exec"), module.__dict__)
    if not callable(getattr(module, "reference", None)):
        raise ValueError(f"reference of {problem.slug}: no callable reference()")
    return module


def sample(
    dist: str, dtype: str, shape: tuple[int, ...], gen: torch.Generator, device: Any
) -> torch.Tensor:
    """Draw one tensor from a distribution string such as ``uniform(-1, 1)``."""
    kind, args = parse_dist(dist)
    torch_dtype = TORCH_DTYPES[dtype]
    numel = math.prod(shape)
    is_float = dtype in FLOAT_DTYPES
    if kind == "zeros":
        return torch.zeros(shape, dtype=torch_dtype, device=device)
    if kind == "ones":
        return torch.ones(shape, dtype=torch_dtype, device=device)
    if kind == "const":
        return torch.full(shape, args[0], dtype=torch_dtype, device=device)
    if kind == "arange":
        return torch.arange(numel, device=device).reshape(shape).to(torch_dtype)
    if kind in ("uniform", "sorted_uniform") and is_float:
        lo, hi = args
        t = torch.rand(shape, generator=gen, dtype=torch.float32, device=device)
        t = t.mul_(hi - lo).add_(lo)
    elif kind == "normal":
        mean, std = args
        t = torch.randn(shape, generator=gen, dtype=torch.float32, device=device)
        t = t.mul_(std).add_(mean)
    else:  # integer draws (randint, or uniform on an integer dtype)
        lo, hi = int(args[0]), int(args[1])
        if not is_float:
            dlo, dhi = _INT_RANGES[dtype]
            lo, hi = max(lo, dlo), min(hi, dhi)
        t = torch.randint(lo, hi, shape, generator=gen, dtype=torch.int64, device=device)
    if kind.startswith("sorted_"):
        t = t.flatten().sort().values.reshape(shape)
    if not is_float and t.is_floating_point():
        t = t.round()
    return t.to(torch_dtype)


def default_dist(param: Param) -> str:
    return "uniform(-1, 1)" if param.dtype in FLOAT_DTYPES else "randint(0, 100)"


def generate_inputs(
    problem: ProblemSpec,
    case: Case,
    seed: int,
    device: Any = "cpu",
    make_inputs: MakeInputs | None = None,
) -> dict[str, torch.Tensor]:
    """Every in/inout tensor of one case, contiguous, of the declared dtype and shape.

    Precedence: explicit ``values`` of a test, then the reference's ``make_inputs``, then the
    case's ``dist``, then the parameter's ``dist``, then a default uniform draw.
    """
    scalars = case_scalars(case, str(torch.device(device).type))
    cpu_gen = torch.Generator(device="cpu").manual_seed(seed)
    dev = torch.device(device)
    gen = cpu_gen if dev.type == "cpu" else torch.Generator(device=dev).manual_seed(seed)
    made: Mapping[str, torch.Tensor] = {}
    if make_inputs is not None:
        made = make_inputs({**scalars, "variant": case.variant}, cpu_gen, dev) or {}
    values = getattr(case, "values", {})
    out: dict[str, torch.Tensor] = {}
    for p in problem.tensor_params:
        if not p.is_input:
            continue
        shape = p.shape_for(scalars)
        if p.name in values:
            t = torch.tensor(values[p.name], dtype=torch.float64).reshape(shape)
            t = t.to(TORCH_DTYPES[p.dtype]).to(dev)
        elif p.name in made:
            t = made[p.name]
            if tuple(t.shape) != shape and t.numel() == math.prod(shape):
                t = t.reshape(shape)
            if tuple(t.shape) != shape or t.dtype != TORCH_DTYPES[p.dtype]:
                raise ValueError(
                    f"make_inputs of {problem.slug} returned {p.name} with shape "
                    f"{tuple(t.shape)} {t.dtype}, expected {shape} {TORCH_DTYPES[p.dtype]}"
                )
            t = t.to(dev)
        else:
            dist = case.dist.get(p.name) or p.dist or default_dist(p)
            t = sample(dist, p.dtype, shape, gen, dev)
        out[p.name] = t.contiguous()
    return out


def output_shapes(problem: ProblemSpec, scalars: Mapping[str, int | float]) -> dict:
    """Shape of every out/inout tensor for these scalars."""
    return {p.name: p.shape_for(scalars) for p in problem.tensor_params if p.is_output}
