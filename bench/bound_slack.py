"""Measures the slack the supervisor's bound needs: how far below its bound honest solutions'
figures fall, per benchmark case, on a GPU (windows of bursts of calls) or on the CPU (the job
cgroup's CPU time per call).

    python bench/bound_slack.py --device cuda --repeats 5     # on a GPU machine
    python bench/bound_slack.py --device cpu --repeats 3      # anywhere

Each honest catalog solution below is judged ``--repeats`` times in mode submit; for every
benchmark case the raw clock entry is kept, with ``shortfall = 1 - events / bound`` (how much
lower than the bound the events' median is: the relative slack this judgement needed;
negative when the events are above the bound). The summary gives, per case, the largest
shortfall over the judgements, and the largest of all: ``runner.supervisor.clock.SLACK_REL``
must be at least that for honest work to keep its own figure, and it is also what a forged
figure can gain. Writes ``bench/results/<date>-<device>-bound-slack/bound_slack.json`` (raw
entries, summary, provenance: commit, machine, method, samples).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from provenance import provenance  # noqa: E402

from runner import judge  # noqa: E402
from runner.contract import JobSpec, Limits, ProblemSpec  # noqa: E402
from runner.supervisor import clock  # noqa: E402

# (problem, solution, language): sizes from microseconds to milliseconds
SOLUTIONS = {
    "cuda": [
        ("dot-product", "correct_two_pass.cu", "cuda"),
        ("dot-product", "correct_blocked_pytorch.py", "pytorch"),
        ("vector-add", "correct_basic.cu", "cuda"),
        ("vector-add", "correct_pytorch.py", "pytorch"),
        ("vector-add", "correct_triton.py", "triton"),
        ("reduction", "correct_atomic.cu", "cuda"),
        ("reduction", "correct_blocked_pytorch.py", "pytorch"),
        ("softmax", "correct_online.cu", "cuda"),
        ("matrix-transpose", "correct_tiled.cu", "cuda"),
        ("matrix-transpose", "correct_pytorch.py", "pytorch"),
        ("matrix-multiplication", "correct_pytorch.py", "pytorch"),
        ("matrix-multiplication", "correct_fp32_accumulate.cu", "cuda"),
    ],
    "cpu": [
        ("dot-product", "correct_blocked_pytorch.py", "pytorch"),
        ("vector-add", "correct_pytorch.py", "pytorch"),
        ("vector-add", "correct_triton.py", "triton"),
        ("reduction", "correct_blocked_pytorch.py", "pytorch"),
        ("matrix-transpose", "correct_pytorch.py", "pytorch"),
        ("matrix-multiplication", "correct_pytorch.py", "pytorch"),
    ],
}
METHOD = (
    "each solution judged in mode submit with the default limits; per benchmark case the "
    "clock entry of the result (events' median, the supervisor's bound, calls per window, the "
    "clock's noise); shortfall = 1 - events/bound"
)


def judge_once(slug: str, name: str, language: str, device: str, seed: int) -> dict:
    pdir = ROOT / "problems" / "catalog" / slug
    job = JobSpec(
        problem=ProblemSpec.from_dir(pdir),
        source=(pdir / "solutions" / name).read_text(),
        language=language,
        mode="submit",
        device=device,
        seed=seed,
        limits=Limits(),
    )
    t0 = time.monotonic()
    r = judge(job)
    out = {
        "problem": slug,
        "solution": name,
        "seed": seed,
        "verdict": r.verdict,
        "message": r.message[:300],
        "seconds": round(time.monotonic() - t0, 2),
        "cases": [],
    }
    for c in (r.benchmark or {}).get("cases", []):
        ck = c["clock"]
        bound, events = ck["bound_ms"], ck["event_median_ms"]
        out["cases"].append(
            {
                "case": c["name"],
                "median_ms": c["median_ms"],
                "runs": c["runs"],
                "burst_calls": c.get("burst_calls"),
                "clock_noise_ms": c.get("clock_noise_ms"),
                "shortfall": 1 - events / bound if bound > 0 else None,
                "clock": ck,
                "clock_samples": c.get("clock_samples"),
            }
        )
    return out


def summarize(rows: list[dict]) -> dict:
    per: dict[str, dict] = {}
    for row in rows:
        for c in row["cases"]:
            key = f"{row['problem']}/{row['solution']} :: {c['case']}"
            e = per.setdefault(key, {"judgements": 0, "worst_shortfall": None, "events_ms": []})
            e["judgements"] += 1
            e["events_ms"].append(c["clock"]["event_median_ms"])
            s = c["shortfall"]
            if s is not None and (e["worst_shortfall"] is None or s > e["worst_shortfall"]):
                e["worst_shortfall"] = s
    worst = max(
        (e["worst_shortfall"] for e in per.values() if e["worst_shortfall"] is not None),
        default=None,
    )
    return {"per_case": per, "worst_shortfall": worst, "slack_rel_in_code": clock.SLACK_REL}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("-k", dest="only", help="only solutions whose problem/name contains this")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--tag", default=None, help="the machine in the folder name (h200, cpu)")
    args = ap.parse_args(argv)
    started = datetime.now(UTC)
    folder = args.out or ROOT / "bench" / "results" / (
        f"{started:%Y-%m-%d}-{args.tag or ('h200' if args.device == 'cuda' else 'cpu')}-bound-slack"
    )
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / "bound_slack.partial.jsonl"  # each judgement as it ends
    rows = []
    for slug, name, language in SOLUTIONS[args.device]:
        if args.only and args.only not in f"{slug}/{name}":
            continue
        for rep in range(args.repeats):
            row = judge_once(slug, name, language, args.device, seed=1000 + rep)
            rows.append(row)
            with partial.open("a") as f:
                f.write(json.dumps(row) + "\n")
            short = [c["shortfall"] for c in row["cases"]]
            print(f"{slug}/{name} #{rep}: {row['verdict']} shortfall {short}", flush=True)
    out = {
        "purpose": "the relative slack the supervisor's bound needs (bench/bound_slack.py)",
        "device": args.device,
        "started": started.isoformat(),
        "method": METHOD,
        "samples": {"repeats": args.repeats, "judgements": len(rows)},
        "provenance": provenance(),
        "summary": summarize(rows),
        "judgements": rows,
    }
    path = folder / "bound_slack.json"
    path.write_text(json.dumps(out, indent=1))
    print(f"worst shortfall {out['summary']['worst_shortfall']}; wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
