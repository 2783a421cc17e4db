"""Summarise a catalog validation (``python -m runner validate --device cuda --json|--jsonl``): verdict
counts, the failed checks, and per problem the reference's time against our correct CUDA
solutions' times (benchmark phases hold the GPU's lock, so these are not disturbed by the
validations running side by side; the short validation budget makes them indicative).

    python3 bench/catalog_table.py catalog_a.jsonl [more ...] [--out catalog_cuda.md]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def load(paths: list[Path]) -> list[dict]:
    reports: list[dict] = []
    for p in paths:
        text = p.read_text().strip()
        if text.startswith("["):
            reports += json.loads(text)
        else:  # --jsonl: one package per line; a run cut short leaves the finished ones
            reports += [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    return sorted(reports, key=lambda r: r["slug"])


def _ms(v: float | None) -> str:
    return "–" if v is None else f"{v:.4g}"


def render(reports: list[dict]) -> str:
    checks = [c for r in reports for c in r["checks"]]
    correct = [c for c in checks if c["what"].startswith("correct_") and "accepted" in c["what"]]
    wrong = [c for c in checks if c["what"].startswith("wrong_") and "rejected" in c["what"]]
    lines = [
        f"packages fully valid: {sum(r['ok'] for r in reports)} / {len(reports)}",
        f"checks passed: {sum(c['ok'] for c in checks)} / {len(checks)}",
        f"correct solutions accepted: {sum(c['ok'] for c in correct)} / {len(correct)}",
        f"wrong solutions not accepted: {sum(c['ok'] for c in wrong)} / {len(wrong)}",
        "",
    ]
    failed = [(r["slug"], c) for r in reports for c in r["checks"] if not c["ok"]]
    if failed:
        lines.append("Failed checks:")
        for slug, c in failed:
            detail = " ".join((c.get("detail") or "").split())[:300]
            lines.append(f"- {slug}: {c['what']} [{c.get('verdict')}] {detail}")
        lines.append("")
    lines += [
        "| problem | CUDA solution | verdict | baseline ms | solution ms | speedup |",
        "| --- | --- | --- | ---: | ---: | ---: |",
    ]
    for r in reports:
        for c in r["checks"]:
            name = c["what"].split()[0]
            if not (name.startswith("correct_") and name.endswith(".cu")):
                continue
            ref, sol = c.get("baseline_ms", c.get("reference_ms")), c.get("score_ms")
            speedup = f"{ref / sol:.3g}x" if ref and sol else "–"
            lines.append(
                f"| {r['slug']} | {name} | {c.get('verdict')} | {_ms(ref)} | {_ms(sol)} | {speedup} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("reports", nargs="+", type=Path)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    text = render(load(args.reports))
    if args.out:
        args.out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
