"""bench/throughput.py's figures from a run's judgements: the GPU lock's occupancy per purpose
and each solution's score under load against its score alone."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import throughput  # noqa: E402


def _result(problem: str, solution: str, score: float, phases: dict, flags=()) -> dict:
    return {"problem": problem, "solution": solution, "score_ms": score, "phases": phases,
            "flags": ["prestarted_child", *flags]}  # fmt: skip


def test_lock_occupancy_sums_each_purpose_over_the_gpu_seconds():
    results = [
        _result("a", "x.cu", 1.0, {"gpu_held_calibration_s": 0.1, "gpu_held_benchmark_s": 0.5}),
        _result("a", "x.cu", 1.0, {"gpu_held_benchmark_s": 0.3, "spare_context_lock_s": 0.2}),
    ]
    lock = throughput.lock_occupancy(results, gpu_seconds=2.0)
    assert lock["gpu_held_benchmark_s"] == {"mean_s": 0.4, "fraction": 0.4}
    assert lock["gpu_held_calibration_s"]["mean_s"] == 0.05
    assert lock["spare_context_lock_s"]["fraction"] == 0.1
    assert lock["held_fraction"] == 0.55 and lock["held_mean_s"] == 0.55
    assert throughput.lock_split(lock) == "0.050 / 0.400 / 0.100"


def test_timing_under_load_is_the_median_score_over_the_score_alone():
    results = [
        _result("a", "x.cu", 1.00, {}),
        _result("a", "x.cu", 1.10, {}, ["time_from_supervisor_clock"]),
        _result("a", "x.cu", 1.02, {}),
        _result("b", "y.cu", 2.00, {}),
        _result("c", "z.cu", None, {}),  # not judged to a score: left out
    ]
    baseline = {"a/x.cu": 1.0, "b/y.cu": 1.6, "c/z.cu": 3.0, "d/w.cu": 1.0}
    t = throughput.timing_under_load(results, baseline)
    assert t["solutions"] == 2
    assert t["per_solution"] == {"a/x.cu": {"ratio": 1.02, "judged": 3},
                                 "b/y.cu": {"ratio": 1.25, "judged": 1}}  # fmt: skip
    assert t["outside_3pct"] == [("b/y.cu", 1.25, 1)]
    assert t["ratio_min"] == 1.02 and t["ratio_max"] == 1.25
    assert t["flags"] == {"time_from_supervisor_clock": 1}  # prestarted_child is not a finding
