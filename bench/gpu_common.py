"""Helpers shared by the GPU benchmarks (latency, throughput, timing truth). No Django: these
run with plain ``python3`` on a GPU box that has torch (and triton, cupy, ncu) only.

A judgement here is what a worker does: write the JobSpec JSON, run
``python -m runner job SPEC --events FILE`` in a fresh process, read the JudgeResult from
stdout.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "problems" / "catalog"
for _p in (ROOT, ROOT / "bench"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from provenance import commit_label, provenance, source_state  # noqa: E402

from runner.tools.validate import solution_language as language_of  # noqa: E402,F401


def percentile(values: list[float], q: float) -> float | None:
    v = sorted(x for x in values if x is not None)
    if not v:
        return None
    k = (len(v) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def summary(values: list[float], digits: int = 3, method: str = "") -> dict:
    """Percentiles of ``values`` (None dropped); with ``method``, also what one value measures
    and the sample count (``samples`` = ``n``), as every reported figure carries."""
    v = [x for x in values if x is not None]
    extra = {"method": method, "samples": len(v)} if method else {}
    if not v:
        return {"n": 0, "p50": None, "p95": None, "mean": None, "min": None, "max": None, **extra}
    return {
        "n": len(v),
        "p50": round(percentile(v, 0.5), digits),
        "p95": round(percentile(v, 0.95), digits),
        "mean": round(statistics.fmean(v), digits),
        "min": round(min(v), digits),
        "max": round(max(v), digits),
        **extra,
    }


def cv(values: list[float]) -> float | None:
    v = [x for x in values if x is not None]
    if len(v) < 2 or statistics.fmean(v) == 0:
        return None
    return statistics.stdev(v) / statistics.fmean(v)


def git_commit() -> str:
    """A short name for the code that runs: $KJ_BENCH_COMMIT if set, else HEAD, with
    "+changes" when the files differ from it (bench/provenance.py has the full record)."""
    return commit_label({"source": source_state()})


def machine(device: str) -> dict:
    info = {"host": platform.node(), "cpus": os.cpu_count(), "python": platform.python_version()}
    try:  # no CUDA context here: the driver process must not hold GPU memory or time
        import torch

        info["torch"] = torch.__version__
    except Exception as exc:  # noqa: BLE001 - informational only
        info["torch_error"] = str(exc)
    if device == "cuda":
        info["arch"] = arch_of_gpu()
    try:
        smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20)  # fmt: skip
        if smi.returncode == 0:
            info["nvidia_smi"] = smi.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return info


def arch_of_gpu() -> str:
    """sm_XY of GPU 0 from nvidia-smi (no CUDA context in this process); sm_90 if unknown."""
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20)  # fmt: skip
        major, minor = out.stdout.strip().splitlines()[0].strip().split(".")
        return f"sm_{int(major)}{int(minor)}"
    except (OSError, ValueError, IndexError, subprocess.TimeoutExpired):
        return "sm_90"


def header(name: str, device: str, args) -> dict:
    """The top of a report: ``provenance`` (bench/provenance.py: commit, tree id, diff hash,
    machine, argv) and, for the tables, ``commit`` (its short label) and ``machine``."""
    prov = provenance()
    return {
        "benchmark": name,
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit_label(prov),
        "provenance": prov,
        "device": device,
        "machine": machine(device),
        "args": {k: v for k, v in vars(args).items() if k not in ("out",)},
    }


def job_json(slug: str, source: str, language: str, device: str, mode: str = "submit",
             seed: int = 1, limits: dict | None = None, arch: str = "sm_90") -> str:  # fmt: skip
    """A JobSpec JSON as the worker builds it (the problem from its package)."""
    from runner.contract import JobSpec, ProblemSpec

    problem = ProblemSpec.from_dir(CATALOG / slug)
    lim = None
    if limits:
        lim = dataclasses.replace(problem.limits, **limits)
    job = JobSpec(problem=problem, source=source, language=language, mode=mode, device=device,
                  seed=seed, limits=lim, arch=arch)  # fmt: skip
    return job.to_json()


def _pythonpath() -> str:
    """The project first, then whatever the caller's PYTHONPATH holds (a language's package
    unpacked outside the environment, on a GPU box without internet)."""
    return os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)


def run_job(
    spec_json: str, cache_dir: str | None = None, timeout: float = 600, gpu: int | None = None
) -> dict:
    """`python -m runner job` in a fresh process, as a worker runs it. Returns the wall time,
    the verdict, the runner's phases and the events' arrival times (s after the start).
    ``gpu``: the index the judging process may see (CUDA_VISIBLE_DEVICES), as judge_worker
    pins each worker."""
    with tempfile.TemporaryDirectory(prefix="kjbench-") as tmp:
        spec = Path(tmp) / "job.json"
        events = Path(tmp) / "events.jsonl"
        spec.write_text(spec_json)
        env = {**os.environ, "PYTHONPATH": _pythonpath()}
        if cache_dir:
            env["KERNELJUDGE_CACHE"] = cache_dir
        if gpu is not None:  # a worker pinned to one GPU
            env["CUDA_VISIBLE_DEVICES"] = str(gpu)
        t0 = time.monotonic()
        try:
            p = subprocess.run([sys.executable, "-m", "runner", "job", str(spec), "--events", str(events)],
                               capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout)  # fmt: skip
        except subprocess.TimeoutExpired:
            return {"wall_s": round(time.monotonic() - t0, 3), "verdict": "bench_timeout"}
        wall = time.monotonic() - t0
        try:
            res = json.loads(p.stdout)
        except json.JSONDecodeError:
            return {"wall_s": round(wall, 3), "verdict": "bench_no_result", "rc": p.returncode,
                    "stderr": p.stderr[-2000:]}  # fmt: skip
        return shape_result(res, wall)


def shape_result(res: dict, wall: float) -> dict:
    """The figures the benchmarks keep of one JudgeResult dict and its wall time."""
    phases = res.get("phases") or {}
    bench = res.get("benchmark") or {}
    return {
        "wall_s": round(wall, 3),
        "verdict": res.get("verdict"),
        "message": (res.get("message") or "")[:300] if res.get("verdict") != "accepted" else "",
        "phases": phases,
        "score_ms": bench.get("score_ms"),
        "cases": [{k: c.get(k) for k in ("name", "median_ms", "mean_ms", "std_ms", "min_ms", "runs",
                                        "rel_se", "stop_reason", "clock", "burst_calls",
                                        "clock_noise_ms", "synced_time_calls", "late_sync_calls",
                                        "flags", "clock_samples")}
                  for c in bench.get("cases") or []],
        "flags": res.get("flags") or [],
        "device_name": (res.get("device") or {}).get("name"),
    }  # fmt: skip


class RunnerService:
    """``python -m runner serve`` in the background, as a worker with KJ_RUNNER_SERVICE=1 runs
    it; ``judge`` sends one job through runner.service.client once the spare child is ready (the
    wait is not in the job's wall time; it is reported as ``spare_wait_s``)."""

    def __init__(self, device: str, cache_dir: str | None = None, gpu: int | None = None) -> None:
        self.dir = tempfile.mkdtemp(prefix="kjbench-svc-")
        os.chmod(self.dir, 0o700)
        self.socket = str(Path(self.dir) / "runner.sock")
        env = {**os.environ, "PYTHONPATH": _pythonpath()}
        if gpu is not None:
            env["CUDA_VISIBLE_DEVICES"] = str(gpu)
        if cache_dir:
            env["KERNELJUDGE_CACHE"] = cache_dir
        self.log = open(Path(self.dir) / "serve.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "runner", "serve", "--socket", self.socket, "--device", device],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def wait_ready(self, timeout_s: float = 120.0) -> bool:
        from runner.service.server import ping

        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and self.proc.poll() is None:
            pong = ping(self.socket, timeout_s=5)
            if pong and pong.get("spare_ready"):
                return True
            time.sleep(0.05)
        return False

    def judge(self, spec_json: str, timeout: float = 600) -> dict:
        from runner.service.client import ServiceUnavailable, run_service_job

        t_wait = time.monotonic()
        ready = self.wait_ready()
        t0 = time.monotonic()
        spare_wait = round(t0 - t_wait, 3)
        try:
            out = run_service_job(spec_json, self.socket, timeout_s=timeout)
        except ServiceUnavailable as exc:
            return {"wall_s": round(time.monotonic() - t0, 3), "verdict": "bench_service_error",
                    "message": str(exc)[:300]}  # fmt: skip
        wall = time.monotonic() - t0
        if out.result is None:
            return {"wall_s": round(wall, 3), "verdict": "bench_timeout", "message": out.error}
        r = shape_result(out.result, wall)
        r.update(spare_was_ready=ready, spare_wait_s=spare_wait)
        return r

    def close(self) -> str:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        text = (Path(self.dir) / "serve.log").read_text(errors="replace")[-3000:]
        shutil.rmtree(self.dir, ignore_errors=True)
        return text


def nonce_source(source: str, language: str, nonce: str) -> str:
    """The same program with a unique comment, so the compile cache misses."""
    mark = "//" if language == "cuda" else "#"
    return f"{mark} kjbench nonce {nonce}\n{source}"


def write_outputs(out_dir: Path, name: str, report: dict, markdown: str) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{name}.json").write_text(json.dumps(report, indent=2) + "\n")
    (out_dir / f"{name}.md").write_text(markdown.rstrip() + "\n")


def write_partial(out_dir: Path, name: str, items: list) -> None:
    """What was measured so far, rewritten after every item: a run killed by its time limit
    still leaves its data (`<name>.partial.json`); the full report replaces nothing of it."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{name}.partial.json").write_text(json.dumps(items, indent=1) + "\n")


def default_out_dir() -> Path:
    out = os.environ.get("OUT")
    if out:
        return Path(out)
    return ROOT / "bench" / "results" / f"{datetime.now(UTC):%Y-%m-%d}-h200"


def md_table(headers: list[str], rows: list[list]) -> str:
    def fmt(x) -> str:
        if x is None:
            return "–"
        if isinstance(x, float):
            return f"{x:.4g}"
        return str(x)

    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(fmt(x) for x in r) + " |" for r in rows]
    return "\n".join(lines)
