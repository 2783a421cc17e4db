"""JAX solutions in the torch child (untrusted side, imported only for language ``jax``).

The call convention: ``solve`` receives the problem's *input* tensors (roles ``in`` and
``inout``) as ``jax.Array`` values and its scalars as Python numbers, in the order of the
parameter list with the ``out`` parameters left out, and **returns** its outputs: one array
when the problem has one output (``out`` or ``inout``), else a tuple in the order of those
parameters. The harness writes each returned array into the supervisor's output buffer.

The input arrays are zero-copy views of the supervisor's arena (DLPack from the arena's torch
tensors), made once per test or benchmark case, outside the timed call; JAX arrays are
immutable, so the views are read-only for JAX. On a GPU the child makes the whole call on the
stream JAX runs its programs on (runner/child/jax_stream.py): the lead-in spin, the start event,
``solve`` (whose kernels queue behind the spin), the DLPack views of the returned arrays (which
make the stream wait for any result computed elsewhere) and the end event, with no host-side
wait. The copy of the returned arrays into the output buffers follows the end event, and the
supervisor calibrates its clock with the same copy in the empty calls (docs/languages/jax.md).
On the CPU the call blocks until the results are computed.

This module is imported before the user's module is loaded, so the JAX and torch functions
it uses are the originals even if the solution replaces them afterwards.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import torch

from runner.child.module_form import linear
from runner.child.solution import scalar_value

_block_until_ready = jax.block_until_ready
_from_dlpack = jax.dlpack.from_dlpack
_torch_from_dlpack = torch.from_dlpack
_copy = torch.Tensor.copy_
_reshape = torch.Tensor.reshape
_ARRAY_TYPE = type(jnp.zeros((), dtype=jnp.float32))
_BACKENDS = {"cpu": "cpu", "cuda": "gpu"}
_TRACER_ERRORS = (
    jax.errors.ConcretizationTypeError,
    jax.errors.TracerIntegerConversionError,
    jax.errors.TracerBoolConversionError,
)


class SolveResultError(TypeError):
    """What ``solve`` returned does not fit the problem's outputs (the message says how)."""


def boot(device: str) -> str:
    """JAX's backend, checked against the job's device before any user code runs."""
    backend = jax.default_backend()
    want = _BACKENDS[device]
    if backend != want:
        raise RuntimeError(
            f"JAX runs on '{backend}' in this judge process, not on '{want}' "
            f"(device '{device}'): the judge machine's JAX install does not fit the device"
        )
    return backend


_empty_program = None


def empty_call() -> torch.Tensor:
    """The harness's JAX call without user code, for the supervisor's calibration windows: a
    jitted program of its own, its result viewed from torch as a solution's results are (the
    caller holds the view until the call's clock has stopped)."""
    global _empty_program
    if _empty_program is None:
        _empty_program = jax.jit(lambda: jnp.zeros((1,), dtype=jnp.float32))
    return _torch_from_dlpack(_empty_program())


def output_names(params: Sequence[dict]) -> list[str]:
    return [p["name"] for p in params if p["role"] in ("out", "inout")]


def signature(params: Sequence[dict]) -> str:
    """``solve(A, B, N) -> C`` as this convention calls it (for messages)."""
    args = ", ".join(p["name"] for p in params if p["role"] != "out")
    outs = output_names(params)
    ret = outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
    return f"solve({args}) -> {ret}"


class Call:
    """``solve``'s arguments for one arena and the output tensors its results go into."""

    def __init__(self, params: Sequence[dict], tensors: dict[str, Any], scalars: dict):
        self.args: list = []
        self.outputs: list[tuple[str, torch.Tensor]] = []
        self.copied: list[tuple[int, torch.Tensor]] = []  # inputs JAX could not view
        self.views: list[torch.Tensor] = []  # the last call's results, seen from torch
        self.signature = signature(params)
        for p in params:
            name = p["name"]
            if p["role"] == "scalar":
                self.args.append(scalar_value(p["dtype"], scalars[name]))
                continue
            if p["role"] == "module":  # the module form (runner/child/module_form.py)
                self.args.append(linear(tensors[p["weight"]], tensors[p["bias"]]))
                continue
            t = tensors[name]
            if p["py_layout"] == "flat":
                t = t.view(-1)
            if p["role"] in ("in", "inout"):
                arr = _from_dlpack(t)
                if not is_view(arr, t):
                    self.copied.append((len(self.args), t))
                self.args.append(arr)
            if p["role"] in ("out", "inout"):
                self.outputs.append((name, t))
        # on the CPU nothing orders the copy after JAX's work: the host blocks for it
        self.host_blocks = not any(t.is_cuda for _, t in self.outputs)

    def refresh(self) -> None:
        """Inputs JAX could not view are copied anew before every call (a copy made at
        attach would not see the inputs the supervisor writes for the next call); the copy is
        part of the timed call. The judge's 256-byte aligned buffers are viewed in practice."""
        for index, t in self.copied:
            self.args[index] = _from_dlpack(t)

    def results(self, value: Any) -> list:
        """The returned arrays, one per output, checked; torch's stream then waits for them
        (on the CPU: the host blocks until they are computed)."""
        items = check_results(value, self.outputs, self.signature)
        if self.host_blocks:
            _block_until_ready(items)
        self.views = [_torch_from_dlpack(x) for x in items]
        return items

    def write(self, items: list) -> None:
        """Copy the computed arrays into the output buffers (after the timed part)."""
        write_outputs(self.views, self.outputs)

    def release(self) -> None:
        """Drop the views of the last call's results, once its synced event is recorded:
        releasing them lets JAX free the arrays, work it may queue on its stream."""
        self.views = []


