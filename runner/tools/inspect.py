"""See inside a CUDA solution: PTX, SASS with source lines, resource usage and theoretical
occupancy of each kernel, without a GPU.

The source is compiled exactly as for judging (runner.supervisor.compile.compile_cuda: nvcc in the
sandbox, with -lineinfo, the same flags, limits and cache). The binary is then taken apart
by NVIDIA's tools in one more sandboxed run (no network, read-only root, only the job's tool
directory writable, wall-clock limit):

- ``cuobjdump -xelf all`` / ``-xptx all``: the cubin and the PTX embedded in the binary;
- ``nvdisasm -g -c``: SASS of each kernel, with the source line that -lineinfo gives each
  instruction; a kernel nvdisasm could not show falls back to ``cuobjdump -sass`` (no lines);
- ``cuobjdump -res-usage``: registers, stack, shared, local and constant memory per kernel;
- ``ptxas -v`` on the embedded PTX (the same ptxas and options nvcc used): the spill stores
  and loads, and the barriers (this is what ``-Xptxas -v`` prints during the compile);
- ``c++filt``: readable kernel names.

Triton solutions are compiled by Triton at their first launch, on a GPU host, so their
PTX/SASS cannot be produced here (see docs/profiling.md).

Usage: ``inspect_source(source, arch="sm_90")`` -> a JSON-ready dict; the command line is
``python -m runner inspect PROBLEM_DIR SOURCE --language cuda [--arch sm_90] [--json]``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path

from runner.contract import LANGUAGES, ProblemSpec, SpecError
from runner.sandbox.process import base_env, run_capture

# Other runner modules: every import of them is here (one place to re-point).
from runner.supervisor.compile import USER_FILE, compile_cuda, nvcc_path, nvcc_version
from runner.tools.occupancy import limits_for, occupancy_table

SCHEMA_VERSION = 1
DEFAULT_ARCH = "sm_90"
TOOLS_TIMEOUT_S = 60.0
TOOL_OUTPUT_CAP = 16 << 20  # bytes read back from each file the tools wrote
PTX_CAP = 1 << 20  # characters of PTX kept per kernel
SASS_CAP = 20_000  # instructions kept per kernel
MAX_KERNELS = 64  # kernels described (template instantiations can make hundreds)
ARCH_RE = re.compile(r"sm_\d{2,3}[af]?")
TRITON_MESSAGE = (
    "Triton kernels are compiled by Triton when they are first launched, on a GPU host: "
    "their PTX and SASS do not exist before that, so inspect cannot show them on a machine "
    "without a GPU. Inspect supports CUDA C++ solutions (see docs/profiling.md)."
)
OTHER_LANGUAGE_MESSAGE = (
    "Inspect shows the compiled kernels of CUDA C++ solutions; the kernels of a {language} "
    "solution are library kernels or are built while it runs, on a GPU host, so there is "
    "nothing to take apart before that."
)

# One sandboxed run of the tools; file names are fixed, the tool paths come in the env.
TOOLS_SCRIPT = r"""
exec 2>>errors.txt
"$CUOBJDUMP" -res-usage solution.so > res.txt
"$CUOBJDUMP" -lelf solution.so > elf_list.txt
mkdir ptx elf
(cd ptx && "$CUOBJDUMP" -xptx all ../solution.so >/dev/null)
(cd elf && "$CUOBJDUMP" -xelf all ../solution.so >/dev/null)
: > sass.txt
if [ -n "$NVDISASM" ]; then
  for f in elf/*.cubin; do
    [ -f "$f" ] || continue
    echo "@@@ cubin $f" >> sass.txt
    "$NVDISASM" -g -c "$f" >> sass.txt
  done
fi
"$CUOBJDUMP" -sass solution.so > sass_plain.txt
: > ptxas.txt
for f in ptx/*.ptx; do
  [ -f "$f" ] || continue
  echo "@@@ ptx $f" >> ptxas.txt
  "$PTXAS" -arch="$ARCH" -m64 -v --generate-line-info -o ptxas.cubin "$f" >> ptxas.txt 2>&1
done
grep -oh '_Z[A-Za-z0-9_$.]*' res.txt sass_plain.txt | sort -u > mangled.txt
if [ -n "$CXXFILT" ]; then "$CXXFILT" < mangled.txt > demangled.txt; fi
exit 0
"""


# -- tools ------------------------------------------------------------------------------------


def _triton_tool_dir() -> Path | None:
    """The NVIDIA tools that the triton wheel ships (cuobjdump, nvdisasm, ptxas), found
    without importing triton."""
    try:
        spec = importlib.util.find_spec("triton")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    d = Path(spec.origin).parent / "backends" / "nvidia" / "bin"
    return d if d.is_dir() else None


def find_tool(name: str) -> str | None:
    """``name`` (cuobjdump, nvdisasm, ptxas) from the CUDA toolkit of nvcc, then PATH,
    $CUDA_HOME/bin, /usr/local/cuda/bin, then the copy shipped in the triton wheel."""
    dirs: list[Path] = []
    nvcc = nvcc_path()
    if nvcc:
        dirs.append(Path(nvcc).resolve().parent)
    found = shutil.which(name)
    if found:
        dirs.append(Path(found).parent)
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root:
            dirs.append(Path(root) / "bin")
    tdir = _triton_tool_dir()
    if tdir is not None:
        dirs.append(tdir)
    for d in dirs:
        p = d / name
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    return None


def _read_capped(path: Path, cap: int = TOOL_OUTPUT_CAP) -> str:
    """A file the sandboxed tools wrote: a regular file only (no symlink followed), capped."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(cap)
    finally:
        os.close(fd)
    return data.decode(errors="replace")


# -- parsing ----------------------------------------------------------------------------------

_RES_FN = re.compile(r"^\s*Function\s+(\S+?):\s*$")
_RES_KV = re.compile(r"([A-Z]+(?:\[\d+\])?):(\d+)")


def parse_res_usage(text: str) -> dict[str, dict]:
    """``cuobjdump -res-usage``: {mangled: {registers, stack, shared, local, constant:{bank:n},
    texture, surface, sampler}}."""
    out: dict[str, dict] = {}
    current = None
    for line in text.splitlines():
        m = _RES_FN.match(line)
        if m:
            current = m.group(1)
            continue
        if current and "REG:" in line:
            res: dict = {"constant": {}}
            for key, val in _RES_KV.findall(line):
                if key.startswith("CONSTANT"):
                    res["constant"][key[len("CONSTANT[") : -1]] = int(val)
                else:
                    res[key.lower()] = int(val)
            out[current] = {
                "registers": res.get("reg", 0),
                "stack": res.get("stack", 0),
                "shared": res.get("shared", 0),
                "local": res.get("local", 0),
                "constant": res["constant"],
                "texture": res.get("texture", 0),
                "surface": res.get("surface", 0),
                "sampler": res.get("sampler", 0),
            }
            current = None
    return out


_PTXAS_ENTRY = re.compile(r"Compiling entry function '([^']+)'")
_PTXAS_PROPS = re.compile(r"Function properties for (\S+)")
_PTXAS_FRAME = re.compile(
    r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads"
)
_PTXAS_USED = re.compile(r"Used (\d+) registers")
_PTXAS_BARRIERS = re.compile(r"used (\d+) barriers")
_PTXAS_SMEM = re.compile(r"(\d+) bytes smem")
_PTXAS_CMEM = re.compile(r"(\d+) bytes cmem\[(\d+)\]")


def parse_ptxas_verbose(text: str) -> dict[str, dict]:
    """``ptxas -v`` (or nvcc ``-Xptxas -v``): {function: {stack_frame, spill_stores,
    spill_loads, registers, barriers, shared, constant:{bank:n}, entry}}."""
    out: dict[str, dict] = {}
    entries: set[str] = set()
    current = None
    for line in text.splitlines():
        m = _PTXAS_ENTRY.search(line)
        if m:
            entries.add(m.group(1))
            current = m.group(1)
            out.setdefault(current, {})
            continue
        m = _PTXAS_PROPS.search(line)
        if m:
            current = m.group(1)
            out.setdefault(current, {})
            continue
        if current is None:
            continue
        m = _PTXAS_FRAME.search(line)
        if m:
            out[current].update(
                stack_frame=int(m.group(1)),
                spill_stores=int(m.group(2)),
                spill_loads=int(m.group(3)),
            )
            continue
        m = _PTXAS_USED.search(line)
        if m:
            d = out[current]
            d["registers"] = int(m.group(1))
            b = _PTXAS_BARRIERS.search(line)
            if b:
                d["barriers"] = int(b.group(1))
            s = _PTXAS_SMEM.search(line)
            d["shared"] = int(s.group(1)) if s else 0
            d["constant"] = {bank: int(n) for n, bank in _PTXAS_CMEM.findall(line)}
    for name, d in out.items():
        d["entry"] = name in entries
    return out


_PTX_ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+|\.extern\s+)*\.entry\s+([\w$.]+)")
_PTX_MAXNTID = re.compile(r"\.maxntid\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?")
_PTX_REQNTID = re.compile(r"\.reqntid\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?")
_PTX_MINCTA = re.compile(r"\.minnctapersm\s+(\d+)")
_PTX_MAXNREG = re.compile(r"\.maxnreg\s+(\d+)")


def split_ptx_entries(ptx: str) -> dict[str, str]:
    """The text of each ``.entry`` of a PTX module (from its line to its closing brace)."""
    lines = ptx.splitlines()
    out: dict[str, str] = {}
    i = 0
    while i < len(lines):
        m = _PTX_ENTRY.match(lines[i])
        if not m:
            i += 1
            continue
        name, start, depth, seen = m.group(1), i, 0, False
        while i < len(lines):
            depth += lines[i].count("{") - lines[i].count("}")
            seen = seen or "{" in lines[i]
            i += 1
            if seen and depth <= 0:
                break
        out[name] = "\n".join(lines[start:i])
    return out


def _product(m: re.Match | None) -> int | None:
    if not m:
        return None
    n = 1
    for g in m.groups():
        if g:
            n *= int(g)
    return n


def ptx_launch_bounds(entry_text: str) -> dict:
    """__launch_bounds__ as PTX records them (the directives between the parameter list and
    the body): max_threads (.maxntid or .reqntid), min_blocks_per_sm (.minnctapersm),
    max_registers (.maxnreg); None where absent."""
    head = entry_text.split("{", 1)[0]
    return {
        "max_threads": _product(_PTX_MAXNTID.search(head)) or _product(_PTX_REQNTID.search(head)),
        "min_blocks_per_sm": int(m.group(1)) if (m := _PTX_MINCTA.search(head)) else None,
        "max_registers": int(m.group(1)) if (m := _PTX_MAXNREG.search(head)) else None,
    }


_SASS_FN_HEADER = re.compile(r"^\s*\.section\s+\.text\.([\w$.]+)")
_SASS_FILE_LINE = re.compile(r'//##\s*File\s+"([^"]*)",\s*line\s+(\d+)')
_SASS_INSTR = re.compile(r"^\s*/\*([0-9a-fA-F]{4,})\*/\s+(.*?)\s*(?:/\*.*\*/\s*)?$")


