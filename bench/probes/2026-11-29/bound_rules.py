"""What the hand-over's raw clock samples say about its bound, read from a timing-truth run's
archive (no GPU): per judgement the bound as the judge computes it (medians) and with a lower
quantile of the same samples instead; how many judgements each would score from the bound;
the lowest forged figure each would accept (``max(0, bound - slack)``) as a fraction of the
events; and, for each judgement scored from the bound, how far its windows sit above the
empties and the kernel, against the two medians' standard errors.

    python3 bench/probes/2026-11-29/bound_rules.py \
        bench/results/gpu_clock/2026-11-29-h200-gated/4-truth-service.tgz
"""

from __future__ import annotations

import collections
import json
import math
import statistics
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from runner.supervisor.clock import NOISE_SLACK, SLACK_REL, clock_noise_ms  # noqa: E402

QUANTILES = (0.5, 0.3, 0.25, 0.2)


def quantile(xs: list[float], p: float) -> float:
    s = sorted(xs)
    i = p * (len(s) - 1)
    lo = int(i)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (i - lo)


def judgements(archive: Path) -> list[tuple[str, dict]]:
    """(solution, judge clock with its samples) of every judgement in the archive's reports."""
    out = []
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if not member.name.endswith("/timing_truth.json"):
                continue
            report = json.load(tar.extractfile(member))
            for s in report["solutions"]:
                for c in s["cases"]:
                    out += [(s["solution"], k) for k in c.get("judge_clocks", [])]
    return out


def bound(samples: dict, p: float) -> tuple[float, float]:
    """(bound, slack) from the samples, every median replaced by the ``p`` quantile."""
    drift = quantile(samples["null_during"], p) - quantile(samples["null_before"], p)
    empty = quantile(samples["empty_windows"], p)
    b = max(0.0, quantile(samples["windows"], p) - empty - min(drift, 0.0))
    slack = SLACK_REL["cuda"] * b + NOISE_SLACK["cuda"] * clock_noise_ms(samples["empty_windows"])
    return b, slack


def median_se(xs: list[float]) -> float:
    """The standard error of the median of ``xs`` (normal approximation, scale from the MAD)."""
    med = statistics.median(xs)
    sigma = 1.4826 * statistics.median(abs(x - med) for x in xs)
    return 1.2533 * sigma / math.sqrt(len(xs))


def main() -> None:
    rows = [(sol, k) for sol, k in judgements(Path(sys.argv[1])) if k.get("clock_samples")]
    print(f"{len(rows)} judgements with their clock samples")
    for p in QUANTILES:
        scored, floors = 0, collections.defaultdict(list)
        for sol, k in rows:
            b, slack = bound(k["clock_samples"], p)
            ev = k["event_median_ms"]
            scored += ev < b - slack
            floors[sol].append(max(0.0, b - slack) / ev)
        spans = ", ".join(f"{s} {min(f):.2f}-{max(f):.2f}" for s, f in floors.items())
        print(f"quantile {p}: {scored} scored from the bound; lowest accepted forgery / events: "
              f"{spans}")  # fmt: skip
    for sol, k in rows:
        if k["consistent"]:
            continue
        cs = k["clock_samples"]
        shift = statistics.median(cs["windows"]) - statistics.median(cs["empty_windows"])
        shift -= k["event_median_ms"]
        se = math.hypot(median_se(cs["windows"]), median_se(cs["empty_windows"]))
        print(f"scored from the bound: {sol}: windows {shift:+.4f} ms above the empties and the "
              f"kernel, {shift / se:.1f} x the medians' standard error "
              f"({len(cs['empty_windows'])} empties, {len(cs['windows'])} windows)")  # fmt: skip


if __name__ == "__main__":
    main()
