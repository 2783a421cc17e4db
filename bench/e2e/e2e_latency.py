"""End-to-end latency through the real site: REST API submit -> Celery on Redis -> claim ->
the warm runner service -> record -> the event stream's final event, with PostgreSQL.

    python bench/e2e/e2e_latency.py --device cuda [--n 20] [--k 10] [--out DIR]
    python bench/e2e/e2e_latency.py --device cpu --n 3 --k 3 --mode run     # a smoke run

Usually started by bench/e2e/run_e2e.sh, which first builds a venv from the carried wheels.
Starts a private PostgreSQL and Redis (stack.py), migrates, syncs the problem, serves the
site with gunicorn, runs `manage.py judge_worker` for the device's kind with the warm runner
service (KJ_RUNNER_SERVICE=1) and a private compile cache, creates a user and an API token,
then submits through the API and follows each submission's event stream to its `done`:

- fresh: one at a time, a unique comment in the source (nvcc runs every time);
- cached: one at a time, the same source (a compile-cache hit);
  fresh and cached alternate. "One at a time" is a person's pace: each is sent --gap s after
  the previous final event and once the worker's runner service reports its next spare
  child ready (its `ping` op on the socket; at most --spare-wait s), so it meets an idle
  worker; the wait is recorded (spare_wait_s) and is not in the latency;
- chained: cached, the next sent the moment the previous final event arrives (the spare
  may still be booting: back to back);
- burst: --k cached submissions sent at once from --k threads (each one's time includes
  waiting behind the others: one worker judges one at a time).
Two untimed warm-up submissions come first. Per submission the client times its send and
the final event's arrival; the site's stored created_at/started_at/finished_at and the
runner's phases (the submission's result) split that time into phases (report.py).
Writes e2e_latency.json and .md (and a .partial.json after every sample) to --out.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from api import Api, epoch  # noqa: E402
from provenance import machine, provenance, tree_hash  # noqa: E402
from report import acceptance, markdown, scenario_stats  # noqa: E402
from stack import ROOT, Stack, StackError  # noqa: E402

SOLUTIONS = ROOT / "problems" / "catalog" / "{problem}" / "solutions"
DEFAULT_SOLUTION = {"cuda": "correct_basic.cu", "cpu": "correct_pytorch.py"}


def language_of(path: Path) -> str:
    if path.suffix == ".cu":
        return "cuda"
    text = path.read_text()
    for lang in ("triton", "cupy"):
        if f"import {lang}" in text:
            return lang
    return "pytorch"


def nonce_source(source: str, language: str) -> str:
    mark = "//" if language == "cuda" else "#"
    return f"{mark} e2e nonce {uuid.uuid4().hex}\n{source}"


# --- measuring ----------------------------------------------------------------------------


class Run:
    def __init__(self, args, api: Api, stack: Stack, kind: str, source: str, language: str):
        self.args, self.api, self.stack, self.kind = args, api, stack, kind
        self.source, self.language = source, language
        self.samples: list[dict] = []
        self.deadline = time.monotonic() + args.time_budget
        self.lock = threading.Lock()

    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline

    def one(self, scenario: str, fresh: bool, spare_wait_s: float | None = None) -> dict:
        src = nonce_source(self.source, self.language) if fresh else self.source
        sent = self.api.submit(self.args.problem, self.language, self.kind, self.args.mode, src)
        followed = self.api.follow(sent["id"])
        row = self.api.submission(sent["id"])
        sample = shape(scenario, sent, followed, row)
        sample["spare_wait_s"] = spare_wait_s
        with self.lock:
            self.samples.append(sample)
            (self.args.out / "e2e_latency.partial.json").write_text(
                json.dumps(self.samples, indent=1) + "\n"
            )
        return sample

    def idle(self) -> float:
        """A pause as between a person's submissions: --gap seconds, then until the worker's
        runner service has its next spare child ready (at most --spare-wait s). Returns the
        seconds waited for the spare."""
        time.sleep(self.args.gap)
        t0 = time.monotonic()
        while time.monotonic() - t0 < self.args.spare_wait:
            if self.stack.spare_ready() is not False:  # ready, or no service to ask
                break
            time.sleep(0.05)
        return round(time.monotonic() - t0, 3)

    def serial(self) -> None:
        for _ in range(self.args.n):
            for scenario in ("fresh", "cached"):
                if scenario not in self.args.scenarios or self.out_of_time():
                    continue
                waited = self.idle()
                log(self.one(scenario, fresh=scenario == "fresh", spare_wait_s=waited))

    def chained(self) -> None:
        waited = self.idle()
        for _ in range(self.args.n):
            if self.out_of_time():
                return
            log(self.one("chained", fresh=False, spare_wait_s=waited))
            waited = None  # the next one is sent at once

    def burst(self) -> None:
        if self.out_of_time():
            return
        self.idle()
        barrier = threading.Barrier(self.args.k)
        errors: list[str] = []

        def go() -> None:
            barrier.wait()
            try:
                log(self.one("burst", fresh=False))
            except Exception as exc:  # noqa: BLE001 - reported, the others go on
                errors.append(repr(exc))

        threads = [threading.Thread(target=go) for _ in range(self.args.k)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise RuntimeError(f"burst: {len(errors)} failed: {errors[:3]}")


def shape(scenario: str, sent: dict, followed: dict, row: dict) -> dict:
    result = row.get("result") or {}
    phases = result.get("phases") or {}
    created, started, finished = (epoch(row.get(k)) for k in ("created_at", "started_at",
                                                               "finished_at"))  # fmt: skip
    total = followed["t_done"] - sent["t_send"]
    done_wall = sent["t_send_wall"] + total
    runner = phases.get("total_s")
    seg = {}
    if None not in (created, started, finished):
        seg = {"request_s": created - sent["t_send_wall"], "queue_s": started - created,
               "runner_s": runner,
               "worker_other_s": (finished - started) - runner if runner is not None else None,
               "event_s": done_wall - finished}  # fmt: skip
    return {
        "scenario": scenario,
        "id": sent["id"],
        "verdict": row.get("verdict") or followed["done"].get("verdict"),
        "status": row.get("status"),
        "total_s": round(total, 4),
        "post_s": round(sent["t_created_resp"] - sent["t_send"], 4),
        "segments": {k: (round(v, 4) if v is not None else None) for k, v in seg.items()},
        "runner_phases": {k: round(v, 4) for k, v in phases.items() if isinstance(v, int | float)},
        "created_at": row.get("created_at"),
        "started_at": row.get("started_at"),
        "finished_at": row.get("finished_at"),
        "events": [
            [round(t - sent["t_send"], 4), name, data.get("phase") or data.get("status")]
            for t, name, data in followed["events"]
        ],  # fmt: skip
        "score_ms": row.get("score_ms"),
        "message": (row.get("message") or "")[:300] if row.get("verdict") != "accepted" else "",
    }


def log(sample: dict) -> None:
    seg = sample["segments"]
    parts = " ".join(f"{k[:-2]}={v:.3f}" for k, v in seg.items() if v is not None)
    print(f"[e2e] {sample['scenario']:<7} #{sample['id']:<4} {sample['verdict']:<14} "
          f"total={sample['total_s']:.3f} {parts}", flush=True)  # fmt: skip


def wait_live(api: Api, kind: str, stack: Stack, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not stack.alive("worker"):
            raise StackError("judge_worker exited (see logs/worker.log)")
        if any(d["kind"] == kind and d["live_workers"] > 0 for d in api.devices()):
            return
        time.sleep(0.5)
    raise StackError(f"no live worker of {kind} after {timeout_s:.0f} s")


# --- the run ------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    ap.add_argument("--device", choices=["cuda", "cpu"], default="cuda")
    ap.add_argument("--n", type=int, default=20, help="samples of fresh, cached and chained")
    ap.add_argument("--k", type=int, default=10, help="submissions of the burst")
    ap.add_argument(
        "--gap",
        type=float,
        default=1.0,
        help="pause after a final event before the next one-at-a-time submission",
    )
    ap.add_argument(
        "--spare-wait",
        type=float,
        default=30.0,
        help="then wait at most this long for the runner service's spare child",
    )
    ap.add_argument(
        "--device-kind",
        default="",
        help="the worker's device kind (default: judge_worker --dry-run's, e.g. gpu-h200)",
    )
    ap.add_argument("--mode", choices=["submit", "run"], default="submit")
    ap.add_argument("--scenarios", default="fresh,cached,chained,burst")
    ap.add_argument("--problem", default="vector-add")
    ap.add_argument("--solution", default="", help="default: correct_basic.cu / correct_pytorch.py")
    ap.add_argument(
        "--out", default="", help="default: $OUT, else bench/results/<date>-e2e-<device>"
    )
    ap.add_argument(
        "--time-budget",
        type=float,
        default=420.0,
        help="seconds of measuring (after set-up); what is left is skipped",
    )
    ap.add_argument("--redis", default="", help="an existing Redis URL (default: a private one)")
    ap.add_argument(
        "--database",
        default="",
        help="an existing DATABASE_URL, or 'sqlite' (default: a private PostgreSQL)",
    )
    ap.add_argument("--web-workers", type=int, default=3, help="gunicorn workers (the image's)")
    ap.add_argument("--web-threads", type=int, default=16, help="gunicorn threads per worker")
    ap.add_argument("--wsgi", default="", help="default: the settings' WSGI_APPLICATION")
    ap.add_argument("--sse-poll", default="", help="KJ_SSE_POLL_S (default: the site's)")
    ap.add_argument("--work", default="", help="working folder (default: a fresh temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep the working folder")
    ap.add_argument("--tree-hash", action="store_true", help="print the tree hash and exit")
    args = ap.parse_args(argv)
    args.scenarios = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    default_out = ROOT / "bench" / "results" / f"{datetime.now(UTC):%Y-%m-%d}-e2e-{args.device}"
    args.out = Path(args.out or os.environ.get("OUT") or default_out)
    sol = args.solution or str(SOLUTIONS / DEFAULT_SOLUTION[args.device])
    args.solution = Path(sol.format(problem=args.problem))
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.tree_hash:
        print(tree_hash())
        return 0
    import signal

    def on_term(*_) -> None:  # once: `timeout` signals the group, run_e2e.sh passes it on
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.exit(143)  # stop, clean up and report below

    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, on_term)
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(args.work or tempfile.mkdtemp(prefix="kj-e2e-"))
    work.mkdir(parents=True, exist_ok=True)
    os.chmod(work, 0o755)  # PostgreSQL runs as nobody under root
    language = language_of(args.solution)
    source = args.solution.read_text()
    stack = Stack(work)
    setup: dict[str, float] = {}
    notes: list[str] = []
    run = None
    t_all = time.monotonic()

    def step(name: str, fn, *a):
        t0 = time.monotonic()
        value = fn(*a)
        setup[name] = round(time.monotonic() - t0, 2)
        print(f"[e2e] {name}: {setup[name]} s", flush=True)
        return value

    setup["loadavg_1min_at_start"] = round(os.getloadavg()[0], 2)
    origin = provenance()  # the tree as it is when the run starts
    try:
        step("redis", stack.start_redis, args.redis)
        step("postgres", stack.start_postgres, args.database)
        stack.env.update(KJ_RATE_LIMIT_COUNT="1000000", KJ_SUBMIT_THROTTLE="")
        if args.sse_poll:
            stack.env["KJ_SSE_POLL_S"] = args.sse_poll
        step("migrate", stack.manage, "migrate", "--noinput")
        step("sync_problems", stack.manage, "sync_problems", args.problem)
        token = step("user_and_token", stack.create_user, "e2e")
        wsgi = args.wsgi or step("wsgi_setting", stack.setting, "WSGI_APPLICATION")
        wsgi = wsgi if ":" in wsgi else "{}:{}".format(*wsgi.rsplit(".", 1))
        kind = args.device_kind or step("device_kind", stack.device_kind, args.device)
        base = step("web", stack.start_web, wsgi, args.web_workers, args.web_threads)
        cache = work / "cache"
        cache.mkdir()
        step("worker", stack.start_worker, kind,
             {"KJ_RUNNER_SERVICE": "1", "KERNELJUDGE_CACHE": str(cache)})  # fmt: skip
        api = Api(base, token)
        step("worker_live", wait_live, api, kind, stack, 180)
        run = Run(args, api, stack, kind, source, language)
        t0 = time.monotonic()
        first = run.one("warmup", fresh=False)  # fills the compile cache for `cached`
        log(first)
        if first["verdict"] != "accepted":  # measuring a broken judge wastes device time
            raise StackError(f"the warm-up was not accepted: {first['verdict']} "
                             f"{first['message']!r} (see logs/worker.log)")  # fmt: skip
        run.idle()
        log(run.one("warmup", fresh=True))
        setup["warmup"] = round(time.monotonic() - t0, 2)
        run.deadline = time.monotonic() + args.time_budget
        if {"fresh", "cached"} & set(args.scenarios):
            run.serial()
        if "chained" in args.scenarios:
            run.chained()
        if "burst" in args.scenarios:
            run.burst()
        if run.out_of_time():
            notes.append(f"the time budget ({args.time_budget:.0f} s) ran out: fewer samples")
    except BaseException as exc:
        notes.append(f"stopped early: {exc!r}")
        print(f"[e2e] stopped early: {exc!r}", file=sys.stderr, flush=True)
    finally:
        status = 0 if not any(n.startswith("stopped early") for n in notes) else 1
        stack_info = dict(stack.versions)
        stack.stop()
        keep_logs(work, args.out)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    samples = run.samples if run else []
    write_report(args, origin, samples, setup, notes, stack_info, language,
                 locals().get("kind", ""), time.monotonic() - t_all)  # fmt: skip
    return status


def keep_logs(work: Path, out: Path, tail_bytes: int = 200_000) -> None:
    dest = out / "logs"
    dest.mkdir(parents=True, exist_ok=True)
    for path in (work / "logs").glob("*.log"):
        data = path.read_bytes()
        (dest / path.name).write_bytes(data[-tail_bytes:])


def write_report(args, origin, samples, setup, notes, stack_info, language, kind, wall_s):
    measured = [s for s in samples if s["scenario"] != "warmup"]
    scenarios = {}
    for name in ("fresh", "cached", "chained", "burst"):
        rows = [s for s in measured if s["scenario"] == name]
        if rows:
            scenarios[name] = scenario_stats(rows)
    refused = [s for s in measured if s["verdict"] != "accepted"]
    if refused:
        notes.append(f"{len(refused)} of {len(measured)} measured submissions were not accepted "
                     f"({', '.join(sorted({s['verdict'] for s in refused}))}): their times are "
                     "not those of a judged solution")  # fmt: skip
    counts = ", ".join(f"{n} {v['n']}" for n, v in scenarios.items()) or "none"
    python = sys.executable
    header = {
        "benchmark": "e2e_latency",
        "method": "end to end through the site: REST API submit -> Celery on Redis -> claim -> "
        "warm runner service -> record -> the event stream's final event "
        f"(gunicorn gthread {args.web_workers}x{args.web_threads}, "
        f"judge_worker --device-kind {kind}, KJ_RUNNER_SERVICE=1)",
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        **origin,
        "device": args.device,
        "device_kind": kind,
        "machine": machine(python),
        "stack": {
            **stack_info,
            "settings": os.environ.get("DJANGO_SETTINGS_MODULE", "manage.py's default"),
        },  # fmt: skip
        "problem": args.problem,
        "language": language,
        "mode": args.mode,
        "solution": str(args.solution.relative_to(ROOT))
        if args.solution.is_relative_to(ROOT)
        else str(args.solution),
        "samples": f"{counts} (+{len(samples) - len(measured)} warm-up)",
        "setup_s": setup,
        "wall_s": round(wall_s, 1),
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
    }
    stats = {"header": header, "scenarios": scenarios, "acceptance": acceptance(scenarios,
             args.device), "notes": notes}  # fmt: skip
    report = {**stats, "samples": samples}
    (args.out / "e2e_latency.json").write_text(json.dumps(report, indent=1) + "\n")
    (args.out / "e2e_latency.md").write_text(markdown(report))
    partial = args.out / "e2e_latency.partial.json"
    if partial.exists():
        partial.unlink()
    print(markdown(report), flush=True)


if __name__ == "__main__":
    sys.exit(main())
