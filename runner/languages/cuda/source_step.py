"""The CPU emulation's source step: what the host C++ compiler cannot read in a .cu file is
rewritten in place, every token staying on its line, so that the compiler's and the runtime's
messages name the user's lines.

- ``K<<<g, b, smem, stream>>>(args)`` becomes
  ``[&](auto&&... kj_a) { K(kj_a...); } | ::kj::cfg("K", __LINE__, g, b, smem, stream)(args)``:
  the call ``cfg(...)(args)`` binds first and packs the arguments, ``|`` launches (see
  emu/include/kj/core.h). A lambda rather than a pointer to ``K``, so that template kernels whose
  last parameters are deduced (``reduce<256><<<...>>>(in, out)``) work as they do with nvcc.
- ``__shared__`` becomes ``static thread_local`` (a block runs wholly on one worker OS thread).
- ``extern __shared__ T name[];`` becomes a pointer to the block's dynamic shared memory.

``unsupported`` names the first construct the emulation does not run (one sentence), found
with comments and string literals left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def code_mask(src: str) -> list[bool]:
    """For every character: True where it is code (not in a comment, string or char literal)."""
    mask = [True] * len(src)
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            while j > 0 and src[j - 1] == "\\" and j < n:  # a comment continued by a backslash
                k = src.find("\n", j + 1)
                j = n if k < 0 else k
            end = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            end = n if j < 0 else j + 2
        elif c == "R" and src.startswith('R"', i) and (i == 0 or not _ident(src[i - 1])):
            m = re.match(r'R"([^()\\\s]{0,16})\(', src[i:])
            if not m:
                i += 1
                continue
            close = ")" + m.group(1) + '"'
            j = src.find(close, i + m.end())
            end = n if j < 0 else j + len(close)
        elif c in "\"'":
            if c == "'" and i > 0 and src[i - 1].isalnum() and _in_number(src, i):
                i += 1  # a digit separator (1'000'000)
                continue
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            end = min(j + 1, n)
        else:
            i += 1
            continue
        for k in range(i, end):
            if src[k] != "\n":
                mask[k] = False
        i = end
    return mask


def _ident(c: str) -> bool:
    return c.isalnum() or c == "_"


def _in_number(src: str, i: int) -> bool:
    j = i - 1
    while j >= 0 and (src[j].isalnum() or src[j] in "'."):
        j -= 1
    return src[j + 1].isdigit()


def blank(src: str, mask: list[bool]) -> str:
    """The source with every non-code character (but newlines) replaced by a space."""
    return "".join(c if ok or c == "\n" else " " for c, ok in zip(src, mask, strict=True))


@dataclass
class Scope:
    kind: str  # "function", "class", "namespace", "init"
    header: str  # the code before its "{", for a function: its declaration
    root: str  # the outermost function's header


def scopes(code: str) -> list[Scope | None]:
    """For every character of blanked code: the innermost scope it is in (None: file scope)."""
    out: list[Scope | None] = [None] * len(code)
    stack: list[Scope] = []
    last = 0  # start of the current statement's text
    for i, c in enumerate(code):
        out[i] = stack[-1] if stack else None
        if c == "{":
            header = code[last:i]
            outer = stack[-1] if stack else None
            if outer is not None and outer.kind == "function":
                s = Scope("function", header, outer.root)
            elif re.match(
                r"\s*(template\s*<.*>\s*)?(typedef\s+)?(struct|class|union|enum)\b", header, re.S
            ):
                s = Scope("class", header, "")
            elif re.search(r"\bnamespace\b|\bextern\s*$", header):
                s = Scope("namespace", header, "")
            elif "(" in header:
                s = Scope("function", header, header)
            elif re.search(r"[=,\[]\s*$", header):
                s = Scope("init", header, "")
            else:
                s = Scope("namespace", header, "")
            stack.append(s)
            last = i + 1
        elif c == "}":
            if stack:
                stack.pop()
            last = i + 1
        elif c == ";":
            last = i + 1
        elif c == "#" and (i == 0 or code[code.rfind("\n", 0, i) + 1 : i].strip() == ""):
            last = code.find("\n", i) + 1 or len(code)
    return out


def in_function(scope: Scope | None) -> bool:
    return scope is not None and scope.kind == "function"


def _matching_close(code: str, start: int) -> int:
    """Index of the ``>>>`` that closes the ``<<<`` ending at ``start`` (paren depth 0), or -1."""
    depth = 0
    i = start
    while i < len(code):
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return -1
        elif depth == 0 and code.startswith(">>>", i):
            return i
        elif c == ";" and depth == 0:
            return -1
        i += 1
    return -1


def _kernel_start(code: str, end: int) -> int:
    """Start of the kernel expression that ends just before ``end`` (``ns::K<T, 4>``, ``K``)."""
    i = end
    while True:
        while i > 0 and code[i - 1] in " \t\r\n":
            i -= 1
        if i > 0 and code[i - 1] == ">":  # template arguments
            depth = 0
            j = i - 1
            while j >= 0:
                if code[j] == ">":
                    depth += 1
                elif code[j] == "<":
                    depth -= 1
                    if depth == 0:
                        break
                j -= 1
            if j < 0:
                return i
            i = j
            while i > 0 and code[i - 1] in " \t":
                i -= 1
        elif i > 0 and code[i - 1] == ")":  # (*fn) or (kernel)
            depth = 0
            j = i - 1
            while j >= 0:
                depth += code[j] == ")"
                depth -= code[j] == "("
                if depth == 0:
                    break
                j -= 1
            return max(j, 0)
        j = i
        while j > 0 and _ident(code[j - 1]):
            j -= 1
        if j == i:
            return i
        i = j
        k = i
        while k > 0 and code[k - 1] in " \t":
            k -= 1
        if k >= 2 and code[k - 2 : k] == "::":
            i = k - 2
            if code[max(0, i - 8) : i].rstrip().endswith("template"):
                i = code.rfind("template", 0, i)
            continue
        return i


def launches(code: str) -> list[tuple[int, int, int]]:
    """(kernel start, ``<<<`` index, ``>>>`` index) of every launch in blanked code."""
    found = []
    for m in re.finditer(r"<<<", code):
        open_at = m.start()
        if found and open_at < found[-1][2] + 3:
            continue
        close = _matching_close(code, open_at + 3)
        if close < 0:
            continue
        start = _kernel_start(code, open_at)
        if start == open_at:
            continue
        found.append((start, open_at, close))
    return found


_EXTERN_SHARED = re.compile(
    r"\bextern\s+__shared__\s+(?P<type>[^;\[\]{}()]*?(?:\([^;()]*\)[^;\[\]{}()]*?)*)"
    r"\s*\b(?P<name>[A-Za-z_]\w*)\s*\[\s*\]\s*;"
)
_ATTRS = re.compile(r"__align__\s*\([^)]*\)|alignas\s*\([^)]*\)|__attribute__\s*\(\(.*?\)\)")


def rewrite(source: str) -> str:
    """The source with launches and shared memory in the emulation's terms, same lines."""
    mask = code_mask(source)
    code = blank(source, mask)
    where = scopes(code)
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) on the original text
    for start, open_at, close in launches(code):
        kernel = " ".join(code[start:open_at].split())
        label = kernel.replace("\\", "\\\\").replace('"', '\\"')
        edits.append((start, start, "[&](auto&&... kj_a) { "))
        edits.append((open_at, open_at + 3, f'(kj_a...); }} | ::kj::cfg("{label}", __LINE__, '))
        edits.append((close, close + 3, ")"))
    for m in _EXTERN_SHARED.finditer(code):
        ctype = " ".join(_ATTRS.sub(" ", m.group("type")).split()) or "unsigned char"
        name = m.group("name")
        newlines = "\n" * source[m.start() : m.end()].count("\n")
        if in_function(where[m.start()]):
            text = f"{ctype}* const {name} = ({ctype}*)::kj::dynamic_smem();"
        else:
            text = f"static ::kj::DynamicShared<{ctype}> {name};"
        edits.append((m.start(), m.end(), text + newlines))
    taken = [(s, e) for s, e, _ in edits if e > s]
    for m in re.finditer(r"\b__shared__\b", code):
        if any(s <= m.start() < e for s, e in taken):
            continue
        before = code[: m.start()].rstrip()
        if re.search(r"\bstatic$", before):
            edits.append((m.start(), m.end(), "thread_local"))
        else:
            edits.append((m.start(), m.end(), "static thread_local"))
    out = []
    pos = 0
    for s, e, text in sorted(edits, key=lambda x: (x[0], x[1])):
        out.append(source[pos:s])
        out.append(text)
        pos = e
    out.append(source[pos:])
    return "".join(out)


