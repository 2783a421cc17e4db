"""Small inline SVG charts rendered on the server (no chart library, no CDN)."""

from __future__ import annotations

import math
from html import escape

from judge.leaderboards.histogram import ScoreHistogram

WIDTH, HEIGHT, PAD_L, PAD_B, PAD_T, PAD_R = 560, 180, 40, 36, 14, 12


def _fmt_ms(ms: float) -> str:
    if ms >= 100:
        return f"{ms:.0f} ms"
    if ms >= 1:
        return f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"
    return f"{ms * 1000:.3g} µs"


def histogram_svg(histogram: ScoreHistogram | None, mine_ms: float | None = None) -> str:
    """The chart of a ScoreHistogram (judge.leaderboards.histogram); the viewer's own time (one of the
    counted scores) marked. Returns markup."""
    if histogram is None:
        return ""
    counts, lo, hi, bins = (
        histogram.counts,
        histogram.log_lo,
        histogram.log_hi,
        len(histogram.counts),
    )
    top = max(counts)
    plot_w, plot_h = WIDTH - PAD_L - PAD_R, HEIGHT - PAD_T - PAD_B
    bar_w = plot_w / bins
    title = (
        f"Runtime distribution of {histogram.total} ranked solution(s), "
        f"fastest {_fmt_ms(histogram.fastest)}, slowest {_fmt_ms(histogram.slowest)}"
    )
    if mine_ms:
        title += f"; yours {_fmt_ms(mine_ms)}"
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<line x1="{PAD_L}" y1="{HEIGHT - PAD_B}" x2="{WIDTH - PAD_R}" y2="{HEIGHT - PAD_B}" '
        'class="axis"/>',
    ]
    for i, c in enumerate(counts):
        if not c:
            continue
        h = plot_h * c / top
        x = PAD_L + i * bar_w + 1
        y = HEIGHT - PAD_B - h
        lo_ms, hi_ms = 10 ** (lo + (hi - lo) * i / bins), 10 ** (lo + (hi - lo) * (i + 1) / bins)
        parts.append(
            f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{bar_w - 2:.1f}" height="{h:.1f}">'
            f"<title>{c} solution(s) between {_fmt_ms(lo_ms)} and {_fmt_ms(hi_ms)}</title></rect>"
        )
    parts.append(
        f'<text x="{PAD_L - 6}" y="{PAD_T + 8}" class="tick" text-anchor="end">{top}</text>'
        f'<text x="{PAD_L - 6}" y="{HEIGHT - PAD_B}" class="tick" text-anchor="end">0</text>'
    )
    for frac in (0, 0.5, 1):
        x = PAD_L + plot_w * frac
        ms = 10 ** (lo + (hi - lo) * frac)
        anchor = "start" if frac == 0 else ("end" if frac == 1 else "middle")
        parts.append(
            f'<text x="{x:.1f}" y="{HEIGHT - PAD_B + 16}" class="tick" '
            f'text-anchor="{anchor}">{escape(_fmt_ms(ms))}</text>'
        )
    parts.append(
        f'<text x="{PAD_L + plot_w / 2:.1f}" y="{HEIGHT - 4}" class="tick" '
        'text-anchor="middle">runtime (log scale, faster to the left)</text>'
    )
    if mine_ms and mine_ms > 0:
        x = PAD_L + plot_w * (math.log10(mine_ms) - lo) / (hi - lo)
        parts.append(
            f'<line class="mine" x1="{x:.1f}" y1="{PAD_T - 4}" x2="{x:.1f}" '
            f'y2="{HEIGHT - PAD_B}"/><text class="mine-label" x="{x + 4:.1f}" y="{PAD_T + 4}">'
            f"you: {escape(_fmt_ms(mine_ms))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


RF_W, RF_H, RF_L, RF_B, RF_T, RF_R = 640, 360, 64, 48, 16, 16


def _fmt_num(v: float) -> str:
    if v >= 1e6:
        return f"{v / 1e6:g}M"
    if v >= 1e3:
        return f"{v / 1e3:g}k"
    return f"{v:g}"


def roofline_svg(data: dict | None) -> str:
    """A log-log roofline (judge.inspection.submission_roofline): x arithmetic intensity
    (flop/byte), y GFLOP/s; the memory roof (peak bandwidth x intensity) up to the ridge, the
    compute roof (peak FLOP/s) after it, and the points (this submission, first place)."""
    from judge.inspection import roofline_bounds  # noqa: PLC0415

    if not data or data.get("unavailable") or not data.get("points"):
        return ""
    x0, x1, y0, y1 = roofline_bounds(data)
    lx0, lx1, ly0, ly1 = map(math.log10, (x0, x1, y0, y1))
    pw, ph = RF_W - RF_L - RF_R, RF_H - RF_T - RF_B

    def sx(x: float) -> float:
        return RF_L + pw * (math.log10(x) - lx0) / (lx1 - lx0)

    def sy(y: float) -> float:
        return RF_T + ph * (1 - (math.log10(max(y, y0)) - ly0) / (ly1 - ly0))

    bw, peak, ridge = data["peak_gbps"], data["peak_gflops"], data["ridge"]
    mine = next((p for p in data["points"] if p["mine"]), data["points"][0])
    title = (
        f"Roofline of {data['device']}: peak {bw:,.0f} GB/s and {peak:,.0f} GFLOP/s; "
        f"#{mine['submission']} at {mine['intensity']:.3g} flop/byte, "
        f"{mine['gflops']:.3g} GFLOP/s ({mine['case']})"
    )
    parts = [
        f'<svg class="chart roofline" viewBox="0 0 {RF_W} {RF_H}" role="img" '
        f'aria-labelledby="roofline-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="roofline-title">{escape(title)}</title>',
        f'<rect class="plot" x="{RF_L}" y="{RF_T}" width="{pw}" height="{ph}"/>',
    ]
    for e in range(round(lx0), round(lx1) + 1):  # decades
        x = sx(10.0**e)
        parts.append(
            f'<line class="grid" x1="{x:.1f}" y1="{RF_T}" x2="{x:.1f}" y2="{RF_T + ph}"/>'
            f'<text class="tick" x="{x:.1f}" y="{RF_T + ph + 14}" text-anchor="middle">'
            f"{_fmt_num(10.0**e)}</text>"
        )
    for e in range(round(ly0), round(ly1) + 1):
        y = sy(10.0**e)
        parts.append(
            f'<line class="grid" x1="{RF_L}" y1="{y:.1f}" x2="{RF_L + pw}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{RF_L - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{_fmt_num(10.0**e)}</text>"
        )
    # memory roof from the left edge (or where it enters the plot) to the ridge
    xa = max(x0, y0 / bw)
    parts.append(
        f'<line class="roof roof-memory" x1="{sx(xa):.1f}" y1="{sy(bw * xa):.1f}" '
        f'x2="{sx(ridge):.1f}" y2="{sy(peak):.1f}"><title>peak bandwidth {bw:,.0f} GB/s'
        "</title></line>"
        f'<line class="roof roof-compute" x1="{sx(ridge):.1f}" y1="{sy(peak):.1f}" '
        f'x2="{sx(x1):.1f}" y2="{sy(peak):.1f}"><title>peak {peak:,.0f} GFLOP/s</title></line>'
        f'<text class="roof-label" x="{sx(x1) - 4:.1f}" y="{sy(peak) - 6:.1f}" '
        f'text-anchor="end">peak {escape(_fmt_num(peak))} GFLOP/s</text>'
        f'<text class="roof-label" x="{sx(xa) + 6:.1f}" y="{sy(bw * xa) - 8:.1f}">'
        f"{escape(_fmt_num(bw))} GB/s</text>"
    )
    for p in data["points"]:
        x, y = sx(p["intensity"]), sy(p["gflops"])
        cls = "point mine" if p["mine"] else "point best"
        shape = (
            f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="6">'
            if p["mine"]
            else f'<rect class="{cls}" x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" '
            f'transform="rotate(45 {x:.1f} {y:.1f})">'
        )
        parts.append(
            f"{shape}<title>{escape(p['label'])}: {p['intensity']:.3g} flop/byte, "
            f"{p['gflops']:.3g} GFLOP/s, {p['gbps']:.3g} GB/s</title>"
            f"{'</circle>' if p['mine'] else '</rect>'}"
            f'<text class="point-label" x="{x + 10:.1f}" y="{y + (14 if p["mine"] else -8):.1f}">'
            f"{escape(p['label'])}</text>"
        )
    parts.append(
        f'<text class="tick" x="{RF_L + pw / 2:.1f}" y="{RF_H - 8}" text-anchor="middle">'
        "arithmetic intensity (flop/byte, log scale)</text>"
        f'<text class="tick" transform="rotate(-90)" x="{-(RF_T + ph / 2):.1f}" y="14" '
        'text-anchor="middle">GFLOP/s (log scale)</text></svg>'
    )
    return "".join(parts)
