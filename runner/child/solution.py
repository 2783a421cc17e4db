"""Loading a compiled solution (a library exporting a C ``solve``: CUDA C++, Mojo) and building
its arguments from the supervisor's buffers (both children; torch-free)."""

from __future__ import annotations

import ctypes
from collections.abc import Mapping
from typing import Any

from runner.common import wire
from runner.common.arena import Arena, Slot, attach, check_slots

CTYPES_SCALAR = {"int": ctypes.c_int, "float": ctypes.c_float}


def scalar_value(dtype: str, value: Any) -> int | float:
    return int(value) if dtype == "int" else float(value)


def load_cuda_solution(path: str, params: list[dict], symbol: str) -> tuple[Any, Any]:
    """(solve, kerneljudge_last_error or None) of a compiled solution; ``symbol`` is the entry
    the supervisor found at compile time (``solve``, or a C++ ``solve`` by its mangled name).
    argtypes come from the signature (pointers for tensors). What a language needs loaded
    before its library is its plug-in's (runner/child/language.py, ``before_load``)."""
    lib = ctypes.CDLL(path)
    fn = getattr(lib, symbol)
    fn.restype = None
    fn.argtypes = [
        CTYPES_SCALAR[p["dtype"]] if p["role"] == "scalar" else ctypes.c_void_p for p in params
    ]
    try:
        last_error = lib.kerneljudge_last_error
    except AttributeError:
        return fn, None
    last_error.restype = ctypes.c_int
    last_error.argtypes = [ctypes.c_char_p, ctypes.c_int]
    return fn, last_error


def raise_recorded_cuda_error(last_error: Any) -> None:
    """Launch errors recorded in the user's (static) CUDA runtime, as a RuntimeError."""
    if last_error is None:
        return
    buf = ctypes.create_string_buffer(512)
    code = last_error(buf, 512)
    if code != 0:
        raise RuntimeError(f"CUDA error: {buf.value.decode(errors='replace')} (code {code})")


def map_arena(chan: wire.Channel, msg: dict, device: str, driver: Any) -> tuple[Arena, dict]:
    """The arena an ``attach`` message announces (its descriptor came with it) and its slots
    by name."""
    fd = chan.take_fd()
    size = int(msg["size"])
    slots = {s.name: s for s in map(Slot.from_dict, msg["slots"])}
    try:
        check_slots(slots.values(), size)
    except ValueError:
        import os  # noqa: PLC0415

        os.close(fd)
        raise
    return attach(device, fd, size, driver), slots


def native_args(
    params: list[dict], slots: Mapping[str, Slot], arena: Arena, scalars: Mapping[str, Any]
) -> list:
    """ctypes arguments of a CUDA ``solve``: pointers into the arena, scalars by value."""
    args: list = []
    for p in params:
        if p["role"] == "scalar":
            ctype = CTYPES_SCALAR[p["dtype"]]
            args.append(ctype(scalar_value(p["dtype"], scalars[p["name"]])))
        else:
            args.append(ctypes.c_void_p(arena.pointer(slots[p["name"]])))
    return args
