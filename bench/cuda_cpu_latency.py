"""Run latency of CUDA C++ on the CPU (the emulation) through the site on the embedded default:
what a learner without a GPU waits for after pressing Run on vector-add.

    python bench/cuda_cpu_latency.py [--n 20] [--out bench/results/DIR] [--port 8765]

Starts what `make run` starts, in a private folder (SQLite file, filesystem broker, compile
cache): `manage.py migrate`, `sync_problems vector-add`, then `manage.py run_site` (the web
server and its local judging worker with the warm runner service). A user and an API token are
made with `manage.py ensure_demo_admin`; the site's rate limits are lifted for the run (the
defaults allow 10 submissions a minute). Then, one at a time, it submits the catalog's
`correct_basic.cu` in mode run on device cpu through the REST API and polls the submission
every 50 ms until it is done:

- fresh: a unique comment in the source, so the host compiler runs every time;
- cached: the same source every time, so the compile cache hits;
  the two kinds alternate. Two untimed warm-up submissions come first (the first builds the
  emulation's runtime into the private cache).

Per sample: the client's wall time from the POST to the poll that saw "done" (``latency_s``),
the runner's phases from the stored result (compile_s, start_s, tests_s, total_s) and whether
the compile hit the cache. Reports p50/p95 per kind and writes ``cuda_cpu_latency.json`` (with
the provenance: commit, machine, method, sample count) to
``bench/results/cuda_cpu_latency/<date>-<host>.json`` (or --out) and its table beside it (.md);
`python bench/make_latest.py` then updates ``bench/results/latest.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from provenance import commit_label, provenance, report_head  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "problems" / "catalog" / "vector-add" / "solutions" / "correct_basic.cu"
PHASES = ("compile_s", "start_s", "tests_s", "total_s")
POLL_S = 0.05
METHOD = (
    "one submission at a time (mode run, device cpu, language cuda) through POST "
    "/api/v1/submissions/ of `manage.py run_site` (web server + its judging worker with the warm "
    "runner service) on SQLite and the filesystem broker; latency_s is the client's wall time "
    "from the POST to the GET (polled every 50 ms) that returned status done"
)


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    """`manage.py run_site` in a private var folder, with a user and a token."""

    def __init__(self, var: Path, port: int):
        self.var, self.port = var, port
        self.env = {
            **os.environ,
            "KJ_VAR_DIR": str(var),
            "KERNELJUDGE_CACHE": str(var / "cache"),
            "KJ_RATE_LIMIT_COUNT": "100000",
            "KJ_SUBMIT_THROTTLE": "",
            "SECRET_KEY": secrets.token_hex(24),
        }
        for key in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
            self.env.pop(key, None)
        self.proc: subprocess.Popen | None = None

    def manage(self, *args: str) -> str:
        out = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        return out.stdout

    def start(self) -> str:
        self.manage("migrate", "--noinput")
        self.manage("sync_problems", "vector-add")
        shown = self.manage("ensure_demo_admin", "--username", "bench")
        token = next(ln.split()[-1] for ln in shown.splitlines() if ln.startswith("API token"))
        log = open(self.var / "run_site.log", "w")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "run_site", "--host", "127.0.0.1", "--port",
             str(self.port)],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return token
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the site did not start; see {self.var / 'run_site.log'}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def call(port: int, token: str, method: str, path: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={
            "Authorization": f"Token {token}",
            "Accept": "application/json",
            **({"Content-Type": "application/json"} if data else {}),
        },
    )
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read())


def one_run(port: int, token: str, source: str, kind: str) -> dict:
    body = {"problem": "vector-add", "language": "cuda", "device": "cpu", "mode": "run",
            "source": source}  # fmt: skip
    t0 = time.perf_counter()
    sub = call(port, token, "POST", "/api/v1/submissions/", body)
    while sub.get("status") != "done":
        if time.perf_counter() - t0 > 300:
            raise RuntimeError(f"submission {sub.get('id')} not done after 300 s")
        time.sleep(POLL_S)
        sub = call(port, token, "GET", f"/api/v1/submissions/{sub['id']}/")
    latency = time.perf_counter() - t0
    result = sub.get("result") or {}
    phases = result.get("phases") or {}
    return {
        "kind": kind,
        "id": sub["id"],
        "verdict": sub.get("verdict"),
        "emulated": sub.get("emulated"),
        "latency_s": round(latency, 4),
        "compile_cached": "compile_cached" in (result.get("flags") or []),
        **{name: phases.get(name) for name in PHASES},
    }


def stats(samples: list[dict], kind: str) -> dict:
    rows = [s for s in samples if s["kind"] == kind and s["verdict"] == "accepted"]
    out: dict = {"samples": len(rows)}
    for key in ("latency_s", *PHASES):
        values = [float(s[key]) for s in rows if isinstance(s.get(key), int | float)]
        out[key] = {
            "p50": pct(values, 0.5),
            "p95": pct(values, 0.95),
            "mean": statistics.fmean(values) if values else None,
        }
    return out


def markdown(report: dict) -> str:
    prov = report["provenance"]
    lines = [
        f"# CUDA on the CPU: Run latency of vector-add through the site ({commit_label(prov)})",
        "",
        f"Machine: {prov['machine'].get('cpu', '?')}, {prov['machine'].get('cores', '?')} "
        f"cores; {report['method']}.",
        "",
        "| kind | samples | latency p50 | latency p95 | compile p50 | tests p50 | runner total p50 |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kind in ("fresh", "cached"):
        s = report["stats"][kind]
        lines.append(
            f"| {kind} | {s['samples']} | {s['latency_s']['p50']:.3f} s | "
            f"{s['latency_s']['p95']:.3f} s | {s['compile_s']['p50']:.3f} s | "
            f"{s['tests_s']['p50']:.3f} s | {s['total_s']['p50']:.3f} s |"
        )
    lines += ["", f"Goal: Run answered in at most 2 s p50 ({report['goal_met']})."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20, help="samples of each kind (fresh, cached)")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    prov = provenance()
    stem = f"{prov['date'][:10]}-{platform.node() or 'host'}"
    out = args.out or ROOT / "bench" / "results" / "cuda_cpu_latency"
    out.mkdir(parents=True, exist_ok=True)
    source = SOLUTION.read_text()
    samples: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="kj-cuda-cpu-bench-") as tmp:
        site = Site(Path(tmp), args.port or free_port())
        try:
            token = site.start()
            for _ in range(2):  # the runtime's first build, the worker's first job
                one_run(site.port, token, f"// warm-up {uuid.uuid4().hex}\n{source}", "warm-up")
            for i in range(2 * args.n):
                kind = "fresh" if i % 2 == 0 else "cached"
                text = f"// nonce {uuid.uuid4().hex}\n{source}" if kind == "fresh" else source
                sample = one_run(site.port, token, text, kind)
                samples.append(sample)
                print(json.dumps(sample), flush=True)
        finally:
            site.stop()
    report = {
        **report_head("cuda_cpu_latency", prov),
        "provenance": prov,
        "method": METHOD,
        "stats": {kind: stats(samples, kind) for kind in ("fresh", "cached")},
        "samples": samples,
    }
    p50 = report["stats"]["cached"]["latency_s"]["p50"]
    report["goal_met"] = (
        f"cached p50 {p50:.3f} s, fresh p50 {report['stats']['fresh']['latency_s']['p50']:.3f} s"
    )
    report["machine"]["load_avg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    (out / f"{stem}.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / f"{stem}.md").write_text(markdown(report))
    print(markdown(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