def _source_file(path: str) -> str:
    base = path.rsplit("/", 1)[-1]
    if base in (USER_FILE, "kerneljudge_unit.cu"):
        return base
    return path


def parse_nvdisasm(text: str) -> dict[str, list[dict]]:
    """``nvdisasm -g -c`` listing: {function: [{offset, text, file, line}]}; file/line are
    those of the last ``//## File "...", line N`` note before the instruction (None before
    any note)."""
    out: dict[str, list[dict]] = {}
    current: list[dict] | None = None
    file = None
    line = None
    for raw in text.splitlines():
        m = _SASS_FN_HEADER.match(raw)
        if m:
            current = out.setdefault(m.group(1), [])
            file = line = None
            continue
        if raw.startswith("@@@ cubin") or raw.lstrip().startswith("//----------"):
            if "SYMBOLS" in raw or raw.startswith("@@@"):
                current = None
            continue
        if current is None:
            continue
        m = _SASS_FILE_LINE.search(raw)
        if m:
            file, line = _source_file(m.group(1)), int(m.group(2))
            continue
        m = _SASS_INSTR.match(raw)
        if m:
            instr = m.group(2).strip().rstrip(";").rstrip()
            current.append(
                {"offset": int(m.group(1), 16), "text": instr, "file": file, "line": line}
            )
    return out


