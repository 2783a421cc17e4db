"""Judged submissions per GPU-hour: a mix of the easy problems' correct CUDA solutions, judged
by supervisors side by side, each a loop of ``python -m runner job`` processes as a worker
runs them. A layout GxS is G GPUs with S supervisors pinned to each (CUDA_VISIBLE_DEVICES),
as judge_worker pins one worker per GPU; benchmark phases on one GPU take turns (the GPU's
benchmark lock), everything else overlaps.

    python3 bench/throughput.py [--layouts 1x1,1x4] [--window 45] [--out DIR]
    python3 bench/throughput.py --layouts 1x1,2x1 --name throughput_2gpu   # two GPUs
    python3 bench/throughput.py --layouts 1x1,1x4 --via service   # warm runner services
    python3 bench/throughput.py --device cpu --quick     # smoke test: PyTorch on the CPU
    python3 bench/throughput.py --layouts 1x6 --via service --window 300 --baseline
        # the acceptance run: each solution first judged alone, then its scores under load
        # compared with that (timing_under_load), and the GPU lock's occupancy (gpu_lock)

Every job gets a unique source (fresh compile, as real submissions do). A configuration
starts no new job after `--window` seconds and waits for the running ones; throughput is
completed judgements / elapsed wall time. The GPU busy fraction is the mean, over the GPUs in use, of
``nvidia-smi --query-gpu=utilization.gpu`` sampled every 200 ms during the configuration
(the share of time a kernel was running), null on the CPU.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_common import (  # noqa: E402
    CATALOG,
    RunnerService,
    arch_of_gpu,
    default_out_dir,
    header,
    job_json,
    language_of,
    md_table,
    nonce_source,
    run_job,
    summary,
    write_outputs,
)


def easy_mix(device: str, limit: int) -> list[tuple[str, Path]]:
    """(slug, solution) of easy problems: correct CUDA solutions (GPU) or PyTorch (CPU)."""
    import tomllib

    out = []
    for pkg in sorted(CATALOG.iterdir()):
        toml = pkg / "problem.toml"
        if not toml.exists():
            continue
        if tomllib.loads(toml.read_text()).get("difficulty") != "easy":
            continue
        sols = sorted((pkg / "solutions").glob("correct_*"))
        if device == "cuda":
            sols = [s for s in sols if s.suffix == ".cu"]
        else:
            sols = [s for s in sols if s.suffix == ".py" and language_of(s) == "pytorch"]
        out += [(pkg.name, s) for s in sols]
    return out[:limit] if limit else out


class UtilSampler:
    """nvidia-smi utilization.gpu of every GPU every 200 ms in a background process."""

    def __init__(self) -> None:
        self.samples: dict[int, list[float]] = {}
        self.proc = None
        self.thread = None

    def start(self) -> None:
        try:
            self.proc = subprocess.Popen(
                ["nvidia-smi", "--query-gpu=index,utilization.gpu", "--format=csv,noheader,nounits", "-lms", "200"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            )  # fmt: skip
        except OSError:
            self.proc = None
            return
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                index, util = (float(x) for x in line.strip().split(","))
            except ValueError:
                continue
            self.samples.setdefault(int(index), []).append(util)

    def stop(self, gpus: int) -> list[float] | None:
        """The busy fraction of GPUs 0..gpus-1."""
        if self.proc is None:
            return None
        self.proc.terminate()
        self.proc.wait(10)
        out = []
        for g in range(gpus):
            xs = self.samples.get(g) or []
            out.append(round(sum(xs) / len(xs) / 100.0, 4) if xs else None)
        return out


def parse_layouts(text: str) -> list[tuple[int, int]]:
    """ "1x1,2x1" -> [(1, 1), (2, 1)]; a bare "4" means one GPU with 4 supervisors."""
    out = []
    for item in filter(None, (x.strip() for x in text.split(","))):
        g, _, s = item.partition("x")
        out.append((int(g), int(s)) if s else (1, int(g)))
    return out


def run_config(
    gpus: int,
    per_gpu: int,
    mix,
    device: str,
    arch: str,
    window: float,
    max_jobs: int,
    mode: str,
    via: str = "process",
    baseline: dict[str, float] | None = None,
) -> dict:
    """One layout's window; with ``baseline`` (scores judged alone), its timing under load."""
    jobs = itertools.cycle(mix)
    lock = threading.Lock()
    results: list[dict] = []
    started = [0]
    pins = [g if device == "cuda" else None for g in range(gpus) for _ in range(per_gpu)]
    # with --via service: one warm `runner serve` per supervisor, booted before the window
    services = [RunnerService(device, gpu=g) for g in pins] if via == "service" else []
    for svc in services:
        svc.wait_ready()
    t0 = time.monotonic()
    stop_at = t0 + window

    def supervisor(k: int, gpu: int | None) -> None:
        while True:
            with lock:
                if time.monotonic() >= stop_at or started[0] >= max_jobs:
                    return
                started[0] += 1
                slug, sol = next(jobs)
            lang = language_of(sol)
            src = nonce_source(sol.read_text(), lang, uuid.uuid4().hex)
            spec = job_json(slug, src, lang, device, mode, started[0], None, arch)
            r = services[k].judge(spec) if services else run_job(spec, gpu=gpu)
            r.update({"problem": slug, "solution": sol.name, "gpu": gpu})
            with lock:
                results.append(r)

    sampler = UtilSampler() if device == "cuda" else None
    if sampler:
        sampler.start()
    threads = [threading.Thread(target=supervisor, args=(k, g)) for k, g in enumerate(pins)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - t0
    busy = sampler.stop(gpus) if sampler else None
    for svc in services:
        svc.close()
    verdicts: dict[str, int] = {}
    for r in results:
        verdicts[r.get("verdict") or "?"] = verdicts.get(r.get("verdict") or "?", 0) + 1
    per_hour = len(results) / elapsed * 3600 if elapsed else 0.0
    report = {
        "layout": f"{gpus}x{per_gpu}",
        "via": via,
        "gpus": gpus,
        "supervisors_per_gpu": per_gpu,
        "elapsed_s": round(elapsed, 2),
        "judged": len(results),
        "accepted": verdicts.get("accepted", 0),
        "verdicts": verdicts,
        "judged_per_hour": round(per_hour, 1),
        "judged_per_gpu_hour": round(per_hour / gpus, 1),
        "judged_per_gpu": {str(g): sum(r.get("gpu") == g for r in results) for g in range(gpus)},
        "gpu_busy_fraction": busy,
        "gpu_lock": lock_occupancy(results, elapsed * gpus),
        "wall_s": summary([r["wall_s"] for r in results],
                          method="wall time of one judgement under this load (runner only)"),
        "benchmark_s": summary([(r.get("phases") or {}).get("benchmark_s") for r in results],
                               method="the runner's benchmark phase per judgement"),
        "gpu_wait_s": summary([(r.get("phases") or {}).get("gpu_wait_s") for r in results],
                              method="time waiting for the GPU's benchmark lock per judgement"),
        "spare_wait_s": summary([r.get("spare_wait_s") for r in results],
                                method="time waiting for the warm service's spare child"),
        "judged_per_hour_method": "judgements finished / elapsed wall time of the whole run, "
        "x 3600 (every supervisor busy; runner only, no queue or site)",
        # every phase the runner reports (the GPU lock covers clock_calibration_s and
        # benchmark_s less bench_checks_s)
        "phases": {k: summary([(r.get("phases") or {}).get(k) for r in results])
                   for k in sorted({k for r in results for k in (r.get("phases") or {})})},
        "per_problem": per_problem(results),
        "failures": [{k: r.get(k) for k in ("problem", "solution", "verdict", "message")}
                     for r in results if r.get("verdict") != "accepted"][:20],
    }  # fmt: skip
    if baseline:
        report["timing_under_load"] = timing_under_load(results, baseline)
    return report


LOCK_PHASES = (
    "gpu_held_calibration_s",
    "gpu_held_benchmark_s",
    "gpu_held_profile_s",
    "spare_context_lock_s",
)


def lock_occupancy(results: list[dict], gpu_seconds: float) -> dict:
    """What held the GPUs' benchmark locks: per purpose, seconds per judgement (mean) and the
    share of the run's GPU-seconds (the judges' own accounting: the supervisor's time between
    acquiring and releasing; a spare's CUDA context creation, charged to the job that adopted
    it)."""
    out: dict = {"method": "sum over judgements of the lock's held time / (elapsed x GPUs)"}
    n = max(1, len(results))
    total = 0.0
    for key in LOCK_PHASES:
        s = sum(float((r.get("phases") or {}).get(key) or 0.0) for r in results)
        total += s
        out[key] = {
            "mean_s": round(s / n, 4),
            "fraction": round(s / gpu_seconds, 4) if gpu_seconds else None,
        }
    out["held_fraction"] = round(total / gpu_seconds, 4) if gpu_seconds else None
    out["held_mean_s"] = round(total / n, 4)
    return out


def run_baseline(mix, device: str, arch: str, mode: str) -> tuple[dict[str, float], dict[str, int]]:
    """Each solution of the mix judged once, alone on the GPU, by one warm service: the score
    the loaded runs are compared with (``--baseline``)."""
    svc = RunnerService(device, gpu=0 if device == "cuda" else None)
    svc.wait_ready()
    out: dict[str, float] = {}
    results = []
    try:
        for i, (slug, sol) in enumerate(mix):
            lang = language_of(sol)
            src = nonce_source(sol.read_text(), lang, uuid.uuid4().hex)
            r = svc.judge(job_json(slug, src, lang, device, mode, 10_000 + i, None, arch))
            results.append(r)
            if r.get("score_ms"):
                out[f"{slug}/{sol.name}"] = r["score_ms"]
    finally:
        svc.close()
    return out, flag_counts(results)


def flag_counts(results: list[dict]) -> dict[str, int]:
    flags: dict[str, int] = {}
    for r in results:
        for f in r.get("flags") or []:
            if f != "prestarted_child":
                flags[f] = flags.get(f, 0) + 1
    return flags


def timing_under_load(results: list[dict], baseline: dict[str, float]) -> dict:
    """Each solution's score under this load over its score alone (median per solution), and
    the clock's flags: the judge's timing truth must not move with the load."""
    ratios = []
    for key, alone in sorted(baseline.items()):
        scores = [
            r["score_ms"]
            for r in results
            if f"{r['problem']}/{r['solution']}" == key and r.get("score_ms")
        ]
        if scores:
            ratios.append((key, statistics.median(scores) / alone, len(scores)))
    flags = flag_counts(results)
    vals = [x for _, x, _ in ratios]
    return {
        "method": "median score of a solution's judgements under load / its score judged "
        "alone by one warm service before the window (runner only)",
        "solutions": len(ratios),
        "ratio_p50": round(statistics.median(vals), 4) if vals else None,
        "ratio_min": round(min(vals), 4) if vals else None,
        "ratio_max": round(max(vals), 4) if vals else None,
        "outside_3pct": [(k, round(x, 4), n) for k, x, n in ratios if abs(x - 1) > 0.03],
        "per_solution": {k: {"ratio": round(x, 4), "judged": n} for k, x, n in ratios},
        "flags": flags,
    }


def lock_split(lock: dict) -> str:
    return " / ".join(f"{lock[k]['mean_s']:.3f}" for k in LOCK_PHASES if k != "gpu_held_profile_s")


def per_problem(results: list[dict]) -> dict:
    """Where the time goes, problem by problem: judgements, wall and benchmark medians, and
    why the benchmark's cases stopped (converged, budget, max_runs)."""
    out: dict[str, dict] = {}
    for slug in sorted({r["problem"] for r in results}):
        rows = [r for r in results if r["problem"] == slug]
        stops: dict[str, int] = {}
        for r in rows:
            for case in r.get("cases") or []:
                reason = case.get("stop_reason") or "?"
                stops[reason] = stops.get(reason, 0) + 1
        out[slug] = {
            "judged": len(rows),
            "wall_s_p50": summary([r["wall_s"] for r in rows])["p50"],
            "benchmark_s_p50": summary([(r.get("phases") or {}).get("benchmark_s") for r in rows])[
                "p50"
            ],
            "case_stops": stops,
            "timed_calls_p50": summary([c.get("runs") for r in rows for c in r.get("cases") or []])[
                "p50"
            ],
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument("--layouts", default="1x1,1x4", help="GPUsxSupervisors per GPU, compared")
    ap.add_argument("--window", type=float, default=45.0, help="seconds per configuration")
    ap.add_argument("--max-jobs", type=int, default=1000, help="per configuration")
    ap.add_argument("--mix-size", type=int, default=0, help="first K solutions of the mix (0: all)")
    ap.add_argument("--mode", default="submit", choices=["run", "submit"])
    ap.add_argument("--name", default="throughput", help="output file name (without .json/.md)")
    ap.add_argument(
        "--via",
        default="process",
        choices=["process", "service"],
        help="a `python -m runner job` per judgement, or a warm `runner serve` per supervisor",
    )
    ap.add_argument("--out", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument(
        "--baseline",
        action="store_true",
        help="first judge each solution alone, then compare its scores under load with it",
    )
    ap.add_argument("--baseline-from", default="", help="the baseline of an earlier run's JSON")
    args = ap.parse_args(argv)
    if args.quick:
        args.layouts, args.window, args.max_jobs, args.mix_size, args.mode = (
            "1x1,1x2",
            1.0,
            2,
            2,
            "run",
        )
    mix = easy_mix(args.device, args.mix_size)
    arch = arch_of_gpu() if args.device == "cuda" else "sm_90"
    baseline, baseline_flags = {}, {}
    if args.baseline:
        baseline, baseline_flags = run_baseline(mix, args.device, arch, args.mode)
    if args.baseline_from:
        earlier = json.loads(Path(args.baseline_from).read_text())
        baseline, baseline_flags = earlier["baseline_score_ms"], earlier.get("baseline_flags", {})
    configs = []
    for gpus, per_gpu in parse_layouts(args.layouts):
        c = run_config(
            gpus, per_gpu, mix, args.device, arch, args.window, args.max_jobs, args.mode, args.via,
            baseline,
        )  # fmt: skip
        configs.append(c)
        print(f"[throughput] {c['layout']}: {c['judged']} judged in {c['elapsed_s']} s = "
              f"{c['judged_per_hour']}/h, busy {c['gpu_busy_fraction']}, {c['verdicts']}", file=sys.stderr)  # fmt: skip
    base = configs[0]["judged_per_hour"] if configs else 0
    for c in configs:
        c["speedup_vs_first"] = round(c["judged_per_hour"] / base, 3) if base else None
    report = header(args.name, args.device, args)
    report.update({"mix": [f"{s}/{p.name}" for s, p in mix], "configs": configs,
                   "baseline_score_ms": baseline, "baseline_flags": baseline_flags})  # fmt: skip
    rows = [[c["layout"], c["judged"], c["accepted"], c["elapsed_s"], c["judged_per_hour"],
             c["judged_per_gpu_hour"], c["speedup_vs_first"], c["gpu_busy_fraction"], c["wall_s"]["p50"],
             c["gpu_wait_s"]["p50"], c["benchmark_s"]["mean"], c["spare_wait_s"]["mean"],
             c["gpu_lock"]["held_fraction"], lock_split(c["gpu_lock"])]
            for c in configs]  # fmt: skip
    table = md_table(["GPUs x supervisors", "judged", "accepted", "elapsed s", "judged / hour",
                      "judged / GPU-hour", "speedup", "GPU busy", "wall p50 s", "lock wait p50 s",
                      "benchmark mean s", "spare wait mean s", "lock held",
                      "lock s per judgement: calibration / benchmark / spare context"], rows)  # fmt: skip
    md = (
        f"# Throughput on {args.device} ({report['date']}, commit {report['commit']})\n\n"
        f"Mix ({len(mix)} solutions, round robin, fresh compile each): {', '.join(report['mix'])}\n\n{table}\n"
    )
    for c in configs:
        if "timing_under_load" in c:
            t = c["timing_under_load"]
            md += (f"\n{c['layout']}: score under load / alone, {t['solutions']} solutions: p50 "
                   f"{t['ratio_p50']}, min {t['ratio_min']}, max {t['ratio_max']}; outside 3 %: "
                   f"{t['outside_3pct']}; flags {t['flags']} (alone, {len(baseline)} "
                   f"judgements: {baseline_flags})\n")  # fmt: skip
    write_outputs(Path(args.out) if args.out else default_out_dir(), args.name, report, md)
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
