"""Reading what the tools print: resource usage, ``ptxas -v``, PTX entries and their launch
bounds, SASS (with source lines from nvdisasm, without from cuobjdump), grouped by line."""

from __future__ import annotations

import re

from runner.supervisor.compile import USER_FILE

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


def short_name(mangled: str) -> str:
    """The identifier in an Itanium-mangled name (``_Z10vector_addPKfS0_Pfi`` -> vector_add),
    used when c++filt is missing."""
    m = re.match(r"_Z(?:N\d*)?(\d+)", mangled)
    if not m:
        return mangled
    n, start = int(m.group(1)), m.end()
    return mangled[start : start + n] or mangled