_CUOBJ_FN = re.compile(r"^\s*Function\s*:\s*(\S+)")


def parse_cuobjdump_sass(text: str) -> dict[str, list[dict]]:
    """``cuobjdump -sass``: {function: [{offset, text, file: None, line: None}]}."""
    out: dict[str, list[dict]] = {}
    current: list[dict] | None = None
    for raw in text.splitlines():
        m = _CUOBJ_FN.match(raw)
        if m:
            current = out.setdefault(m.group(1), [])
            continue
        if current is None:
            continue
        m = _SASS_INSTR.match(raw)
        if m and m.group(2).strip():
            current.append(
                {"offset": int(m.group(1), 16), "text": m.group(2).strip().rstrip(";").rstrip(),
                 "file": None, "line": None}
            )  # fmt: skip
    return out


def group_by_source_line(instructions: list[dict], source_lines: list[str]) -> list[dict]:
    """Consecutive instructions of one source line, in address order:
    [{file, line, source, instructions: [{offset, text}]}] (source: the line's text when it
    is in the submitted file)."""
    groups: list[dict] = []
    for ins in instructions:
        key = (ins.get("file"), ins.get("line"))
        if not groups or (groups[-1]["file"], groups[-1]["line"]) != key:
            file, line = key
            text = None
            if file == USER_FILE and line and 1 <= line <= len(source_lines):
                text = source_lines[line - 1]
            groups.append({"file": file, "line": line, "source": text, "instructions": []})
        groups[-1]["instructions"].append({"offset": ins["offset"], "text": ins["text"]})
    return groups


