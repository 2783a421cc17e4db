"""One inspection: compile as judging does, take the binary apart, and assemble the
JSON-ready report (``schema`` = ``SCHEMA_VERSION``; the fields are in docs/profiling.md)."""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from pathlib import Path

from runner.contract import languages
from runner.supervisor.compile import compile_cuda, nvcc_path
from runner.supervisor.language import OTHER_LANGUAGE_MESSAGE, plugin
from runner.tools.occupancy import limits_for, occupancy_table

from .parse import (
    group_by_source_line,
    parse_cuobjdump_sass,
    parse_nvdisasm,
    parse_ptxas_verbose,
    parse_res_usage,
    ptx_launch_bounds,
    short_name,
    split_ptx_entries,
)
from .tools import TOOLS_TIMEOUT_S, locate_tools, read_capped, run_tools

SCHEMA_VERSION = 1
DEFAULT_ARCH = "sm_90"
PTX_CAP = 1 << 20  # characters of PTX kept per kernel
SASS_CAP = 20_000  # instructions kept per kernel
MAX_KERNELS = 64  # kernels described (template instantiations can make hundreds)
ARCH_RE = re.compile(r"sm_\d{2,3}[af]?")


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
    if language in languages.RECORDS:  # a language's plug-in says why it cannot be inspected
        refusal = plugin(language).inspect_refusal()
    else:
        refusal = OTHER_LANGUAGE_MESSAGE.format(language=language), False
    if refusal is not None:
        message, gpu_required = refusal
        return _result(False, message, language=language, gpu_required=gpu_required)
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
    tools = locate_tools()
    if tools["cuobjdump"] is None:
        return _result(
            False,
            "cuobjdump was not found (CUDA toolkit binary utilities): the binary compiled "
            "but cannot be taken apart on this host.",
            arch=arch, compile_log=res.log, tools=tools, phases=phases, unavailable=True,
        )  # fmt: skip
    tdir = job_dir / "inspect"
    t1 = time.monotonic()
    out = run_tools(res.so_path, tdir, arch, tools, tools_timeout_s)
    phases["tools_s"] = round(time.monotonic() - t1, 3)
    if out.timed_out:
        return _result(
            False,
            f"Taking the binary apart did not finish within {tools_timeout_s:g} s.",
            arch=arch, compile_log=res.log, tools=tools, phases=phases, timed_out=True,
        )  # fmt: skip
    kernels = _kernels_from(tdir, arch, source)
    phases["total_s"] = round(time.monotonic() - t0, 3)
    errors = read_capped(tdir / "errors.txt", 64 * 1024).strip()
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
    res_usage = parse_res_usage(read_capped(tdir / "res.txt"))
    ptxas = parse_ptxas_verbose(read_capped(tdir / "ptxas.txt"))
    ptx_text = ""
    ptx_dir = tdir / "ptx"
    if ptx_dir.is_dir() and not ptx_dir.is_symlink():
        for p in sorted(ptx_dir.iterdir()):
            if p.suffix == ".ptx":
                ptx_text += read_capped(p) + "\n"
    ptx_entries = split_ptx_entries(ptx_text)
    sass = parse_nvdisasm(read_capped(tdir / "sass.txt"))
    plain = parse_cuobjdump_sass(read_capped(tdir / "sass_plain.txt"))
    mangled = read_capped(tdir / "mangled.txt").splitlines()
    demangled = read_capped(tdir / "demangled.txt").splitlines()
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
                "name": names.get(name) or short_name(name),
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
