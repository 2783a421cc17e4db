"""Judges every CUDA-device case of the hostile corpus (tests/hostile/cases) through the real
runner on this machine's GPU and prints one JSON report (the pytest module needs the site's
Redis and PostgreSQL canaries, which a bare GPU box does not run); exits 1 unless every case
was caught (``make test-gpu-hostile``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from provenance import provenance  # noqa: E402

from runner.tools.hostile import HostGuard, judge_case, load_cases  # noqa: E402


def main() -> int:
    cases = [c for c in load_cases() if c.device == "cuda"]
    results = []
    with HostGuard() as guard:
        for case in cases:
            r = judge_case(case, guard)
            results.append(r)
            mark = "caught" if r["caught"] else "NOT CAUGHT"
            print(f"{mark:>10}  {r['name']:<36} {r['actual']:<20} {r['flags']}", file=sys.stderr)
    print(json.dumps({"provenance": provenance(), "total": len(results), "caught": sum(r["caught"] for r in results),
                      "cases": results}, indent=1))  # fmt: skip
    return 0 if all(r["caught"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
