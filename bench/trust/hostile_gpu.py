"""Judges every CUDA-device case of the hostile corpus (tests/hostile/cases) through the real
runner on this machine's GPU and prints one JSON report (the pytest module needs the site's
Redis and PostgreSQL canaries, which a bare GPU box does not run); exits 1 unless every case
was caught, a case documenting an open gap (``open_gap`` in its case.toml) excepted: it is reported
with its outcome (``make test-gpu-hostile``). ``--only WORD,...``: the cases whose names hold
one of the words."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from provenance import provenance  # noqa: E402

from runner.tools.hostile import HostGuard, judge_case, load_cases  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="comma-separated words; cases whose names hold one")
    words = [w for w in ap.parse_args().only.split(",") if w]
    cases = [c for c in load_cases() if c.device == "cuda"]
    if words:
        cases = [c for c in cases if any(w in c.name for w in words)]
    results = []
    with HostGuard() as guard:
        for case in cases:
            r = judge_case(case, guard)
            results.append(r)
            mark = "caught" if r["caught"] else ("OPEN GAP" if case.open_gap else "NOT CAUGHT")
            print(f"{mark:>10}  {r['name']:<36} {r['actual']:<20} {r['flags']}", file=sys.stderr)
    gaps = {c.name for c in cases if c.open_gap}
    print(json.dumps({"provenance": provenance(), "total": len(results), "caught": sum(r["caught"] for r in results),
                      "open_gaps": sorted(gaps), "cases": results}, indent=1))  # fmt: skip
    return 0 if all(r["caught"] or r["name"] in gaps for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