def _short_name(mangled: str) -> str:
    """The identifier in an Itanium-mangled name (``_Z10vector_addPKfS0_Pfi`` -> vector_add),
    used when c++filt is missing."""
    m = re.match(r"_Z(?:N\d*)?(\d+)", mangled)
    if not m:
        return mangled
    n, start = int(m.group(1)), m.end()
    return mangled[start : start + n] or mangled


def _release_line(version_text: str) -> str:
    lines = version_text.splitlines()
    return next((ln for ln in lines if "release" in ln), lines[-1] if lines else "")


# -- the inspection ---------------------------------------------------------------------------


def _result(ok: bool, message: str, **fields) -> dict:
    base = {
        "schema": SCHEMA_VERSION,
        "ok": ok,
        "message": message,
        "language": "cuda",
        "arch": DEFAULT_ARCH,
        "compile_log": "",
        "timed_out": False,
        "gpu_required": False,
        "unavailable": False,  # the toolkit is missing here: try again on a host that has it
        "kernels": [],
        "tools": {},
        "phases": {},
    }
    base.update(fields)
    return base


def inspect_source(
    source: str,
    language: str = "cuda",
    arch: str = DEFAULT_ARCH,
    *,
    compile_timeout_s: float = 60.0,
    tools_timeout_s: float = TOOLS_TIMEOUT_S,
    work_dir: Path | None = None,
) -> dict:
    """Compile ``source`` as judging does and describe each kernel of the binary. Returns a
    JSON-ready dict with ``ok``, ``message``, ``compile_log`` and ``kernels`` (see
    docs/profiling.md for the fields). Never raises for what the source contains."""
    language = (language or "cuda").lower()
    if language == "triton":
        return _result(False, TRITON_MESSAGE, language=language, gpu_required=True)
    if language != "cuda":
        return _result(False, OTHER_LANGUAGE_MESSAGE.format(language=language), language=language)
    if not ARCH_RE.fullmatch(arch or ""):
        return _result(False, f"Unknown architecture {arch!r} (expected e.g. sm_90).", arch=arch)
    own_dir = work_dir is None
    job_dir = Path(tempfile.mkdtemp(prefix="kj-inspect-")) if own_dir else Path(work_dir)
    try:
        return _inspect_in(source, arch, job_dir, compile_timeout_s, tools_timeout_s)
    finally:
        if own_dir:
            shutil.rmtree(job_dir, ignore_errors=True)


