"""CuTe DSL solutions in the torch child (untrusted side, imported only for language ``cute``).

The call convention is LeetGPU's: ``solve`` is a ``@cute.jit`` function that receives every
tensor parameter as a ``cute.Tensor`` over the supervisor's buffer (outputs written in
place, as in CUDA C++) and every scalar as a CuTe number: the type the parameter is
annotated with (``cute.Int32``, ``cute.Uint64``, ``cute.Float32``...), else ``cute.Int32``
for an ``int`` and ``cute.Float32`` for a ``float``. A scalar annotated ``cutlass.Constexpr``
is passed as a Python number and compiled into the kernel.

The tensors are ``from_dlpack(t).mark_layout_dynamic()`` views of the arena's torch tensors,
as CuTe DSL itself converts a torch tensor passed to a jit function: shapes and strides are
runtime values (the unit stride of the last mode stays static), so one compilation serves
every test and benchmark case of a dtype signature. ``cute.compile`` runs when a case's
buffers are attached, outside every call the supervisor times; the compiled function is
cached per signature (dtypes, ranks, annotated types, Constexpr values) for the job.

Kernels launched without ``stream=`` run on CUDA's default stream, which is torch's current
stream in the judge (the events around the timed call are recorded there). A ``solve`` with
one parameter more than the problem's, annotated ``cuda.CUstream`` (or named ``stream``),
receives torch's current stream in it.

This module is imported before the user's module is loaded, so the functions it captures are
the originals even if the solution replaces them afterwards.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sys
from collections.abc import Sequence
from typing import Any

import torch

from runner.child import cute_errors


def ensure_dsl_on_path() -> None:
    """CuTe DSL's ``cutlass`` package lives in ``nvidia_cutlass_dsl/dsl_packages``; pip adds
    that directory to sys.path with a .pth file, which Python reads in site-packages only, not
    in a PYTHONPATH directory. Add it here when ``cutlass`` is not importable as it stands."""
    if importlib.util.find_spec("cutlass") is not None:
        return
    spec = importlib.util.find_spec("nvidia_cutlass_dsl")
    if spec is None or not spec.submodule_search_locations:
        return
    for base in spec.submodule_search_locations:
        pkgs = os.path.join(base, "dsl_packages")
        if os.path.isdir(pkgs) and pkgs not in sys.path:
            sys.path.insert(0, pkgs)


ensure_dsl_on_path()

import cutlass  # noqa: E402
import cutlass.cute as cute  # noqa: E402
from cutlass.cute.runtime import from_dlpack  # noqa: E402

_compile = cute.compile
_from_dlpack = from_dlpack
_current_stream = torch.cuda.current_stream
_NUMERIC = cutlass.Numeric
_CONSTEXPR = cutlass.Constexpr
_DEFAULT_SCALAR = {"int": cute.Int32, "float": cute.Float32}


def add_leetgpu_spellings() -> None:
    """LeetGPU's CuTe starters annotate unsigned sizes ``cute.UInt64`` (``UInt32``...), names
    that CuTe DSL 4.8.1 spells ``Uint64``: the other spelling is added where it is missing,
    before user code, so that such a file imports here as there."""
    for module in (cutlass, cute):
        for bits in (8, 16, 32, 64, 128):
            known = getattr(module, f"Uint{bits}", None)
            if known is not None and not hasattr(module, f"UInt{bits}"):
                setattr(module, f"UInt{bits}", known)


def boot(device: str) -> str:
    """CuTe DSL's version, checked before any user code runs; it generates GPU code only.
    LeetGPU's spellings of its unsigned types are added (:func:`add_leetgpu_spellings`)."""
    add_leetgpu_spellings()
    if device != "cuda":
        raise RuntimeError(
            "CuTe DSL runs on a GPU only; this judge process has device "
            f"'{device}' (the job needs a GPU worker)"
        )
    return str(getattr(cutlass, "__version__", "unknown"))


def _is_numeric_type(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, _NUMERIC)