def is_view(arr: Any, t: torch.Tensor) -> bool:
    """Whether the JAX array shares the arena tensor's memory (DLPack without a copy)."""
    if not t.numel():
        return True
    try:
        return arr.unsafe_buffer_pointer() == t.data_ptr()
    except Exception:  # noqa: BLE001 - a backend without buffer pointers: assume a copy
        return False


_KIND = {"b": "bool", "i": "int", "u": "int", "f": "float", "V": "float", "c": "complex"}


def _kind(dtype: Any) -> str:
    import numpy as np  # noqa: PLC0415

    dt = np.dtype(dtype)
    if dt.name.startswith(("bfloat16", "float8")):
        return "float"
    return _KIND.get(dt.kind, "other")


def _torch_kind(dtype: torch.dtype) -> str:
    return "float" if dtype.is_floating_point else "int"


def check_results(value: Any, outputs: Sequence[tuple[str, Any]], sig: str) -> list:
    """The returned arrays, one per output, or :class:`SolveResultError`. Each must be a
    ``jax.Array`` with as many elements as its output (any shape: it is written in row-major
    order); a float result for an integer output is refused, other dtypes are cast."""
    names = [n for n, _ in outputs]
    if value is None:
        raise SolveResultError(
            f"solve returned None: a JAX solution returns its output instead of writing it ({sig})"
        )
    if isinstance(value, tuple | list):
        items = list(value)
    else:
        items = [value]
    if len(items) != len(outputs):
        raise SolveResultError(
            f"solve returned {len(items)} value(s); this problem has {len(outputs)} output(s), "
            f"returned in this order: {', '.join(names)} ({sig})"
        )
    for (name, t), x in zip(outputs, items, strict=True):
        if type(x) is not _ARRAY_TYPE:
            raise SolveResultError(
                f"output {name}: solve returned a {type(x).__name__}, not a jax.Array "
                f"(compute it with jax.numpy, or convert it with jnp.asarray)"
            )
        if x.size != t.numel():
            raise SolveResultError(
                f"output {name}: solve returned shape {tuple(x.shape)} ({x.size} elements); "
                f"{name} has shape {tuple(t.shape)} ({t.numel()} elements)"
            )
        if _kind(x.dtype) not in ("float", "int", "bool"):
            raise SolveResultError(f"output {name}: solve returned dtype {x.dtype}")
        if _kind(x.dtype) == "float" and _torch_kind(t.dtype) == "int":
            raise SolveResultError(
                f"output {name}: solve returned {x.dtype} for an integer output "
                f"({str(t.dtype).removeprefix('torch.')}); round and cast it with .astype()"
            )
    return items


def write_outputs(
    views: Sequence[torch.Tensor], outputs: Sequence[tuple[str, torch.Tensor]]
) -> None:
    for (_name, t), v in zip(outputs, views, strict=True):
        if not t.numel():
            continue
        _copy(t, _reshape(v, t.shape))


# -- errors --------------------------------------------------------------------------------------
_JAX_NOISE = (
    "For simplicity, JAX has removed its internal frames",
    "--------------------",
)


def hint(exc: BaseException) -> str:
    """A line that says what usually causes a JAX error in a ``solve``, or ''."""
    text = str(exc)
    if isinstance(exc, SolveResultError):
        return ""
    if isinstance(exc, jax.errors.TracerArrayConversionError):
        return "Hint: numpy cannot compute on traced values inside jax.jit; use jax.numpy."
    if isinstance(exc, _TRACER_ERRORS) or "concrete value" in text or "JitTracer" in text:
        return (
            "Hint: under jax.jit the scalar arguments are traced values, not Python numbers; "
            "a size used in a shape, a range or an if must be static: "
            '@functools.partial(jax.jit, static_argnames=("N",)).'
        )
    if "incompatible shapes" in text.lower():
        return "Hint: check the shapes: flat inputs arrive 1-D, reshape them with the sizes."
    return ""


def user_traceback(exc: BaseException, limit_chars: int = 4000) -> str:
    """The traceback without the harness's frames, JAX's internal frames and JAX's note
    about them; the hint, if any, is its last line (where the site reads the message)."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    keep: list[str] = []
    for chunk in lines:
        if chunk.lstrip().startswith('File "') and (
            "runner/child" in chunk or "/jax/_src/" in chunk or "/jaxlib/" in chunk
        ):
            continue
        kept = [ln for ln in chunk.splitlines(True) if not ln.startswith(_JAX_NOISE)]
        keep.append("".join(kept))
    text = "".join(keep).rstrip() + "\n"
    extra = hint(exc)
    if extra:
        text += extra + "\n"
    return text[-limit_chars:]


def error_reply(exc: BaseException, where: str, kind: str) -> dict:
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    extra = hint(exc)
    error = f"{type(exc).__name__}: {first}" + (f" ({extra})" if extra else "")
    return {
        "ok": False,
        "kind": kind,
        "where": where,
        "error": error[:2000],
        "traceback": user_traceback(exc),
    }
