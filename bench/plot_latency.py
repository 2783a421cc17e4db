"""Latency distribution plots (SVG) from the raw latencies the benches write.

    python bench/plot_latency.py web RAW.json OUT.svg [--title T]     # web_bench --latencies-out
    python bench/plot_latency.py gpu LATENCY.json OUT.svg             # bench/latency.py output

web: one empirical CDF per endpoint (ms, log scale) with the p95 targets marked.
gpu: histogram of the judgement wall times, fresh compile vs compile cache hit.
Needs matplotlib (pip install matplotlib); the benches themselves do not.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

TARGETS = {"leaderboard_html": 50, "leaderboard_api": 50}


def plot_web(raw: dict, out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: a small SVG
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for name, values in raw.items():
        v = sorted(values)
        if not v:
            continue
        n = len(v)
        idx = sorted(
            {min(n - 1, round(k * (n - 1) / 300)) for k in range(301)}
        )  # <= 301 points: small SVG
        ax.step(
            [v[i] for i in idx], [(i + 1) / n for i in idx], where="post", label=f"{name} (n={n})"
        )
    ax.axvline(30, color="grey", ls=":", lw=1)
    ax.axvline(50, color="grey", ls="--", lw=1)
    ax.axhline(0.95, color="grey", lw=0.5)
    ax.set_xscale("log")
    ax.set_xlabel("latency (ms, log scale); dotted 30 ms, dashed 50 ms targets")
    ax.set_ylabel("fraction of requests")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(out, format="svg")


def plot_gpu(report: dict, out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: a small SVG
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for kind in ("fresh", "cached"):
        v = [
            r["wall_s"]
            for r in report["runs"]
            if r.get("kind") == kind and r.get("verdict") == "accepted"
        ]
        if v:
            ax.hist(v, bins=20, alpha=0.6, label=f"{kind} (n={len(v)})")
    ax.set_xlabel("submit -> verdict wall time of `python -m runner job` (s)")
    ax.set_ylabel("judgements")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, format="svg")


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("kind", choices=["web", "gpu"])
    ap.add_argument("source")
    ap.add_argument("out")
    ap.add_argument("--title", default="")
    args = ap.parse_args()
    data = json.loads(Path(args.source).read_text())
    if args.kind == "web":
        plot_web(data, Path(args.out), args.title or "Web latency under 20 concurrent clients")
    else:
        plot_gpu(data, Path(args.out), args.title or "Judgement latency")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