def _is_constexpr(annotation: Any) -> bool:
    return annotation is _CONSTEXPR or getattr(annotation, "__origin__", None) is _CONSTEXPR


def _is_stream(param: inspect.Parameter) -> bool:
    ann = param.annotation
    return getattr(ann, "__name__", "") == "CUstream" or param.name == "stream"


def _signature_of(solve: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(solve)
    except (TypeError, ValueError):
        return None


class SolveSignatureError(TypeError):
    """``solve``'s parameters do not fit the problem's (the message says how)."""


def scalar_arg(dtype: str, value: Any, annotation: Any) -> tuple[Any, Any]:
    """(the argument, its part of the compile key) of a scalar parameter."""
    plain = int(value) if dtype == "int" else float(value)
    if _is_constexpr(annotation):
        return plain, ("constexpr", plain)
    kind = annotation if _is_numeric_type(annotation) else _DEFAULT_SCALAR[dtype]
    return kind(plain), kind.__name__


def tensor_arg(t: torch.Tensor) -> tuple[Any, Any]:
    """(the cute.Tensor view, its part of the compile key): dynamic shape and strides, the
    last mode's unit stride static, as CuTe DSL converts a torch tensor itself."""
    view = _from_dlpack(t)
    if t.dim() > 0 and t.numel() > 0:
        view = view.mark_layout_dynamic(leading_dim=t.dim() - 1)
    return view, (str(t.dtype), t.dim(), t.numel() == 0)


class Call:
    """``solve``'s arguments for one arena and the compiled function they call."""

    def __init__(
        self,
        solve: Any,
        params: Sequence[dict],
        tensors: dict[str, torch.Tensor],
        scalars: dict,
        cache: dict,
    ):
        sig = _signature_of(solve)
        names = [p["name"] for p in params]
        declared = list(sig.parameters.values()) if sig is not None else []
        annotations = {}
        self.stream_param = False
        if sig is not None:
            if len(declared) == len(params) + 1 and _is_stream(declared[-1]):
                self.stream_param = True
                declared = declared[:-1]
            if len(declared) != len(params):
                raise SolveSignatureError(
                    f"solve takes {len(declared)} parameter(s); this problem passes "
                    f"{len(params)}: solve({', '.join(names)})"
                )
            annotations = {p["name"]: d.annotation for p, d in zip(params, declared, strict=True)}
        self.args: list = []
        key: list = []
        for p in params:
            name = p["name"]
            if p["role"] == "scalar":
                arg, part = scalar_arg(p["dtype"], scalars[name], annotations.get(name))
            else:
                t = tensors[name]
                if p["py_layout"] == "flat":
                    t = t.view(-1)
                arg, part = tensor_arg(t)
            self.args.append(arg)
            key.append(part)
        self.key = (id(solve), tuple(key), self.stream_param)
        self.compiled = cache.get(self.key)
        if self.compiled is None:
            self.compiled = _compile(solve, *self.args, *self._stream())
            cache[self.key] = self.compiled

    def _stream(self) -> list:
        if not self.stream_param:
            return []
        from cuda.bindings import driver  # noqa: PLC0415

        return [driver.CUstream(_current_stream().cuda_stream)]

    def __call__(self) -> None:
        self.compiled(*self.args, *self._stream())


def attach_error_reply(exc: BaseException, solve: Any) -> dict:
    """The reply when building the arguments or compiling failed: a compile error for
    everything that happened while CuTe DSL traced and compiled the user's code (whose lines
    are those of the module that defines ``solve``: ``@cute.jit`` wraps it in a function of
    the DSL's own file)."""
    if isinstance(exc, SolveSignatureError):
        return {
            "ok": False,
            "kind": "compile_error",
            "where": "while compiling solve with CuTe DSL",
            "error": str(exc),
        }
    module = sys.modules.get(getattr(solve, "__module__", None) or "")
    return cute_errors.compile_error_reply(exc, getattr(module, "__file__", None))
