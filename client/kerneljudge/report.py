"""Human-readable rendering of API objects for the terminal."""

from __future__ import annotations

import math
import sys
from typing import Any, TextIO


def table(rows: list[list[Any]], headers: list[str]) -> str:
    cells = [headers] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def fmt_num(value: Any) -> str:
    """3 significant digits for numbers; anything else (e.g. "inf" sent as text) as is."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:.3g}"
    return str(value)


def fmt_ms(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1:
        return f"{value * 1000:.1f} us"
    return f"{value:.3f} ms"


def rank_line(rank: int, ranked: int | None) -> str:
    """'rank 3 of 40 (top 8%)'; the share only where it says something (not for 1 of 1,
    never 'top 0%'), and just 'rank 3' from a server that does not send the board's size."""
    if not ranked:
        return f"rank {rank}"
    text = f"rank {rank} of {ranked}"
    if ranked > 1:
        text += f" (top {max(1, math.ceil(100 * rank / ranked))}%)"
    return text


def progress_line(event: dict) -> str:
    phase = event.get("phase") or event.get("status") or ""
    if phase == "testing" and event.get("total"):
        return f"testing {event.get('test')}/{event['total']}"
    if phase == "benchmarking" and event.get("total"):
        return f"benchmarking {event.get('case')}/{event['total']}"
    return str(phase)


def progress_bar(event: dict, out: TextIO = sys.stderr) -> None:
    """Redraw one status line: a bar for the tests and the benchmark, the phase in words."""
    done, total = 0, 0
    if event.get("phase") == "testing":
        done, total = int(event.get("test") or 0), int(event.get("total") or 0)
    elif event.get("phase") == "benchmarking":
        done, total = int(event.get("case") or 0), int(event.get("total") or 0)
    bar = ""
    if total:
        filled = round(20 * done / total)
        bar = "[" + "#" * filled + "." * (20 - filled) + "] "
    if out.isatty():
        out.write("\r\033[K" + bar + progress_line(event))
    else:
        out.write(bar + progress_line(event) + "\n")
    out.flush()


