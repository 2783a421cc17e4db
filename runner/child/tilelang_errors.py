"""TileLang's errors as the user should read them (untrusted side; imports neither torch nor
tilelang, so the mapping is tested on recorded texts without the package).

A TileLang kernel is built and compiled at its first call (``@tilelang.jit``) or by
``tilelang.compile``: the kernel's Python body is re-run by TileLang's builder, lowered by TVM's
passes and the generated CUDA compiled by nvcc. An exception raised anywhere on that path is a
**compile error** of the kernel: the reply's kind is ``compile_error``, its text a traceback of
the user's frames only (``solution.py``, line N) followed by the compiler's own lines (nvcc's
``error:`` lines, without the generated source TileLang puts in front of them), and its last line
a one-line summary that names the user's line. An exception raised when a compiled kernel is
called (a tensor whose dtype or shape does not fit the kernel) or in the user's own code is a
runtime error, with the same user-only traceback and a hint for the usual mistakes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from runner.child.user_frames import (
    USER_FILE,
    Frame,
    compiler_error_reply,
    file_name,
    format_frames,
    frames_of,
    keep_end,
)

# frames of the library stack (Python files of tilelang, tvm, tvm_ffi; C++ frames that TVM
# prints with their build paths or as <unknown>) and of the harness
_INTERNAL_PARTS = ("/tilelang/", "/tvm/", "/tvm_ffi/", "runner/child", "/torch/")
_INTERNAL_PREFIXES = ("python/tvm_ffi/", "<unknown>", "/project/")
# where a compiled kernel is called (its arguments checked, the kernel launched)
_LAUNCH_FILES = ("/tilelang/jit/adapter/", "/tvm/runtime/")
_SPAN = re.compile(r"-->\s+(?P<file>.+?):(?P<line>\d+)(?::(?P<col>\d+))?\s*$", re.MULTILINE)
_NVCC_ERROR = re.compile(r"^(?P<file>\S+?)\((?P<line>\d+)\): (?P<what>(?:fatal )?error.*)$")
MAX_MESSAGE_CHARS = 1500


def _path(filename: str) -> str:
    return filename.replace("\\", "/")


def is_user_frame(frame: Frame) -> bool:
    return file_name(frame[0]) == USER_FILE and not is_internal_frame(frame)


def is_internal_frame(frame: Frame) -> bool:
    path = _path(frame[0])
    return any(part in path for part in _INTERNAL_PARTS) or path.startswith(_INTERNAL_PREFIXES)


def _is_launch_frame(frame: Frame) -> bool:
    path = _path(frame[0])
    if path.endswith("/tilelang/jit/kernel.py") and frame[2] == "__call__":
        return True
    return any(part in path for part in _LAUNCH_FILES)


def _is_tilelang_frame(frame: Frame) -> bool:
    return "/tilelang/" in _path(frame[0])


def is_compile_failure(frames: Sequence[Frame]) -> bool:
    """Whether the exception came out of TileLang building or compiling a kernel (not out of
    a compiled kernel's call, nor out of code that never entered TileLang)."""
    users = [i for i, f in enumerate(frames) if is_user_frame(f)]
    after = frames[users[-1] + 1 :] if users else frames
    if any(_is_launch_frame(f) for f in after):
        return False
    return any(_is_tilelang_frame(f) and not _is_launch_frame(f) for f in frames)


def nvcc_errors(message: str) -> list[str]:
    """nvcc's error lines (with the source line and caret it prints under each) from the text
    TileLang raises when nvcc fails: the generated source, 'Compilation error:', nvcc's output,
    'Command: ...'. The generated file's temporary path is replaced by ``kernel.cu``."""
    if "Compilation error:" not in message:
        return []
    output = message.split("Compilation error:", 1)[1].split("\nCommand:", 1)[0]
    lines = output.splitlines()
    found: list[str] = []
    for k, raw in enumerate(lines):
        match = _NVCC_ERROR.match(raw.strip())
        if match is None:
            continue
        name = match["file"].rsplit("/", 1)[-1]
        where = "kernel.cu" if name.startswith("tvm_kernels") else name
        found.append(f"{where}({match['line']}): {match['what']}")
        found += [ln.rstrip()[:300] for ln in lines[k + 1 : k + 3] if ln.strip()]
    if not found and "error" in output:
        found = [ln.strip()[:300] for ln in output.splitlines() if " error" in ln][:10]
    return found[:30]


def span_line(message: str) -> int | None:
    """The line of the user's file that TileLang's own location marker names
    (``--> /job/solution.py:21:5``), if any."""
    for match in _SPAN.finditer(message):
        if file_name(match["file"]) == USER_FILE:
            return int(match["line"])
    return None


def headline(exc_type: str, message: str) -> str:
    """``Type: first line`` of the message; for nvcc, its first error instead of the
    generated source that opens TileLang's message."""
    errors = nvcc_errors(message)
    if errors:
        first = errors[0].split(": ", 1)[-1]
        return f"nvcc could not compile the generated CUDA: {first}"
    text = _SPAN.sub("", message).strip()
    first = text.splitlines()[0].strip() if text else ""
    return f"{exc_type}: {first[:300]}" if first else exc_type


def hint(message: str) -> str:
    """A line that says what usually causes a TileLang error in a ``solve``, or ''."""
    text = message.lower()
    if "dtype mismatch" in text:
        return (
            "Hint: a kernel's T.Tensor dtypes must be those of the tensors solve receives "
            "(f32 is T.float32, f16 T.float16, i32 T.int32)."
        )
    if "mismatch" in text and ("shape" in text or "ndim" in text or "stride" in text):
        return (
            "Hint: a kernel's T.Tensor shapes must be those of the tensors it is called with: "
            "flat inputs arrive 1-D, and a size that changes between tests is a T.dynamic one."
        )
    if "device_type mismatch" in text or "expected cuda" in text:
        return "Hint: TileLang kernels take CUDA tensors; solve receives them on the GPU."
    return ""


def describe(
    exc_type: str, message: str, frames: Sequence[Frame], compiling: bool | None = None
) -> tuple[bool, str, str]:
    """(compile failure?, one-line summary, text for the report) of an exception raised in a
    TileLang solution (``compiling``: decided by the caller, else from the frames). The text
    is a traceback of the user's frames only; a compile failure's text adds nvcc's errors and
    ends with the summary, which names the user's line."""
    compile_failure = is_compile_failure(frames) if compiling is None else compiling
    user = [f for f in frames if is_user_frame(f)]
    span = span_line(message)
    if span is not None and (not user or user[-1][1] != span):
        filename = user[-1][0] if user else USER_FILE
        user = [*user, (filename, span, "kernel", "")]
    head = headline(exc_type, message)
    extra = hint(message)
    lines = ["Traceback (most recent call last):\n", *format_frames(user)] if user else []
    errors = nvcc_errors(message)
    if errors:
        lines.append(head + "\n")
        lines += [ln + "\n" for ln in errors]
    else:  # the whole message (TileLang's can span lines), without location markers
        body = _SPAN.sub("", message).strip()[:MAX_MESSAGE_CHARS]
        lines.append(f"{exc_type}: {body}\n" if body else f"{exc_type}\n")
    if extra:
        lines.append(extra + "\n")
    where = f" ({USER_FILE}, line {user[-1][1]})" if user else ""
    if compile_failure:
        summary = f"TileLang could not compile the kernel{where}: {head}"
        lines.append(summary + "\n")
    else:
        summary = head + (f" ({extra})" if extra else "")
    text = "".join(lines)
    return compile_failure, summary, keep_end(text)


def raised_compiling(exc: BaseException) -> bool:
    return is_compile_failure(frames_of(exc))


def error_reply(exc: BaseException, where: str, kind: str) -> dict:
    """The child's reply for an exception of a TileLang solution: ``kind`` is
    ``compile_error`` for a failure :func:`raised_compiling` (the text is the compile log,
    its last line the verdict's message), else the child's kind (exception, memory, cuda)."""
    compiling = kind == "compile_error"
    _, summary, text = describe(type(exc).__name__, str(exc), frames_of(exc), compiling)
    return compiler_error_reply(kind, where, summary, text)


def boot(device: str) -> None:
    """TileLang imported before the user's module (its import takes seconds and must not be
    blamed on the solution), on a GPU only."""
    if device != "cuda":
        raise RuntimeError(
            f"TileLang solutions run on GPU workers only (device 'cuda'), not on '{device}'"
        )
    import tilelang  # noqa: F401, PLC0415
