"""Timing statistics and the stopping rule (pure Python, used by the supervisor)."""

from __future__ import annotations

import math
import statistics

Z95 = 1.96  # the normal quantile of a two-sided 95 % interval

# The CPU device's stopping rule (runner/supervisor/benchmark.py, docs/judging.md): a case
# stops once the 95 % interval of its median is within this fraction of the median, or when
# its wall-clock budget is spent; the CPU clock's own slack is 25 % (clock.py), so a finer
# figure would only cost the user time.
CPU_TARGET_REL_CI = 0.02
# On a GPU the same interval test at 0.5 %, beside the standard-error rule: a few-microsecond
# kernel whose slow tail keeps the standard error up for hundreds of calls stops once the
# middle of its distribution is known to 0.5 % (the median itself is what is scored).
GPU_TARGET_REL_CI = 0.005
# ... once this many calls are in: on fewer, a 15 us kernel's median moved by up to 12 %
# against do_bench (bench/results/archive/2026-11-24-h200-session2/final/timing_truth.partial.json)
GPU_CI_MIN_RUNS = 50
CPU_BENCH_WALL_S = 2.0  # wall-clock seconds of timed loop per benchmark (all cases) on the CPU
CPU_MIN_CASE_WALL_S = 0.5  # ... but never less than this per case


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
            "rel_ci": None,
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
        "rel_ci": _finite(rel_ci_halfwidth(times_ms)),
    }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


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


def median_ci(times_ms: list[float], z: float = Z95) -> tuple[float, float] | None:
    """The distribution-free confidence interval of the median (95 % by default): the order
    statistics of ranks floor((n - z*sqrt(n))/2) and ceil((n + z*sqrt(n))/2) + 1 (1-based), from
    the binomial(n, 1/2) count of calls below the true median, in its normal approximation.
    No assumption on the shape of the distribution: the slow tail of a loaded host widens it
    only as much as it moves the middle calls. None while n is too small for such ranks."""
    n = len(times_ms)
    half = z * math.sqrt(n)
    lo = math.floor((n - half) / 2)  # 1-based ranks
    hi = math.ceil((n + half) / 2) + 1
    if lo < 1 or hi > n:
        return None
    xs = sorted(times_ms)
    return xs[lo - 1], xs[hi - 1]


def rel_ci_halfwidth(times_ms: list[float], z: float = Z95) -> float:
    """Half the width of :func:`median_ci` relative to the median (inf while undefined)."""
    ci = median_ci(times_ms, z)
    if ci is None:
        return math.inf
    med = statistics.median(times_ms)
    if med <= 0:
        return math.inf
    return (ci[1] - ci[0]) / 2 / med


def over_budget(n: int, elapsed_s: float, budget_s: float, min_runs: int) -> bool:
    """The budget is honoured once min_runs are in; a hard stop at 3x the budget regardless
    (3 timed calls at least)."""
    return elapsed_s >= budget_s and (n >= min_runs or elapsed_s >= 3 * budget_s) and n >= 3


def cpu_case_wall(case_budget_s: float, n_cases: int) -> float:
    """On the CPU, a case's hard wall-clock budget: everything its loop does (inputs, windows,
    null cycles) counts, since there the supervisor's own cycle, not the call, is most of the
    time (drawing fresh inputs at the benchmark size takes longer than many solutions)."""
    share = max(CPU_MIN_CASE_WALL_S, CPU_BENCH_WALL_S / max(1, n_cases))
    return min(case_budget_s, share)


def should_stop(
    times_ms: list[float],
    elapsed_s: float,
    budget_s: float,
    min_runs: int,
    max_runs: int,
    target_rel_se: float,
    target_rel_ci: float | None = None,
    ci_min_runs: int = 0,
) -> tuple[bool, str]:
    """Whether a timed loop stops, and why: ``max_runs``; ``budget`` (see :func:`over_budget`);
    ``converged`` once min_runs are in and the median's standard error is below
    ``target_rel_se`` of it, or (where ``target_rel_ci`` is given: the CPU device) the 95 %
    interval of the median is within ``target_rel_ci`` of it on either side (after
    ``ci_min_runs`` calls)."""
    n = len(times_ms)
    if n >= max_runs:
        return True, "max_runs"
    if over_budget(n, elapsed_s, budget_s, min_runs):
        return True, "budget"
    if n >= min_runs and rel_se_of_median(times_ms) < target_rel_se:
        return True, "converged"
    if (
        n >= max(min_runs, ci_min_runs)
        and target_rel_ci is not None
        and rel_ci_halfwidth(times_ms) < target_rel_ci
    ):
        return True, "converged"
    return False, ""


def geomean(values: list[float]) -> float | None:
    vals = [v for v in values if v and v > 0]
    if not vals or len(vals) != len(values):
        return None
    return math.exp(sum(math.log(v) for v in vals) / len(vals))