def _inspect_in(
    source: str, arch: str, job_dir: Path, compile_timeout_s: float, tools_timeout_s: float
) -> dict:
    t0 = time.monotonic()
    if nvcc_path() is None:
        return _result(
            False, "nvcc was not found on this host: inspect needs the CUDA toolkit.",
            arch=arch, unavailable=True,
        )  # fmt: skip
    res = compile_cuda(source, job_dir, arch, compile_timeout_s)
    phases = {"compile_s": round(res.seconds, 3)}
    if not res.ok:
        msg = (
            f"Compilation did not finish within the {compile_timeout_s:g} s limit."
            if res.timed_out
            else "Compilation failed."
        )
        return _result(
            False, msg, arch=arch, compile_log=res.log, timed_out=res.timed_out, phases=phases
        )
    cuobjdump, nvdisasm, ptxas = find_tool("cuobjdump"), find_tool("nvdisasm"), find_tool("ptxas")
    cxxfilt = shutil.which("cu++filt") or shutil.which("c++filt") or ""
    nvcc = nvcc_path() or ""
    tools = {
        "nvcc": _release_line(nvcc_version(nvcc)) if nvcc else None,
        "cuobjdump": cuobjdump,
        "nvdisasm": nvdisasm,
        "ptxas": ptxas,
        "cxxfilt": cxxfilt or None,
    }
    if cuobjdump is None:
        return _result(
            False,
            "cuobjdump was not found (CUDA toolkit binary utilities): the binary compiled "
            "but cannot be taken apart on this host.",
            arch=arch, compile_log=res.log, tools=tools, phases=phases, unavailable=True,
        )  # fmt: skip
    tdir = job_dir / "inspect"
    tdir.mkdir(exist_ok=True)
    shutil.copyfile(res.so_path, tdir / "solution.so")
    (tdir / "inspect.sh").write_text(TOOLS_SCRIPT)
    env = base_env(
        {
            "TMPDIR": str(tdir),
            "CUOBJDUMP": cuobjdump,
            "NVDISASM": nvdisasm or "",
            "PTXAS": ptxas or "",
            "CXXFILT": cxxfilt,
            "ARCH": arch,
        }
    )
    t1 = time.monotonic()
    out = run_capture(
        ["/bin/sh", "inspect.sh"],
        tdir,
        timeout_s=tools_timeout_s,
        env=env,
        cap_bytes=64 * 1024,
        python=True,  # the tools may be the copies inside the Python environment (triton)
    )
    phases["tools_s"] = round(time.monotonic() - t1, 3)
    if out.timed_out:
        return _result(
            False,
            f"Taking the binary apart did not finish within {tools_timeout_s:g} s.",
            arch=arch, compile_log=res.log, tools=tools, phases=phases, timed_out=True,
        )  # fmt: skip
    kernels = _kernels_from(tdir, arch, source)
    phases["total_s"] = round(time.monotonic() - t0, 3)
    errors = _read_capped(tdir / "errors.txt", 64 * 1024).strip()
    message = f"{len(kernels)} kernel(s) compiled for {arch}."
    if len(kernels) > MAX_KERNELS:
        message = f"{len(kernels)} kernels compiled for {arch}; the first {MAX_KERNELS} shown."
        kernels = kernels[:MAX_KERNELS]
    if not kernels:
        message = "The solution compiled, but its binary has no kernel (__global__ function)."
    return _result(
        True,
        message,
        arch=arch,
        compile_log=res.log,
        tools=tools,
        phases=phases,
        kernels=kernels,
        tool_errors=errors[-4000:],
        compile_cached=res.cached,
    )


def _kernels_from(tdir: Path, arch: str, source: str) -> list[dict]:
    res_usage = parse_res_usage(_read_capped(tdir / "res.txt"))
    ptxas = parse_ptxas_verbose(_read_capped(tdir / "ptxas.txt"))
    ptx_text = ""
    ptx_dir = tdir / "ptx"
    if ptx_dir.is_dir() and not ptx_dir.is_symlink():
        for p in sorted(ptx_dir.iterdir()):
            if p.suffix == ".ptx":
                ptx_text += _read_capped(p) + "\n"
    ptx_entries = split_ptx_entries(ptx_text)
    sass = parse_nvdisasm(_read_capped(tdir / "sass.txt"))
    plain = parse_cuobjdump_sass(_read_capped(tdir / "sass_plain.txt"))
    mangled = _read_capped(tdir / "mangled.txt").splitlines()
    demangled = _read_capped(tdir / "demangled.txt").splitlines()
    names = dict(zip(mangled, demangled, strict=False)) if len(mangled) == len(demangled) else {}
    source_lines = source.splitlines()
    # kernels: the entries of the PTX, else the functions cuobjdump reports resources for
    order = list(ptx_entries) or [n for n in res_usage if ptxas.get(n, {}).get("entry", True)]
    kernels = []
    for name in order:
        if name not in res_usage and name not in ptxas and name not in ptx_entries:
            continue
        r = res_usage.get(name, {})
        v = ptxas.get(name, {})
        entry = ptx_entries.get(name, "")
        bounds = ptx_launch_bounds(entry) if entry else {}
        instrs = list(sass.get(name, []))
        sass_source = "nvdisasm"
        if not instrs and plain.get(name):
            instrs, sass_source = plain[name], "cuobjdump"
        # the trailing BRA-to-self and NOP padding after the last EXIT carry no line
        while instrs and instrs[-1]["text"] == "NOP":
            instrs.pop()
        truncated = len(instrs) > SASS_CAP
        instrs = instrs[:SASS_CAP]
        registers = r.get("registers", v.get("registers", 0))
        shared = r.get("shared", v.get("shared", 0))
        constant = r.get("constant") or v.get("constant") or {}
        max_threads = bounds.get("max_threads") or 1024
        occ_arch = limits_for(arch)
        occ = occupancy_table(
            arch, registers, shared, max_threads_per_block=bounds.get("max_threads")
        )
        kernels.append(
            {
                "name": names.get(name) or _short_name(name),
                "mangled": name,
                "registers": registers,
                "shared_static_bytes": shared,
                "local_bytes": r.get("local", 0),
                "stack_frame_bytes": v.get("stack_frame", r.get("stack", 0)),
                "spill_store_bytes": v.get("spill_stores"),
                "spill_load_bytes": v.get("spill_loads"),
                "barriers": v.get("barriers"),
                "constant_bytes": sum(constant.values()),
                "constant_banks": constant,
                "max_threads_per_block": max_threads,
                "launch_bounds": bounds or None,
                "local_memory_instructions": sum(
                    1 for i in instrs if re.match(r"(@!?U?P\w+\s+)?(STL|LDL)\b", i["text"])
                ),
                "occupancy": occ,
                "occupancy_note": (
                    None
                    if occ_arch
                    else f"no occupancy table for {arch}; known: sm_80, sm_86, sm_89, sm_90, sm_100"
                ),
                "ptx": entry[:PTX_CAP],
                "ptx_truncated": len(entry) > PTX_CAP,
                "sass": instrs,
                "sass_truncated": truncated,
                "sass_source": sass_source if instrs else None,
                "sass_by_line": group_by_source_line(instrs, source_lines),
            }
        )
    return kernels


