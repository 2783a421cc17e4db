"""CPU device: honest PyTorch solutions judged once each; prints the events' median and the
clock bound (the child's CPU seconds per call over the usable cores) per case."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from provenance import provenance  # noqa: E402

from runner import judge  # noqa: E402
from runner.contract import JobSpec, Limits, ProblemSpec  # noqa: E402

SOLUTIONS = [
    ("vector-add", "correct_pytorch.py"),
    ("softmax", "correct_manual_pytorch.py"),
    ("vector-add", "correct_pytorch.py"),
    ("relu", None),
]


def main() -> int:
    print("provenance", json.dumps(provenance()), flush=True)
    for slug, name in SOLUTIONS:
        pdir = ROOT / "problems" / "catalog" / slug
        if name is None:
            name = sorted(p.name for p in (pdir / "solutions").glob("correct*_pytorch.py"))[0]
        job = JobSpec(
            problem=ProblemSpec.from_dir(pdir),
            source=(pdir / "solutions" / name).read_text(),
            language="pytorch",
            mode="submit",
            device="cpu",
            seed=3,
            limits=Limits(benchmark_budget_s=2),
        )
        r = judge(job)
        for c in r.benchmark["cases"]:
            k = c["clock"]
            print(
                f"{slug} {r.verdict} events {k['event_median_ms']:.3f} bound {k['bound_ms']:.3f}"
                f" window {k['window_median_ms']:.3f} empty {k['empty_window_ms']:.3f}"
                f" drift {k['drift_ms']:.3f} runs {c['runs']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
