"""AddressSanitizer's report of a diagnostics run, in the judge's words: what was accessed out
of bounds (which buffer or shared array, which element, how many it has), in which kernel, at
which line of the user's file, by which block and thread.

Input: the harness's stderr (runner/languages/cuda/harness.py): its ``KJ-BUFFER k ADDR BYTES``
lines (where each parameter's copy lives), AddressSanitizer's report, and the ``KJ-WHERE``
line the report callback prints (the emulated block and thread at the faulting access).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from runner.supervisor.compile import USER_FILE

_ERROR = re.compile(r"ERROR: AddressSanitizer: ([\w-]+)")
_ACCESS = re.compile(r"\b(READ|WRITE) of size (\d+) at (0x[0-9a-f]+)")
_SEGV = re.compile(r"SEGV on unknown address (0x[0-9a-f]+|\(nil\))")
_FRAME = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ in (.+?) (\S+?):(\d+)(?::\d+)?\s*$")
_HEAP_REGION = re.compile(
    r"(0x[0-9a-f]+) is located (\d+) bytes (to the right|to the left|inside) of "
    r"(\d+)-byte region \[(0x[0-9a-f]+),(0x[0-9a-f]+)\)"
)
_GLOBAL = re.compile(
    r"(0x[0-9a-f]+) is located (\d+) bytes (to the right|to the left|inside) of global "
    r"variable '([^']+)' defined in '([^']*)' \((0x[0-9a-f]+)\) of size (\d+)"
)
_BUFFER = re.compile(r"^KJ-BUFFER (\d+) (0x[0-9a-f]+|\(nil\)) (\d+)$", re.M)
_WHERE = re.compile(r"^KJ-WHERE (.*)$", re.M)
_LIBBASE = re.compile(r"^KJ-LIBBASE (0x[0-9a-f]+)$", re.M)
_SHARED_DECL = re.compile(r"__shared__\s+(?:__align__\(\d+\)\s+)?([\w:]+(?:\s+\w+)?)\s+(\w+)\s*\[")

ELEMENT_BYTES = {
    "f32": 4,
    "f16": 2,
    "bf16": 2,
    "f8e4m3": 1,
    "i32": 4,
    "u32": 4,
    "i8": 1,
    "u8": 1,
}
# element sizes of a __shared__ array's declared type (anything else: bytes)
_TYPE_BYTES = {
    "float": 4,
    "int": 4,
    "unsigned": 4,
    "unsigned int": 4,
    "uint32_t": 4,
    "int32_t": 4,
    "double": 8,
    "long long": 8,
    "unsigned long long": 8,
    "int64_t": 8,
    "uint64_t": 8,
    "__half": 2,
    "half": 2,
    "__nv_bfloat16": 2,
    "short": 2,
    "char": 1,
    "unsigned char": 1,
    "uint8_t": 1,
    "int8_t": 1,
    "bool": 1,
    "float2": 8,
    "float4": 16,
    "int2": 8,
    "int4": 16,
    "__half2": 4,
}


@dataclass
class Finding:
    kind: str  # "out-of-bounds" | "memory error"
    message: str  # one sentence, for the verdict's message
    kernel: str | None
    line: int | None


def parse(
    report: str, params: list[dict], source: str, symbols: list[Symbol] | None = None
) -> Finding | None:
    """The first AddressSanitizer error of ``report`` described, or None when it has none.
    ``params``: the problem's parameters (``name``, ``dtype``, ``role``) in ``solve``'s order;
    ``symbols``: the library's ``__shared__`` arrays (shared_symbols), for an access far
    enough past an array that the sanitizer names another variable."""
    m = _ERROR.search(report)
    if m is None:
        return None
    error = m.group(1)
    body = report[m.start() :]
    kernel, line = user_frame(body, source)
    where = _where(report)
    place = _place(kernel, line, where)
    access = _ACCESS.search(body)
    if error == "SEGV" or access is None:
        segv = _SEGV.search(body)
        addr = f" at address {segv.group(1)}" if segv else ""
        what = "invalid memory access" if error == "SEGV" else error.replace("-", " ")
        return Finding("memory error", f"An {what}{addr}{place}.", kernel, line)
    op = "read" if access.group(1) == "READ" else "write"
    addr = int(access.group(3), 16)
    target = (
        _heap_target(body, addr, report, params)
        or _global_target(body, addr, source)
        or _symbol_target(addr, report, source, symbols or [])
    )
    if target is None:
        if error == "heap-use-after-free":
            target = "memory already freed (cudaFree)"
        elif error == "stack-buffer-overflow":
            target = "a local array"
        else:
            target = f"memory outside every buffer ({error.replace('-', ' ')})"
        return Finding("memory error", f"An invalid {op} of {target}{place}.", kernel, line)
    return Finding("out-of-bounds", f"Out-of-bounds {op} of {target}{place}.", kernel, line)


def user_frame(body: str, source: str = "") -> tuple[str | None, int | None]:
    """(kernel, line) of the access: the line of the innermost frame in the user's file; the
    kernel is the function the launch at ``kernel<<<...>>>`` called (the source step wraps each
    launch in a lambda at the launch's line, which is how its frame is told apart from a
    device function's or a lambda's in the kernel), else the outermost function of the
    innermost run of user frames."""
    frames = []
    for ln in body.splitlines():
        fm = _FRAME.match(ln)
        if fm is None:
            if frames and not ln.strip():
                break  # the access's stack ends at the first blank line
            continue
        frames.append((fm.group(2), fm.group(3), int(fm.group(4))))
    run = []
    for func, path, lineno in frames:
        if path.rsplit("/", 1)[-1] == USER_FILE:
            run.append((func, lineno))
        elif run:
            break
    if not run:
        return None, None
    lines = source.splitlines()
    for i, (func, lineno) in enumerate(run):
        text = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
        if i and func.startswith("operator()") and "<<<" in text:
            return function_name(run[i - 1][0]), run[0][1]
    return function_name(run[-1][0]), run[0][1]


def function_name(signature: str) -> str:
    """``conv1d`` of ``conv1d(float const*, int)``, ``map_kernel<float, 4>`` of ``void
    map_kernel<float, 4>(float const*)``, ``clip_kernel`` of a lambda's
    ``clip_kernel(...)::{lambda(int)#1}::operator()(int) const``."""
    depth, cut = 0, len(signature)
    for i, ch in enumerate(signature):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
            break
    head = signature[:cut].strip()
    depth, start = 0, 0
    for i, ch in enumerate(head):  # drop a return type ("void ")
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0:
            start = i + 1
    return head[start:] or signature


def _where(report: str) -> str:
    m = _WHERE.search(report)
    return m.group(1).strip() if m else ""


def _place(kernel: str | None, line: int | None, where: str) -> str:
    parts = []
    if kernel:
        parts.append(f" in kernel {kernel}")
    if line:
        parts.append(f"{',' if parts else ''} line {line}")
    if where:
        parts.append(f", {where}")
    return "".join(parts)


def _heap_target(body: str, addr: int, report: str, params: list[dict]) -> str | None:
    region = _HEAP_REGION.search(body)
    if region is None:
        return None
    start, end = int(region.group(5), 16), int(region.group(6), 16)
    for m in _BUFFER.finditer(report):
        k, base = int(m.group(1)), m.group(2)
        if base == "(nil)" or int(base, 16) != start or k >= len(params):
            continue
        p = params[k]
        size = ELEMENT_BYTES.get(p["dtype"], 1)
        count = (end - start) // size
        index = (addr - start) // size
        return f"{p['name']}[{index}] ({p['name']} has {count} element{_s(count)})"
    size = end - start
    return f"byte {addr - start} of a {size}-byte allocation (cudaMalloc or shared memory)"


def _global_target(body: str, addr: int, source: str) -> str | None:
    g = _GLOBAL.search(body)
    if g is None:
        return None
    name = g.group(4).rsplit("::", 1)[-1]
    if USER_FILE not in g.group(5):
        return None  # one of the emulation's own variables: the access went far past an array
    start, nbytes = int(g.group(6), 16), int(g.group(7))
    size = _shared_element_bytes(source, name)
    if size is None:
        off = addr - start
        return f"byte {off} of {name} ({name} has {nbytes} bytes)"
    count, index = nbytes // size, (addr - start) // size
    kind = "shared array " if _is_shared(source, name) else ""
    return f"{kind}{name}[{index}] ({name} has {count} element{_s(count)})"


@dataclass
class Symbol:
    name: str  # the variable's own name (``partial`` of ``block_sum(...)::partial``)
    offset: int  # its address in the library, relative to the library's load address
    size: int  # bytes


def shared_symbols(nm_output: str, source: str) -> list[Symbol]:
    """The ``__shared__`` arrays of the user's file among ``nm -S -C --defined-only`` lines."""
    names = {m.group(2) for m in _SHARED_DECL.finditer(source)}
    found = []
    for ln in nm_output.splitlines():
        parts = ln.split(None, 3)
        if len(parts) != 4 or parts[2].lower() not in ("b", "d"):
            continue
        name = parts[3].rsplit("::", 1)[-1]
        if name in names:
            found.append(Symbol(name, int(parts[0], 16), int(parts[1], 16)))
    return found


def _symbol_target(addr: int, report: str, source: str, symbols: list[Symbol]) -> str | None:
    """The shared array nearest to ``addr`` (an access past its end by more than the
    sanitizer's redzone, into the emulation's own variables)."""
    base = _LIBBASE.search(report)
    if base is None or not symbols or "global-buffer-overflow" not in report:
        return None
    offset = addr - int(base.group(1), 16)

    def distance(s: Symbol) -> int:
        if offset < s.offset:
            return s.offset - offset
        return max(0, offset - (s.offset + s.size - 1))

    best = min(symbols, key=distance)
    if distance(best) > 1 << 20:
        return None
    size = _shared_element_bytes(source, best.name)
    if size is None:
        return f"byte {offset - best.offset} of {best.name} ({best.name} has {best.size} bytes)"
    count, index = best.size // size, (offset - best.offset) // size
    return f"shared array {best.name}[{index}] ({best.name} has {count} element{_s(count)})"


def _shared_element_bytes(source: str, name: str) -> int | None:
    for m in _SHARED_DECL.finditer(source):
        if m.group(2) == name:
            return _TYPE_BYTES.get(" ".join(m.group(1).split()))
    m = re.search(r"\b([\w:]+(?:\s+\w+)?)\s+" + re.escape(name) + r"\s*\[", source)
    return _TYPE_BYTES.get(" ".join(m.group(1).split())) if m else None


def _is_shared(source: str, name: str) -> bool:
    return any(m.group(2) == name for m in _SHARED_DECL.finditer(source))


def _s(n: int) -> str:
    return "" if n == 1 else "s"