def _line(code: str, index: int) -> int:
    return code.count("\n", 0, index) + 1


# (pattern on blanked code, what it is); the first match in the file is reported
_UNSUPPORTED = [
    (r"\b(?:asm|__asm__|__asm)\b\s*(?:volatile|__volatile__)?\s*\(", "inline PTX assembly (asm)"),
    (r"\bwmma\s*::|\bnvcuda\b", "warp matrix operations (nvcuda::wmma)"),
    (r"\b__hmma\w*|\bmma_sync\b", "tensor-core matrix operations (mma)"),
    (
        r"\bwgmma\w*|\bCUtensorMap\b|\bcuTensorMapEncode\w*",
        "Hopper tensor-memory operations (TMA/wgmma)",
    ),
    (
        r"\b(?:tex1D\w*|tex2D\w*|tex3D\w*|texture\s*<|cudaTextureObject_t|cudaCreateTextureObject|surf[123]D\w*|cudaSurfaceObject_t|cudaArray\w*|cudaMallocArray)\b",
        "textures and surfaces",
    ),
    (r"\bcub\s*::|\bthrust\s*::", "the cub and thrust libraries"),
    (
        r"\b(?:cublas|cudnn|cufft|curand|cusparse|cusolver|nccl)\w*",
        "the CUDA libraries (cuBLAS, cuDNN, cuFFT, cuRAND, ...)",
    ),
    (
        r"\bcudaLaunchKernel\w*|\bcudaLaunchCooperativeKernel\w*",
        "launching through cudaLaunchKernel (write kernel<<<...>>>(...) instead)",
    ),
    (r"\bthis_grid\s*\(|\bgrid_group\b", "grid-wide cooperative groups (this_grid)"),
    (r"\b__cluster_dims__\b|\bthis_cluster\s*\(|\bcluster_group\b", "thread block clusters"),
    (r"\bcudaGraph\w*|\bcudaStreamBeginCapture\b", "CUDA graphs"),
    (
        r"\b__pipeline_\w+|\bmemcpy_async\b|\bcuda\s*::\s*(?:pipeline|barrier|memcpy_async)\b",
        "asynchronous copies (memcpy_async, pipelines)",
    ),
    (
        r"\bcuda\s*::\s*std\s*::|\bcuda\s*::\s*atomic\w*",
        "the libcu++ library (cuda::std, cuda::atomic)",
    ),
    (
        r"\bcu(?:Init|Ctx\w+|Module\w+|LaunchKernel|MemAlloc\w*|DeviceGet\w*)\b",
        "the CUDA driver API (cu* functions)",
    ),
]
_UNSUPPORTED_INCLUDES = {
    "mma.h": "warp matrix operations (mma.h)",
    "cuda/": "the libcu++ library (<cuda/...>)",
    "cub/": "the cub library",
    "thrust/": "the thrust library",
    "cublas": "the cuBLAS library",
    "cudnn": "the cuDNN library",
    "cufft": "the cuFFT library",
    "curand": "the cuRAND library",
    "cusparse": "the cuSPARSE library",
    "cuda_pipeline": "asynchronous copies (cuda_pipeline.h)",
    "cuda_awbarrier": "asynchronous barriers (cuda_awbarrier.h)",
    "cooperative_groups/memcpy_async": "asynchronous copies (memcpy_async)",
    "cudaTypedefs": "the CUDA driver API",
    "nccl": "the NCCL library",
}


