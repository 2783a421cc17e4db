"""Smoke tests of the benchmark scripts at tiny sizes (bench/*.py --quick): each runs end to
end and writes JSON with the expected keys and sane values. Speed is never asserted here;
timings belong in bench/results/ (docs/performance.md)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("KJ_BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
REDIS = os.environ.get("KJ_BENCH_REDIS", "redis://127.0.0.1:6379/0")

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


needs_services = pytest.mark.skipif(
    not (_reachable(5432) and _reachable(6379)), reason="needs PostgreSQL and Redis on 127.0.0.1"
)


def run(args: list[str], timeout: int = 600) -> subprocess.CompletedProcess:
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    p = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=timeout)  # fmt: skip
    assert p.returncode == 0, p.stderr[-4000:]
    return p


@pytest.mark.parametrize("via", ["process", "service"])
def test_latency_cpu_quick(tmp_path: Path, via: str) -> None:
    run(["bench/latency.py", "--device", "cpu", "--quick", "--via", via, "--out", str(tmp_path)])
    report = json.loads((tmp_path / f"latency_{via}.json").read_text())
    assert report["benchmark"] == "latency" and report["device"] == "cpu"
    assert report["via"] == via
    assert {"date", "commit", "machine", "stats", "runs"} <= set(report)
    for kind in ("fresh", "cached"):
        stats = report["stats"][kind]
        assert stats["accepted"] == stats["judgements"] == 2
        for key in ("wall_s", "compile_s", "start_s", "tests_s", "benchmark_s", "total_s"):
            assert {"p50", "p95"} <= set(stats[key])
        assert 0 < stats["total_s"]["p50"] <= stats["wall_s"]["p50"]
    assert (tmp_path / f"latency_{via}.md").read_text().startswith("# Latency")


@pytest.mark.parametrize("via", ["process", "service"])
def test_throughput_cpu_quick(tmp_path: Path, via: str) -> None:
    run(["bench/throughput.py", "--device", "cpu", "--quick", "--via", via, "--out", str(tmp_path)])
    report = json.loads((tmp_path / "throughput.json").read_text())
    assert [c["layout"] for c in report["configs"]] == ["1x1", "1x2"]
    for c in report["configs"]:
        assert c["via"] == via
        assert c["judged"] >= 1 and c["accepted"] == c["judged"], c
        assert c["judged_per_hour"] > 0 and c["gpu_busy_fraction"] is None
        assert sum(p["judged"] for p in c["per_problem"].values()) == c["judged"]
        benchmarked = report["args"]["mode"] == "submit"
        assert all(bool(p["case_stops"]) is benchmarked for p in c["per_problem"].values())
        assert (c["spare_wait_s"]["n"] == c["judged"]) is (via == "service")
    assert report["mix"] and all("/correct_" in m for m in report["mix"])


def test_timing_truth_cpu_quick(tmp_path: Path) -> None:
    run(["bench/timing_truth.py", "--device", "cpu", "--quick", "--out", str(tmp_path)])
    report = json.loads((tmp_path / "timing_truth.json").read_text())
    [solution] = report["solutions"]
    assert solution["verdicts"] == ["accepted", "accepted"] and not solution["errors"]
    for case in solution["cases"]:
        assert case["judge_median_ms"] > 0 and case["loop_median_ms"] > 0
        assert case["judge_over_loop"] > 0  # a ratio is reported; its size is not a test
    assert report["summary"]["cases"] == len(solution["cases"])

    # a run split across machine sessions, merged into one report
    other = {**report, "machine": {"host": "elsewhere"}, "commit": "abc1234"}
    other["solutions"] = [{**solution, "solution": "another.py"}]
    (tmp_path / "first.json").write_text(json.dumps(report))
    (tmp_path / "second.json").write_text(json.dumps(other))
    merged_dir = tmp_path / "merged"
    run(["bench/timing_truth.py", "--device", "cpu", "--out", str(merged_dir),
         "--merge", str(tmp_path / "first.json"), str(tmp_path / "second.json")])  # fmt: skip
    merged = json.loads((merged_dir / "timing_truth.json").read_text())
    assert [s["solution"] for s in merged["solutions"]] == [solution["solution"], "another.py"]
    assert merged["summary"]["cases"] == 2 * len(solution["cases"])
    assert [m["commit"] for m in merged["merged_from"]] == [report["commit"], "abc1234"]
    assert merged["machine"] == {"host": "elsewhere"}


def test_gpu_session_script_parses() -> None:
    subprocess.run(["bash", "-n", str(ROOT / "bench" / "gpu_session.sh")], check=True)


@needs_services
def test_web_bench_quick(tmp_path: Path) -> None:
    out = tmp_path / "web.json"
    db = f"kj_bench_smoke_{os.getpid()}"
    run(
        [
            "bench/web_bench.py",
            "--quick",
            "--db",
            db,
            "--drop",
            "--pg",
            PG,
            "--redis",
            REDIS,
            "--open-rates",
            "20",
            "--out",
            str(out),
        ]
    )
    report = json.loads(out.read_text())
    assert report["database"]["submissions"] == 3000
    assert set(report["endpoints"]) == {
        "problem_list",
        "problem",
        "leaderboard_html",
        "leaderboard_api",
        "submit_api",
    }
    for name, e in report["endpoints"].items():
        m = e["median"]
        assert m["requests"] > 0 and m["errors"] == 0, (name, e)
        assert 0 < m["p50_ms"] <= m["p95_ms"] <= m["p99_ms"], (name, m)
        assert isinstance(e["meets_target"], bool)
        [open_loop] = m["open_loop"]  # the open-loop extra at the one rate asked for
        assert open_loop["offered_rps"] == 20 and open_loop["p50_ms"] > 0, (name, open_loop)
    # load, one-client and warm-up submissions: all removed again
    assert (
        report["submissions_created_and_deleted"]
        >= report["endpoints"]["submit_api"]["median"]["requests"]
    )


@needs_services
def test_queue_overhead_quick(tmp_path: Path) -> None:
    out = tmp_path / "q.json"
    run(["bench/queue_overhead.py", "--quick", "--db", f"kj_bench_q_{os.getpid()}", "--pg", PG, "--redis", REDIS,
         "--out", str(out)])  # fmt: skip
    report = json.loads(out.read_text())
    assert report["verdicts"] == ["accepted"] and len(report["runs"]) == 2
    for r in report["runs"]:
        assert r["wall_s"] > r["runner_total_s"] > 0 and r["queue_s"] >= 0
