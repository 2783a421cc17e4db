"""The command line (``python -m runner inspect``) and the text it prints without --json."""

from __future__ import annotations

from pathlib import Path

from runner.contract import LANGUAGES, ProblemSpec, SpecError, language_of_source

from .report import DEFAULT_ARCH, inspect_source


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
        language = language_of_source(src.name, src.read_text(errors="replace"))
    report = inspect_source(
        src.read_text(errors="replace"),
        language,
        args.arch,
        compile_timeout_s=problem.limits.compile_timeout_s,
    )
    report["problem"] = problem.slug
    print(json.dumps(report, indent=1) if args.json else render_text(report))
    return 0
