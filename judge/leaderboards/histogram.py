"""A score histogram: bins of equal width in log10(score) between the fastest and slowest."""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreHistogram:
    counts: list[int]
    log_lo: float  # log10 of the left edge of the first bin
    log_hi: float  # log10 of the right edge of the last bin
    fastest: float
    slowest: float
    total: int


def score_histogram(scores: list[float], bins: int = 11) -> ScoreHistogram | None:
    """Bins of equal width in log10(score) between the fastest and the slowest."""
    scores = [s for s in scores if s and s > 0 and math.isfinite(s)]
    if not scores:
        return None
    fastest, slowest = min(scores), max(scores)
    lo, hi = histogram_bounds(fastest, slowest)
    edges = histogram_edges(lo, hi, bins)
    counts = [0] * bins
    for s in scores:
        counts[bisect.bisect_right(edges, s)] += 1
    return ScoreHistogram(counts, lo, hi, fastest, slowest, len(scores))


def histogram_bounds(fastest: float, slowest: float) -> tuple[float, float]:
    lo, hi = math.log10(fastest), math.log10(slowest)
    return (lo - 0.5, hi + 0.5) if hi - lo < 1e-9 else (lo, hi)


def histogram_edges(lo: float, hi: float, bins: int) -> list[float]:
    """The scores where bins 1..bins-1 start (a score equal to an edge is in the upper bin)."""
    return [10 ** (lo + (hi - lo) * i / bins) for i in range(1, bins)]


def histogram_from_cumulative(
    cumulative: list[int],
    *,
    below_all: int,
    bounds: tuple[float, float],
    fastest: float,
    slowest: float,
) -> ScoreHistogram:
    """The histogram from counts of entries below each bin edge (the last: all positive
    entries); `below_all` entries (scores <= 0) were counted below every edge."""
    counts = [cumulative[0]] + [b - a for a, b in itertools.pairwise(cumulative)]
    counts[0] -= below_all
    return ScoreHistogram(counts, bounds[0], bounds[1], fastest, slowest, cumulative[-1])
