"""Collect the newest figure of each benchmark into bench/results/latest.json.

    python bench/make_latest.py [--web FILE] [--queue FILE] [--gpu-dir DIR] [--out FILE]

Each input is optional; an entry whose input is missing keeps its previous value from the
existing latest.json, or is marked "not measured yet" with the reason. GPU entries come from
the JSON files bench/gpu_session.sh writes (see GPU_ENTRIES).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GPU_REASON = (
    "not measured yet: needs an H200; run `bash bench/gpu_session.sh verify` and "
    "`bash bench/gpu_session.sh perf` on the device, then bench/make_latest.py --gpu-dir DIR"
)


def web_entry(report: dict) -> dict:
    return {
        "date": report["date"],
        "commit": report["commit"],
        "machine": report["machine"],
        "source": "bench/web_bench.py",
        "provenance": report.get("provenance"),
        "config": report["config"],
        "database": report["database"],
        "median_of_runs": {
            name: e["median"]
            | {"target_p95_ms": e["target_p95_ms"], "meets_target": e["meets_target"]}
            for name, e in report["endpoints"].items()
        },  # fmt: skip
    }


def queue_entry(report: dict) -> dict:
    return {
        "date": report["date"],
        "commit": report["commit"],
        "machine": report["machine"],
        "source": "bench/queue_overhead.py",
        "provenance": report.get("provenance"),
        "config": report["config"],
        "p50_s": {k: v["p50"] for k, v in report["stats"].items()},
        "p95_s": {k: v["p95"] for k, v in report["stats"].items()},
    }


def gpu_entry(report: dict, keys: list[str]) -> dict:
    out = {k: report.get(k) for k in ("date", "commit", "machine", "device")}
    out["source"] = f"bench/{report['benchmark']}.py"
    out["provenance"] = report.get("provenance")  # bench/provenance.py, where recorded
    for k in keys:
        out[k] = report.get(k)
    return out


# per GPU benchmark: the report keys kept, and the file names bench/gpu_session.sh writes
# (newest layout first)
GPU_ENTRIES = {
    "latency": (["problem", "mode", "via", "stats"],
                ["latency_service.json", "latency_process.json", "latency.json"]),
    "throughput": (["mix", "configs"],
                   ["throughput_service.json", "throughput_service_1x4.json",
                    "throughput_service_2step.json",
                    "throughput.json", "throughput_2gpu.json"]),
    "timing_truth": (["summary", "solutions"], ["timing_truth.json", "timing_truth.partial.json"]),
}  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--web")
    ap.add_argument("--queue")
    ap.add_argument("--gpu-dir")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "latest.json"))
    args = ap.parse_args()
    out = Path(args.out)
    latest = json.loads(out.read_text()) if out.exists() else {}
    latest.setdefault(
        "_about", "Newest figure of each benchmark; docs/performance.md explains them."
    )
    if args.web:
        latest["web"] = web_entry(json.loads(Path(args.web).read_text()))
    if args.queue:
        latest["queue_overhead"] = queue_entry(json.loads(Path(args.queue).read_text()))
    gpu_dir = Path(args.gpu_dir) if args.gpu_dir else None
    # commits.json in a results folder: file -> the commit whose code ran, where the files'
    # own `commit` field names another (a machine's copy of the tree with changes on top)
    commits_file = gpu_dir / "commits.json" if gpu_dir else None
    commits = json.loads(commits_file.read_text()) if commits_file and commits_file.exists() else {}
    for name, (keys, files) in GPU_ENTRIES.items():
        found = [gpu_dir / f for f in files if gpu_dir and (gpu_dir / f).exists()]
        if found:
            data = json.loads(found[0].read_text())
            if isinstance(data, list):  # a .partial.json: the items measured before a cut
                entry = {"status": "partial: the run was cut short by its time limit",
                         "source": f"bench/{name}.py", "file": found[0].name, "items": data}  # fmt: skip
            else:
                entry = gpu_entry(data, keys)
                entry["file"] = found[0].name
                intended = ((data.get("provenance") or {}).get("source") or {}).get(
                    "intended_commit"
                )
                code = commits.get(found[0].name) or intended
                if code:
                    entry["code_commit"] = code
            latest[f"gpu_{name}"] = entry
        elif f"gpu_{name}" not in latest or latest[f"gpu_{name}"].get("status"):
            latest[f"gpu_{name}"] = {"status": "not measured yet", "reason": GPU_REASON,
                                     "script": f"bench/{name}.py"}  # fmt: skip
    out.write_text(json.dumps(latest, indent=2) + "\n")
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
