"""Judges a few catalog solutions through the runner and prints each verdict with the
supervisor's clock check per case (GPU smoke test of the supervisor-owned buffers)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from provenance import provenance  # noqa: E402

from runner import judge  # noqa: E402
from runner.contract import JobSpec, ProblemSpec  # noqa: E402

CASES = [
    ("vector-add", "correct_basic.cu", "cuda", "run"),
    ("vector-add", "correct_basic.cu", "cuda", "submit"),
    ("vector-add", "correct_vec4.cu", "cuda", "submit"),
    ("vector-add", "correct_pytorch.py", "pytorch", "submit"),
    ("vector-add", "correct_triton.py", "triton", "submit"),
    ("reduction", "correct_atomic.cu", "cuda", "submit"),
    ("softmax", "correct_online.cu", "cuda", "submit"),
    ("matrix-transpose", "correct_tiled.cu", "cuda", "submit"),
    ("matrix-multiplication", None, "cuda", "submit"),
]


def main() -> int:
    print("provenance", json.dumps(provenance()), flush=True)
    device = sys.argv[1] if len(sys.argv) > 1 else "cuda"
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rows = []
    for slug, name, lang, mode in [c for c in CASES for _ in range(repeats)]:
        pdir = ROOT / "problems" / "catalog" / slug
        if name is None:
            name = next(p.name for p in sorted((pdir / "solutions").glob("correct*.cu")))
        problem = ProblemSpec.from_dir(pdir)
        src = (pdir / "solutions" / name).read_text()
        t0 = time.monotonic()
        r = judge(
            JobSpec(problem=problem, source=src, language=lang, mode=mode, device=device, seed=7)
        )
        wall = time.monotonic() - t0
        print(f"== {slug}/{name} {mode}: {r.verdict} ({wall:.2f} s) {r.message[:300]}", flush=True)
        if r.verdict not in ("accepted",):
            print(r.details[-3000:], flush=True)
        for c in (r.benchmark or {}).get("cases", []):
            print(
                "   ",
                json.dumps(
                    {
                        k: c.get(k)
                        for k in ("name", "median_ms", "runs", "checked_calls", "floor_ms", "flags")
                    }
                ),
                json.dumps(c.get("clock")),
                flush=True,
            )
        gaps = [
            round(c["clock"]["bound_ms"] - c["clock"]["event_median_ms"], 4)
            for c in (r.benchmark or {}).get("cases", [])
        ]
        rows.append((slug, name, mode, r.verdict, round(wall, 2), "bound-events ms", gaps))
    for row in rows:
        print(*row, sep="\t")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
