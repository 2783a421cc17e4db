"""Small inline SVG charts rendered on the server (no chart library, no CDN)."""

from __future__ import annotations

import math
from html import escape

from judge.selectors import ScoreHistogram

WIDTH, HEIGHT, PAD_L, PAD_B, PAD_T, PAD_R = 560, 180, 40, 36, 14, 12


def _fmt_ms(ms: float) -> str:
    if ms >= 100:
        return f"{ms:.0f} ms"
    if ms >= 1:
        return f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"
    return f"{ms * 1000:.3g} µs"


def histogram_svg(histogram: ScoreHistogram | None, mine_ms: float | None = None) -> str:
    """The chart of a ScoreHistogram (judge.selectors); the viewer's own time (one of the
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
