"""CuTe DSL errors as the user should read them (text only: no CuTe DSL import, so the CPU
test suite checks it without the package).

CuTe DSL compiles ``solve`` in three steps, each with its own way of failing:

- the AST preprocessor rewrites the Python source (``DSLUserCodeError``: an early ``return``
  inside a traced loop, a missing ``@cute.jit``);
- tracing runs the rewritten function to build MLIR (``DSLUserCodeError`` wrapping the
  user's ``NameError``/``TypeError``..., or the plain Python exception itself, with the user's
  frames in the traceback);
- MLIR verification and code generation (``DSLRuntimeError``, ``MLIRError``: the IR does
  not verify, PTX generation failed), often without a source location.

The DSL's own messages carry ANSI colours and, when it knows one, a location line
(``--> /path/solution.py:10`` or ``:10:13``). The mapping strips the colours, keeps the
user's frames of the traceback and ends with one summary line that names the user's line:
the supervisor shows that last line as the verdict's message.
"""

from __future__ import annotations

import re
import traceback

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_LOCATION = re.compile(r"-->\s*(?P<path>[^\s:]+):(?P<line>\d+)(?::\d+)?")
_FRAME = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>\d+), in (?P<func>\S+)')
# frames of the DSL itself, of its MLIR bindings and of the harness
_INTERNAL_PARTS = (
    "/dsl_packages/cutlass/",
    "/nvidia_cutlass_dsl/",
    "/site-packages/cutlass/",
    "/site-packages/cuda/",
    "runner/child",
    "<frozen ",
    "/lib/python3",  # the standard library (the DSL's preprocessor walks the AST with it)
    "/lib64/python3",
)
_DSL_NOISE = (
    "suggestion: Re-run with CUTE_DSL_SHOW_STACKTRACE",
    "Re-run with CUTE_DSL_SHOW_STACKTRACE",
)
_MLIR_TYPES = ("MLIRError",)


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def is_dsl_error(exc: BaseException) -> bool:
    """Whether the exception is one of CuTe DSL's own (``DSLBaseError`` and its subclasses,
    or an MLIR error from its bindings), by name: the package may be missing here."""
    for cls in type(exc).__mro__:
        if cls.__name__ in ("DSLBaseError", *_MLIR_TYPES) and "cutlass" in cls.__module__:
            return True
    return False


def _internal(path: str) -> bool:
    return any(part in path for part in _INTERNAL_PARTS)


def _users(path: str, user_file: str | None) -> bool:
    return path == user_file if user_file else not _internal(path)


def user_frames(exc: BaseException, user_file: str | None = None) -> list[tuple[str, int, str]]:
    """(path, line, function) of every frame of the user's code (the solution's file when
    ``user_file`` names it, else any file outside the DSL, the harness and the standard
    library), outermost first, in the exception and the exceptions it was raised from."""
    out: list[tuple[str, int, str]] = []
    seen: set[int] = set()
    e: BaseException | None = exc
    chain: list[BaseException] = []
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        chain.append(e)
        e = e.__cause__ or e.__context__
    for item in reversed(chain):  # the root cause first, as Python prints them
        for fs in traceback.extract_tb(item.__traceback__):
            if _users(fs.filename, user_file):
                out.append((fs.filename, fs.lineno or 0, fs.name))
    return out


def location(exc: BaseException, user_file: str | None = None) -> tuple[str, int] | None:
    """The user's line the error is about: the DSL's ``-->`` location if it gave one, else
    the innermost user frame of the traceback (tracing runs the user's code in Python)."""
    m = _LOCATION.search(strip_ansi(str(exc)))
    if m and _users(m.group("path"), user_file):
        return m.group("path"), int(m.group("line"))
    frames = user_frames(exc, user_file)
    if frames:
        path, line, _func = frames[-1]
        return path, line
    return None


def headline(exc: BaseException) -> str:
    """The DSL's one-line statement of the error (``NameError in `solve`: ...``, its wrapped
    continuation lines joined), or the exception's first line."""
    body = strip_ansi(str(exc)).strip()
    lines = body.splitlines()
    for k, raw in enumerate(lines):
        m = re.match(r"error(?:\[[A-Z_]+\])?:\s*(?P<msg>.+)", raw.strip())
        if not m:
            continue
        msg = m.group("msg").strip()
        if "could not build valid IR" in msg:
            continue  # the next error line says what did not verify
        for more in lines[k + 1 :]:
            text = more.strip()
            if not more.startswith((" ", "\t")) or not text or _is_marker(text):
                break
            msg += " " + text
        return msg.replace("error: unknown: ", "")
    first = lines[0].strip() if lines else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _is_marker(text: str) -> bool:
    return text.startswith(("-->", "|", "=", "suggestion:", "note:", "error")) or text[0].isdigit()


def hint(exc: BaseException) -> str:
    """A line on what usually causes the error, or ''."""
    text = strip_ansi(str(exc))
    if "must be decorated with @cute.jit" in text or "CALL_MISSING_JIT_DECORATOR" in text:
        return "Hint: decorate solve with @cute.jit (kernels with @cute.kernel)."
    if "weakly congruent" in text:
        return (
            "Hint: a coordinate has more or fewer modes than the tensor; flat inputs arrive "
            "1-D, 2-D inputs as (rows, cols)."
        )
    if "source of" in text and "not available" in text:
        return "Hint: define solve and its kernels in the solution file itself, not with exec()."
    return ""


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def summary(exc: BaseException, user_file: str | None = None) -> str:
    """``CuTe DSL compile error: solution.py:10: NameError in `solve`: ...`` (the verdict's
    message)."""
    where = location(exc, user_file)
    head = headline(exc)
    prefix = f"{_short(where[0])}:{where[1]}: " if where else ""
    return f"CuTe DSL compile error: {prefix}{head}"[:600]


def user_traceback(exc: BaseException, limit_chars: int = 4000) -> str:
    """The traceback with only the user's frames and the DSL's message without colours; the
    hint, if any, is its last line."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    keep: list[str] = []
    for chunk in lines:
        stripped = chunk.lstrip()
        if stripped.startswith('File "'):
            m = _FRAME.search(stripped)
            if m and _internal(m.group("path")):
                continue
        clean = strip_ansi(chunk)
        kept = [ln for ln in clean.splitlines(True) if not ln.strip().startswith(_DSL_NOISE)]
        keep.append("".join(kept))
    text = "".join(keep).rstrip() + "\n"
    extra = hint(exc)
    if extra:
        text += extra + "\n"
    return text[-limit_chars:]


def compile_error_reply(exc: BaseException, user_file: str | None = None) -> dict:
    """The child's reply when ``cute.compile(solve, ...)`` failed: a compile error whose log
    is the user's traceback and whose last line is the summary."""
    log = user_traceback(exc, 6000)
    line = summary(exc, user_file)
    extra = hint(exc)
    if extra:
        line += f" ({extra})"
    return {
        "ok": False,
        "kind": "compile_error",
        "where": "while compiling solve with CuTe DSL",
        "error": (log.rstrip() + "\n" + line)[-8000:],
        "traceback": log,
    }


def run_error_reply(exc: BaseException, where: str, kind: str) -> dict:
    """An error of a compiled call (a CUDA error, a wrong argument) or of loading the module."""
    first = strip_ansi(str(exc)).strip().splitlines()
    error = f"{type(exc).__name__}: {first[0] if first else ''}".rstrip(": ")
    extra = hint(exc)
    if extra:
        error += f" ({extra})"
    return {
        "ok": False,
        "kind": kind,
        "where": where,
        "error": error[:2000],
        "traceback": user_traceback(exc),
    }
