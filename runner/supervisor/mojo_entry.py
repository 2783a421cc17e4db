"""A built Mojo library's entry point, checked before the child loads it: the library must
export ``solve``, and the ``solve`` the source declares must be callable as the child calls it
(runner/child/solution.py: one pointer per tensor, an Int32 per ``int``, a Float32 per
``float``, through the C ABI).

The symbol is read from the library (``nm -D``, in the sandbox); the declaration is read from
the source, where it is spelled out: ``abi("C")`` (without it, a raising ``solve`` takes a
hidden argument and returns a flag), the number of parameters, and each parameter's kind when
its type is written as a pointer or a known scalar. A type the check cannot read (an alias of
the user's own) passes, and a mistake in it shows at run time.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from runner.contract.vocabulary import MOJO_TYPES
from runner.sandbox import process as proc

GUIDE = "docs/languages/mojo.md"
SCALAR_TYPES = {
    "Bool",
    "Int",
    "UInt",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "UInt8",
    "UInt16",
    "UInt32",
    "UInt64",
    "Float16",
    "BFloat16",
    "Float32",
    "Float64",
}
# Scalar[DType.int32] and SIMD[DType.float32, 1] name the same types as Int32 and Float32
_DTYPE_SPELLING = re.compile(r"^(?:Scalar\[DType\.(\w+)\]|SIMD\[DType\.(\w+),\s*1\])$")
_DEF = re.compile(r"^(?:def|fn)\s+solve\b\s*(?:\[[^\]]*\])?\s*\(", re.M)
_ARG_KEYWORDS = ("var", "mut", "owned", "read", "ref", "deinit", "out", "inout", "borrowed")


@dataclass
class Declaration:
    """``solve`` as the source declares it."""

    line: int
    exported: bool
    params: list[tuple[str, str]]  # (name, type as written)
    effects: str  # what follows the parameter list up to the body's colon


def exported_functions(so_path: Path) -> set[str]:
    """The functions the library exports (``nm -D --defined-only``, run in the sandbox: the
    library is the user's). Where nm is missing or fails, ``solve`` counts as exported when
    its name is in the library's string tables, as for CUDA (runner/supervisor/compile.py)."""
    out = None
    if shutil.which("nm"):
        out = proc.run_capture(
            ["nm", "-D", "--defined-only", so_path.name],
            so_path.parent,
            timeout_s=30,
            env=proc.base_env(),
        )
    if out is None or out.returncode != 0:
        return {"solve"} if b"\0solve\0" in so_path.read_bytes() else set()
    names = set()
    for line in out.output.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "W", "i"):
            names.add(parts[2])
    return names


def find_declaration(source: str) -> Declaration | None:
    """The top-level ``def solve(...)`` (or ``fn``) of the source, or None."""
    match = _DEF.search(source)
    if match is None:
        return None
    line = source.count("\n", 0, match.start()) + 1
    depth, pos = 1, match.end()
    while pos < len(source) and depth:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(source[pos], 0)
        pos += 1
    if depth:
        return None
    inner = source[match.end() : pos - 1]
    end = _body_colon(source, pos)
    effects = " ".join(source[pos:end].split())
    return Declaration(line, _exported(source, match.start()), _params(inner), effects)


def _body_colon(source: str, pos: int) -> int:
    """Where the signature's closing colon is (``-> T`` and ``abi("C")`` may come first)."""
    depth = 0
    for i in range(pos, len(source)):
        ch = source[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == ":" and depth == 0:
            return i
    return len(source)


def _exported(source: str, start: int) -> bool:
    """Whether the lines right above the ``def`` (decorators, comments, blank lines) hold
    ``@export``."""
    for line in reversed(source[:start].splitlines()):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if not text.startswith("@"):
            return False
        if re.match(r"@export\b", text):
            return True
    return False


def _split_top_level(text: str) -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [" ".join(p.split()) for p in parts if p.strip()]


def _params(inner: str) -> list[tuple[str, str]]:
    out = []
    for part in _split_top_level(inner):
        if part in ("/", "*"):
            continue
        name, _, typ = part.partition(":")
        words = name.split()
        while len(words) > 1 and words[0] in _ARG_KEYWORDS:
            words = words[1:]
        typ = typ.split("=", 1)[0].strip()
        out.append((" ".join(words), typ))
    return out


def _scalar_name(typ: str) -> str | None:
    """The scalar type ``typ`` names (Int32 for ``Scalar[DType.int32]``), or None."""
    if typ in SCALAR_TYPES:
        return typ
    match = _DTYPE_SPELLING.match(typ)
    if match is None:
        return None
    dtype = match.group(1) or match.group(2)
    spelled = {t.lower(): t for t in SCALAR_TYPES}  # DType.bfloat16: BFloat16
    return spelled.get(dtype.lower())


def _is_pointer(typ: str) -> bool:
    return "Pointer" in typ.split("[", 1)[0]


def expected_signature(params: list[dict]) -> str:
    """``solve``'s parameters as the problem gives them, in Mojo's spelling."""
    shown = []
    for p in params:
        if p["role"] == "scalar":
            shown.append(f"{p['name']}: {MOJO_TYPES[p['dtype']]}")
        else:
            shown.append(f"{p['name']}: Pointer[{MOJO_TYPES[p['dtype']]}, MutAnyOrigin]")
    return ", ".join(shown)


def mismatch(decl: Declaration, params: list[dict]) -> str | None:
    """Why the declared ``solve`` cannot be called with the problem's arguments, or None."""
    where = f"solve (solution.mojo line {decl.line})"
    want = expected_signature(params)
    if not re.search(r"\babi\(\s*\"C\"\s*\)", decl.effects):
        return (
            f'{where} is not declared abi("C"): the judge calls it as a C function. '
            f'Write `@export` above `def solve(...) abi("C"):` and handle errors inside it '
            f"(a C function cannot raise); see {GUIDE}."
        )
    if len(decl.params) != len(params):
        return (
            f"{where} takes {len(decl.params)} parameters; the problem passes "
            f"{len(params)}: solve({want})."
        )
    for (name, typ), p in zip(decl.params, params, strict=True):
        scalar = _scalar_name(typ)
        if p["role"] == "scalar":
            expected = MOJO_TYPES[p["dtype"]]
            if _is_pointer(typ) or (scalar is not None and scalar != expected):
                return (
                    f"{where}: parameter {name} is {typ}, but the problem passes "
                    f"{p['name']} as {expected} (solve({want}))."
                )
        elif scalar is not None:
            return (
                f"{where}: parameter {name} is {typ}, but the problem passes {p['name']} as "
                f"a device pointer (solve({want}))."
            )
    return None


def check_entry(so_path: Path, source: str, params: list[dict]) -> str | None:
    """Why the built library cannot be judged (no ``solve`` exported, or a ``solve`` whose
    declaration cannot take the problem's arguments), or None when it can."""
    decl = find_declaration(source)
    if "solve" not in exported_functions(so_path):
        if decl is not None and not decl.exported:
            return (
                f"solve (solution.mojo line {decl.line}) is not exported: put `@export` above "
                f'it and declare it abi("C") (see {GUIDE}).'
            )
        return (
            f"the library exports no function solve: solution.mojo must define `@export def "
            f'solve({expected_signature(params)}) abi("C")` (see {GUIDE}).'
        )
    if decl is None:
        return None
    return mismatch(decl, params)
