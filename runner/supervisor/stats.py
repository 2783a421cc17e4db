"""Timing statistics and the stopping rule (pure Python, used by the supervisor)."""

from __future__ import annotations

import math
import statistics


def summarize(times_ms: list[float]) -> dict:
    n = len(times_ms)
    if n == 0:
        return {
            "median_ms": None,
            "mean_ms": None,
            "std_ms": None,
            "min_ms": None,
            "runs": 0,
            "rel_se": None,
        }
    med = statistics.median(times_ms)
    mean = statistics.fmean(times_ms)
    std = statistics.stdev(times_ms) if n > 1 else 0.0
    return {
        "median_ms": med,
        "mean_ms": mean,
        "std_ms": std,
        "min_ms": min(times_ms),
        "runs": n,
        "rel_se": rel_se_of_median(times_ms),
    }


def rel_se_of_median(times_ms: list[float]) -> float:
    """Standard error of the median relative to the median: 1.2533 * std / sqrt(n) / median.

    1.2533 = sqrt(pi/2), the asymptotic SE ratio of the median to the mean for normal data.
    The std is taken after dropping the slowest 5% (one-sided outliers from preemption would
    otherwise keep the loop running for a number that does not affect the median).
    """
    n = len(times_ms)
    if n < 3:
        return math.inf
    xs = sorted(times_ms)
    keep = xs[: max(3, int(math.ceil(n * 0.95)))]
    med = statistics.median(xs)
    if med <= 0:
        return math.inf
    return 1.2533 * statistics.stdev(keep) / math.sqrt(len(keep)) / med


def should_stop(
    times_ms: list[float],
    elapsed_s: float,
    budget_s: float,
    min_runs: int,
    max_runs: int,
    target_rel_se: float,
) -> tuple[bool, str]:
    n = len(times_ms)
    if n >= max_runs:
        return True, "max_runs"
    # the budget is honoured once min_runs are in; a hard stop at 3x the budget regardless
    if elapsed_s >= budget_s and (n >= min_runs or elapsed_s >= 3 * budget_s) and n >= 3:
        return True, "budget"
    if n >= min_runs and rel_se_of_median(times_ms) < target_rel_se:
        return True, "converged"
    return False, ""


def geomean(values: list[float]) -> float | None:
    vals = [v for v in values if v and v > 0]
    if not vals or len(vals) != len(values):
        return None
    return math.exp(sum(math.log(v) for v in vals) / len(vals))
