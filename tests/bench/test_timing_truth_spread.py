"""bench/timing_truth.py's check of do_bench against its own fresh processes, and of the
judgements against the range those processes span."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import timing_truth  # noqa: E402


def test_a_process_off_by_more_than_three_percent_fails_do_bench_own_rule():
    # the atomic reduction's five do_bench processes on an H200 (session 9)
    procs = [0.012224, 0.013056, 0.013088, 0.012736, 0.012128]
    out = timing_truth.do_bench_spread(procs, [0.0125])
    assert out["do_bench_worst_process_over_median"] == 0.9523
    assert out["do_bench_every_process_within_3pct"] is False


def test_judgements_inside_the_widened_range_pass_and_one_outside_fails():
    procs = [1.00, 1.02, 0.99]
    assert timing_truth.do_bench_spread(procs, [0.97, 1.05])["every_within_do_bench_range_3pct"]
    out = timing_truth.do_bench_spread(procs, [0.99, 0.95])
    assert out["every_within_do_bench_range_3pct"] is False
    assert out["do_bench_every_process_within_3pct"] is True


def test_one_process_or_no_judgement_gives_no_verdict():
    assert timing_truth.do_bench_spread([1.0], [1.0]) == {}
    assert timing_truth.do_bench_spread([1.0, 1.01], [])["every_within_do_bench_range_3pct"] is None