def unsupported(source: str) -> str | None:
    """One sentence naming the first construct the CPU emulation does not run and its line,
    or None when every construct is supported."""
    mask = code_mask(source)
    code = blank(source, mask)
    found: list[tuple[int, str]] = []
    for m in re.finditer(r'(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"\n]+)[>"]', source):
        if not mask[source.index("#", m.start())]:
            continue
        name = m.group(1)
        for key, what in _UNSUPPORTED_INCLUDES.items():
            if name.startswith(key) or name == key:
                found.append((m.start(), what))
                break
    for pattern, what in _UNSUPPORTED:
        m = re.search(pattern, code)
        if m:
            found.append((m.start(), what))
    where = scopes(code)
    for start, open_at, _close in launches(code):
        scope = where[open_at]
        if (
            in_function(scope)
            and re.search(r"\b__global__\b|\b__device__\b", scope.root)
            and not re.search(r"\b__host__\b", scope.root)
        ):
            found.append((start, "dynamic parallelism (a kernel launched from device code)"))
            break
    if not found:
        return None
    index, what = min(found)
    return (
        f"solution.cu:{_line(code, index)}: {what[0].upper()}{what[1:]} is not supported by the "
        "CPU emulation of CUDA; run this solution on a GPU worker or write it without that construct."
    )
