"""bench/results/latest.json is what bench/make_latest.py makes of the raw files: current, and
every entry names a raw file that exists and the commit and date recorded in it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_latest", ROOT / "bench" / "make_latest.py")
make_latest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_latest)


def test_latest_json_is_what_the_raw_files_give() -> None:
    committed = (ROOT / "bench" / "results" / "latest.json").read_text()
    assert committed == make_latest.render(), "stale: run python bench/make_latest.py"


def test_every_entry_points_to_its_raw_file_and_the_commit_recorded_there() -> None:
    latest = json.loads((ROOT / "bench" / "results" / "latest.json").read_text())
    entries = {k: v for k, v in latest.items() if not k.startswith("_")}
    assert entries, "latest.json names no benchmark"
    for name, entry in entries.items():
        raw = json.loads((ROOT / entry["file"]).read_text())
        assert (raw["commit"], raw["date"]) == (entry["commit"], entry["date"]), name
        assert (ROOT / entry["script"]).exists(), name
        assert raw["benchmark"].startswith(Path(entry["script"]).stem), name


def test_the_newest_file_of_a_benchmark_wins_and_probes_are_left_out(tmp_path: Path) -> None:
    results = tmp_path / "bench" / "results"
    (results / "old").mkdir(parents=True)
    (results / "new").mkdir()
    base = {"machine": {"host": "box", "cpus": 2}}
    (results / "old" / "l.json").write_text(
        json.dumps(base | {"benchmark": "latency", "date": "2026-01-01T00:00:00Z", "commit": "a"})
    )
    (results / "new" / "l.json").write_text(
        json.dumps(base | {"benchmark": "latency", "date": "2026-02-01T00:00:00Z", "commit": "b"})
    )
    (results / "new" / "commits.json").write_text(json.dumps({"l.json": "c"}))
    (results / "new" / "p.json").write_text(
        json.dumps({"benchmark": "tp6_probe", "date": "2026-03-01T00:00:00Z", "commit": "d"})
    )
    out = make_latest.latest(results)
    assert set(out) == {"_about", "latency"}
    entry = out["latency"]
    assert (entry["commit"], entry["code_commit"], entry["file"]) == (
        "b",
        "c",
        "bench/results/new/l.json",
    )
    assert entry["machine"] == "box (2 CPUs)"