def render_text(report: dict) -> str:
    """A readable summary of an inspection (the command line without --json)."""
    lines = [report["message"]]
    if report.get("compile_log", "").strip():
        lines += ["", "Compiler output:", *("  " + ln for ln in report["compile_log"].splitlines())]
    for k in report.get("kernels", []):
        lines += [
            "",
            f"Kernel {k['name']}  ({k['mangled']})",
            f"  registers {k['registers']}, shared (static) {k['shared_static_bytes']} B, "
            f"stack frame {k['stack_frame_bytes']} B, local {k['local_bytes']} B, "
            f"spill stores {k['spill_store_bytes']} B, spill loads {k['spill_load_bytes']} B, "
            f"constant {k['constant_bytes']} B, max threads/block {k['max_threads_per_block']}",
        ]
        if k["occupancy"]:
            lines.append(
                "  occupancy: "
                + ", ".join(
                    f"{o['block_size']} thr {100 * o['occupancy']:.0f}% ({o['limiter']})"
                    for o in k["occupancy"]
                )
            )
        lines.append(f"  SASS: {len(k['sass'])} instructions; PTX: {len(k['ptx'])} characters")
        for g in k["sass_by_line"]:
            where = f"{g['file']}:{g['line']}" if g["line"] else "(no line)"
            src = f"  {g['source'].strip()}" if g.get("source") else ""
            lines.append(f"    {where}{src}")
            for ins in g["instructions"]:
                lines.append(f"        /*{ins['offset']:04x}*/ {ins['text']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m runner inspect PROBLEM_DIR SOURCE [--language cuda] [--arch sm_90]
    [--json]``: the problem's compile limit applies; exit 0 with a report (ok or not), 2 for
    usage errors."""
    import argparse  # noqa: PLC0415
    import json  # noqa: PLC0415
    import sys  # noqa: PLC0415

    ap = argparse.ArgumentParser(
        prog="python -m runner inspect",
        description="PTX, SASS with source lines, resource usage and occupancy of a solution",
    )
    ap.add_argument("problem_dir")
    ap.add_argument("source")
    ap.add_argument("--language", choices=list(LANGUAGES))
    ap.add_argument("--arch", default=DEFAULT_ARCH)
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code not in (0, None) else 0
    src = Path(args.source)
    if not src.is_file():
        print(f"error: {src}: no such file", file=sys.stderr)
        return 2
    try:
        problem = ProblemSpec.from_dir(args.problem_dir)
    except SpecError as exc:
        print(f"error: {args.problem_dir}: {exc}", file=sys.stderr)
        return 2
    language = args.language
    if language is None:
        text = src.read_text(errors="replace")
        language = "cuda" if src.suffix in (".cu", ".cuh") else (
            "triton" if "import triton" in text else "pytorch"
        )  # fmt: skip
    report = inspect_source(
        src.read_text(errors="replace"),
        language,
        args.arch,
        compile_timeout_s=problem.limits.compile_timeout_s,
    )
    report["problem"] = problem.slug
    print(json.dumps(report, indent=1) if args.json else render_text(report))
    return 0
