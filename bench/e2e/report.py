"""Figures and tables of the end-to-end latency run: one sample per submission, p50/p95 per
scenario, each phase's share of the end-to-end time, the acceptance lines of issue #20."""

from __future__ import annotations

import math
import statistics

# The contiguous phases of one submission, from the client's send to the final event's
# arrival; they add up to total_s (clocks: the client's and the site's are the same host's).
SEGMENTS = {
    "request_s": "POST sent -> the row's created_at (HTTP, auth, checks, insert)",
    "queue_s": "created_at -> started_at (commit, enqueue, Redis, Celery, claim)",
    "runner_s": "the runner's own total (JudgeResult phases.total_s, in the warm service)",
    "worker_other_s": "started_at -> finished_at less the runner's total (job build, "
    "service socket, progress and result records)",
    "event_s": "finished_at -> the final event read by the client (event stream poll)",
}
RUNNER_PHASES = ("compile_s", "start_s", "gpu_wait_s", "tests_s", "benchmark_s",
                 "bench_checks_s", "reference_timing_s", "total_s")  # fmt: skip
TARGETS = {  # issue #20, CUDA vector add: scenario -> p50 target (s)
    "fresh": 2.5,
    "cached": 1.0,
    "chained": 1.2,
    "burst": 1.2,
}


def percentile(values: list[float], q: float) -> float | None:
    v = sorted(values)
    if not v:
        return None
    k = (len(v) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def summary(values: list, digits: int = 3) -> dict:
    v = [x for x in values if isinstance(x, int | float)]
    if not v:
        return {"n": 0, "p50": None, "p95": None, "mean": None, "min": None, "max": None}
    return {"n": len(v), "p50": round(percentile(v, 0.5), digits),
            "p95": round(percentile(v, 0.95), digits), "mean": round(statistics.fmean(v), digits),
            "min": round(min(v), digits), "max": round(max(v), digits)}  # fmt: skip


def scenario_stats(samples: list[dict]) -> dict:
    """p50/p95 of the end-to-end time and of each phase; a phase's share is its sum over the
    sum of the end-to-end times (the shares of SEGMENTS add up to 100 %)."""
    ok = [s for s in samples if s.get("total_s") is not None]
    total_sum = sum(s["total_s"] for s in ok) or float("nan")
    out = {
        "n": len(samples),
        "verdicts": dict(sorted(_count(s.get("verdict") or "?" for s in samples).items())),
        "total_s": summary([s["total_s"] for s in ok]),
        "post_round_trip_s": summary([s.get("post_s") for s in ok]),
        "spare_wait_before_s": summary([s.get("spare_wait_s") for s in ok]),
        "segments": {},
        "runner_phases": {},
    }
    for name in SEGMENTS:
        vals = [s["segments"].get(name) for s in ok]
        share = sum(v for v in vals if v is not None) / total_sum
        out["segments"][name] = {**summary(vals), "share": round(share, 4)}
    for name in RUNNER_PHASES:
        vals = [s.get("runner_phases", {}).get(name) for s in ok]
        if any(v is not None for v in vals):
            share = sum(v for v in vals if v is not None) / total_sum
            out["runner_phases"][name] = {**summary(vals), "share": round(share, 4)}
    return out


def _count(items) -> dict:
    counts: dict = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def acceptance(stats: dict, device: str) -> list[dict]:
    if device != "cuda":
        return []
    rows = []
    for name, target in TARGETS.items():
        p50 = (stats.get(name) or {}).get("total_s", {}).get("p50")
        if p50 is None:
            continue
        rows.append({"scenario": name, "p50_s": p50, "target_p50_s": target, "met": p50 <= target})
    return rows


def fmt(x) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.3f}"
    return str(x)


def table(headers: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(fmt(x) for x in r) + " |" for r in rows]
    return "\n".join(lines)


SCENARIO_TEXT = {
    "fresh": "one at a time (an idle worker, its spare ready), a unique comment in the "
    "source: nvcc runs every time",
    "cached": "one at a time (an idle worker, its spare ready), the same source: "
    "a compile-cache hit",
    "chained": "back to back: the next cached submission sent the moment the previous "
    "one's final event arrives",
    "burst": "back to back: K cached submissions sent at once, each timed from its own send",
}


def markdown(report: dict) -> str:
    h = report["header"]
    lines = [
        f"# End-to-end latency through the site ({h['device']}, {h['date']})",
        "",
        f"- Method: {h['method']}",
        f"- Commit: `{h['commit'] or 'unknown'}`; diff hash `{h['diff_hash'] or '–'}`; "
        f"tree hash `{h['tree_hash']}`",
        f"- Machine: {h['machine']}",
        f"- Stack: {h['stack']}",
        f"- Problem `{h['problem']}`, language `{h['language']}`, device kind "
        f"`{h['device_kind']}`, mode `{h['mode']}`, solution `{h['solution']}`",
        f"- Samples: {h['samples']}",
        "",
        "| scenario | what | n | verdicts | p50 s | p95 s | min s | max s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, st in report["scenarios"].items():
        t = st["total_s"]
        verdicts = ", ".join(f"{k} {v}" for k, v in st["verdicts"].items())
        lines.append(f"| {name} | {SCENARIO_TEXT.get(name, '')} | {st['n']} | {verdicts} | "
                     f"{fmt(t['p50'])} | {fmt(t['p95'])} | {fmt(t['min'])} | {fmt(t['max'])} |")  # fmt: skip
    if report.get("acceptance"):
        lines += ["", "Acceptance (issue #20, p50):", ""]
        lines.append(table(["scenario", "p50 s", "target s", "met"],
                           [[a["scenario"], a["p50_s"], a["target_p50_s"], "yes" if a["met"] else "no"]
                            for a in report["acceptance"]]))  # fmt: skip
    lines += ["", "## Phases (p50 / p95 s, share of the end-to-end time)", ""]
    for name, st in report["scenarios"].items():
        rows = [[seg, v["p50"], v["p95"], f"{100 * v['share']:.1f} %"]
                for seg, v in st["segments"].items()]  # fmt: skip
        rows += [[f"  runner {ph}", v["p50"], v["p95"], f"({100 * v['share']:.1f} %)"]
                 for ph, v in st["runner_phases"].items()]  # fmt: skip
        rows.append(["POST round trip (inside request_s + queue_s)",
                     st["post_round_trip_s"]["p50"], st["post_round_trip_s"]["p95"], ""])  # fmt: skip
        lines += [f"### {name}", "", table(["phase", "p50", "p95", "share"], rows), ""]
    lines += ["Phases:", ""] + [f"- `{k}`: {v}" for k, v in SEGMENTS.items()]
    lines += ["- runner phases (in parentheses) overlap one another and lie inside `runner_s`."]
    if report.get("notes"):
        lines += ["", "Notes:", ""] + [f"- {n}" for n in report["notes"]]
    return "\n".join(lines) + "\n"