def submission_report(sub: dict) -> str:
    verdict = sub.get("verdict") or sub.get("status")
    lines = [
        f"Submission {sub.get('id')}: {str(verdict).replace('_', ' ').upper()}",
        f"  problem {sub.get('problem')}  language {sub.get('language')}  "
        f"device {sub.get('device')}"
        + (" (CPU emulation)" if sub.get("emulated") else "")
        + f"  mode {sub.get('mode')}",
    ]
    if sub.get("emulated"):
        lines.append(
            "  CUDA C++ judged on the CPU through KernelJudge's emulation: verdicts as on a GPU;"
            " times are the emulation's, not a GPU's, and rank on no leaderboard."
        )
    if sub.get("message"):
        lines.append(f"  {sub['message']}")
    for d in (sub.get("diagnostics") or [])[:5]:
        where = f"line {d.get('line')}" + (f":{d['column']}" if d.get("column") else "")
        lines.append(f"  {where}: {d.get('message', '')}")
        if d.get("source_line"):
            lines.append(f"    {d['source_line'].strip()}")
    if sub.get("compile_log") and verdict == "compile_error":
        lines += ["", "Compiler output:", sub["compile_log"].rstrip()]
    tests = sub.get("tests") or []
    failing = [t for t in tests if t.get("passed") is False]
    if tests:
        passed = sum(1 for t in tests if t.get("passed"))
        skipped = sum(1 for t in tests if t.get("skipped"))
        lines.append(
            f"  tests: {passed}/{len(tests)} passed" + (f", {skipped} skipped" if skipped else "")
        )
    for t in failing[:1]:
        sizes = ", ".join(f"{k}={v}" for k, v in (t.get("sizes") or {}).items())
        index = f"#{t['index']} " if t.get("index") else ""
        lines.append(f"  failing test {index}{t.get('name')!r} ({sizes})")
        mm = t.get("first_mismatch")
        if mm:
            lines.append(
                f"    {mm.get('output', 'output')}{mm.get('index')}: expected {mm.get('expected')}, "
                f"got {mm.get('got')}"
            )
        if t.get("max_abs_err") is not None:
            lines.append(
                f"    max abs error {fmt_num(t['max_abs_err'])}, "
                f"max rel error {fmt_num(t.get('max_rel_err', 0))}"
            )
        if t.get("message"):
            lines.append(f"    {t['message']}")
    bench = sub.get("benchmark") or {}
    cases = bench.get("cases") or []
    if cases:
        rows = [
            [
                c.get("label") or c.get("name"),
                fmt_ms(c.get("median_ms")),
                c.get("runs"),
                f"{c.get('gflops') or 0:.1f}",
                f"{c.get('gbps') or 0:.1f}",
                f"{100 * (c.get('fraction_of_peak') or 0):.1f}%",
                f"{c['speedup']:.2f}x" if c.get("speedup") else "-",
            ]
            for c in cases
        ]
        lines += ["", table(rows, ["case", "median", "runs", "GFLOP/s", "GB/s", "peak", "speedup"])]
        if cases[0].get("baseline"):
            lines.append(f"  speedup against the baseline: {cases[0]['baseline']}")
        what = "CPU emulation score" if sub.get("emulated") else "score"
        lines.append(f"  {what} (geometric mean): {fmt_ms(bench.get('score_ms'))}")
    if sub.get("rank"):
        lines.append("  " + rank_line(sub["rank"], sub.get("ranked")))
    if sub.get("stdout"):
        lines += ["", "Your program's output:", sub["stdout"].rstrip()]
    if sub.get("stderr") and sub.get("verdict") not in ("accepted", None, ""):
        lines += ["", "Your program's error output:", sub["stderr"].rstrip()[-4000:]]
    return "\n".join(lines)


def _pct(value: Any) -> str:
    return f"{value:.1f}" if isinstance(value, int | float) else "-"


def profile_report(data: dict) -> str:
    """The profile of a submission (GET submissions/<id>/profile/) as text."""
    p = data.get("profile") or {}
    if not p.get("ok"):
        return f"No profile: {p.get('error') or 'the profile did not run.'}"
    rows = [
        [
            k["kernel"][:48],
            k.get("launches"),
            fmt_num(k.get("duration_us")),
            _pct(k.get("dram_pct")),
            fmt_num(k.get("dram_gbps")),
            _pct(k.get("l2_pct")),
            _pct(k.get("sm_pct")),
            _pct(k.get("tensor_pct")),
            _pct(k.get("occupancy_pct")),
            ", ".join(f"{s['reason']} {s['pct']:.0f}%" for s in k.get("stalls") or []),
        ]
        for k in p.get("kernels") or []
    ]
    c, j = p.get("comparison") or {}, p.get("judge") or {}
    lines = [
        f"Profile of {p.get('case', '')} ({p.get('sizes', '')}), {p.get('launches')} launches "
        "(never ranked):",
        table(
            rows,
            [
                "kernel",
                "launches",
                "us",
                "DRAM%",
                "DRAM GB/s",
                "L2%",
                "SM%",
                "tensor%",
                "occup%",
                "top stalls",
            ],
        ),  # fmt: skip
        f"ncu: {fmt_ms(c.get('ncu_duration_ms'))} in kernels, {fmt_num(c.get('ncu_dram_gbps'))} "
        f"GB/s DRAM; judge: {fmt_ms(j.get('median_ms'))} median, {fmt_num(j.get('gbps'))} GB/s "
        f"by the bytes formula (ratio {fmt_num(c.get('gbps_ratio'))})",
    ]
    report = p.get("report") or {}
    if report.get("expired"):
        lines.append("The report file has expired.")
    return "\n".join(lines)
