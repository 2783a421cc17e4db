"""Judges one hostile corpus case on this machine and prints, per benchmark case, the timed
calls, the compared calls and each comparison's outcome (a debugging aid for the corpus)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from runner.supervisor import benchmark  # noqa: E402
from runner.tools.hostile import HostGuard, judge_case, load_cases  # noqa: E402

seen: list[tuple[int, str]] = []
_verify = benchmark._verify_call


def _logged(j, case, scalars, cycle):
    try:
        _verify(j, case, scalars, cycle)
        seen.append((cycle.it, "ok"))
    except Exception as exc:
        seen.append((cycle.it, type(exc).__name__))
        raise


benchmark._verify_call = _logged
name = sys.argv[1]
case = next(c for c in load_cases() if c.name == name)
with HostGuard() as guard:
    for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 1):
        seen.clear()
        r = judge_case(case, guard)
        print(json.dumps({"actual": r["actual"], "message": r["message"][:200], "compared": seen}))
