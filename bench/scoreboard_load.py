"""A contest's live board under load: 500 entries, 20,000 contest submissions, 50 clients
polling the board over loopback while verdicts keep arriving; target p95 <= 100 ms.

    python bench/scoreboard_load.py [--entries 500] [--submissions 20000] [--clients 50]
        [--interval 1.0] [--duration 60] [--max-requests 200] [--workers 2] [--threads 8]
        [--out FILE]
    python bench/scoreboard_load.py --quick     # 50 entries, 2,000 submissions, 10 s

Steps: (1) a fresh embedded database (SQLite in a temp KJ_VAR_DIR, the one-machine default;
no shared server is touched): migrate, sync four catalog problems, create `--entries` users
with tokens, a running ICPC contest on cpu and gpu-h200 with a 60-minute freeze (it starts
ten minutes after the run: the board is live), one entry per user, and `--submissions` timed
submits spread over the contest's first 100 minutes (a verdict mix, random times), of which
`--pending` are still being judged; (2) gunicorn (`config.wsgi`, gthread) on a free port of
127.0.0.1, with the site's board settings (KJ_CONTEST_BOARD_CACHE, KJ_CONTEST_BOARD_REFRESH_S
from the environment, else their defaults); (3) `--clients` threads, each a participant with
its own token and keep-alive connection, GET /api/v1/contests/{slug}/board/ (the board plus
the caller's own live row) every `--interval` seconds with a random phase and jitter, for
`--duration` seconds and at most `--max-requests` each (bounded loops), while a writer
records the verdict of one pending submission every 0.5 s through judge's service
(judging_result_record, as a worker does; it moves the problem's SubmitsVersion, so the
board must take it in); latency from the request's send to its last byte, per request; the
machine's load average every 5 s; (4) print and write JSON: p50/p95/p99/max (ms), requests,
errors, rate, the board's size, the time one computation of the boards takes in-process (what
each change of the submissions costs a web process), the load averages, with the provenance
record (bench/provenance.py), to bench/results/scoreboard_load/<date>-<host>.json (or --out);
`python bench/make_latest.py` then updates bench/results/latest.json.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from provenance import commit_label, provenance, report_head  # noqa: E402

PROBLEMS = ("vector-add", "relu", "matrix-multiplication", "reduction")
VERDICTS = [("accepted", 0.5), ("wrong_answer", 0.25), ("compile_error", 0.1),
            ("runtime_error", 0.1), ("time_limit_exceeded", 0.05)]  # fmt: skip
TARGET_P95_MS = 100.0
SLUG = "load-cup"


def pick(rng: random.Random, mix: list[tuple[str, float]]) -> str:
    x = rng.random()
    for value, weight in mix:
        x -= weight
        if x <= 0:
            return value
    return mix[-1][0]


def load(args: argparse.Namespace) -> tuple[list[str], dict]:
    """The contest, its entries and submissions (`args.pending` of them still being judged);
    the clients' tokens and the board's size."""
    import django  # noqa: PLC0415 - after KJ_VAR_DIR is set

    django.setup()
    from django.contrib.auth import get_user_model  # noqa: PLC0415
    from django.core.management import call_command  # noqa: PLC0415

    from accounts.services import token_create  # noqa: PLC0415
    from contests.models import Participation, ParticipationMember  # noqa: PLC0415
    from contests.services.contests import contest_create  # noqa: PLC0415
    from judge.models import Mode, Status, Submission  # noqa: PLC0415
    from problems.models import Problem  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    call_command("sync_problems", *PROBLEMS, verbosity=0)
    rng = random.Random(7)
    users_model = get_user_model()
    organiser = users_model.objects.create_user("organiser", is_staff=True)
    now = datetime.now(UTC)
    start = now - timedelta(minutes=110)
    problems = list(Problem.objects.filter(slug__in=PROBLEMS).order_by("slug"))
    contest = contest_create(
        organiser, slug=SLUG, title="Load Cup", starts_at=start, ends_at=start + timedelta(hours=3),
        devices=["cpu", "gpu-h200"], freeze_minutes=60, problems=[(p, 100) for p in problems],
    )  # fmt: skip
    users = users_model.objects.bulk_create(
        users_model(username=f"entrant{i:04d}") for i in range(args.entries)
    )
    entries = Participation.objects.bulk_create(
        Participation(contest=contest, name=u.username) for u in users
    )
    ParticipationMember.objects.bulk_create(
        ParticipationMember(participation=e, contest=contest, user=u)
        for e, u in zip(entries, users, strict=True)
    )
    created = Submission._meta.get_field("created_at")
    created.auto_now_add = False  # the rows' own times, spread over the contest
    rows = []
    for i in range(args.submissions):
        verdict = pick(rng, VERDICTS)
        at = start + timedelta(seconds=rng.uniform(0, 100 * 60))
        pending = i < args.pending  # being judged: the writer records their verdicts
        rows.append(Submission(
            user=rng.choice(users), problem=rng.choice(problems), problem_version=1,
            language="pytorch", device_kind=rng.choice(("cpu", "gpu-h200")), mode=Mode.SUBMIT,
            source="import torch\n", status=Status.TESTING if pending else Status.DONE,
            verdict="" if pending else verdict, attempt=1,
            score=rng.lognormvariate(0, 0.5) if verdict == "accepted" and not pending else None,
            created_at=at, finished_at=None if pending else at + timedelta(seconds=20),
            deadline=now + timedelta(hours=1) if pending else None,
        ))  # fmt: skip
    Submission.objects.bulk_create(rows, batch_size=2000)
    created.auto_now_add = True
    tokens = [token_create(u, name="bench")[1] for u in users[: args.clients]]

    # the uncached computation of both boards (participants', organisers')
    from contests.selectors.board import _compute_boards  # noqa: PLC0415

    contest.refresh_from_db()
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        board, _ = _compute_boards(contest)
        times.append((time.perf_counter() - t0) * 1000)
    size = {"rows": len(board.rows), "problems": len(board.problems),
            "compute_ms": [round(t, 1) for t in times],
            "json_bytes": len(json.dumps(board.as_dict(), default=str))}  # fmt: skip
    return tokens, size


def writer(stop: threading.Event, count: list[int]) -> None:
    """Every 0.5 s the verdict of one pending submission, recorded as a worker records it
    (judging_result_record: the row, the leaderboard, the problem's SubmitsVersion)."""
    from django.db import connection  # noqa: PLC0415

    from judge.judging.record import judging_result_record  # noqa: PLC0415
    from judge.models import Status, Submission  # noqa: PLC0415
    from runner.contract import JudgeResult  # noqa: PLC0415

    rng = random.Random(11)
    pending = list(
        Submission.objects.filter(status=Status.TESTING).order_by("?").values_list("id", flat=True)
    )
    while pending and not stop.wait(0.5):
        verdict = pick(rng, VERDICTS)
        bench = {"cases": [], "score_ms": rng.lognormvariate(0, 0.5)}
        result = JudgeResult(verdict=verdict, message="", benchmark=bench)
        if judging_result_record(pending.pop(), attempt=1, result=result):
            count[0] += 1
    connection.close()


def load_sampler(stop: threading.Event, samples: list) -> None:
    """The machine's 1-minute load average every 5 s (other jobs share the box)."""
    while True:
        samples.append(round(os.getloadavg()[0], 2))
        if stop.wait(5.0):
            return


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(env: dict, port: int, workers: int, threads: int) -> subprocess.Popen:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    cmd = [str(gunicorn) if gunicorn.exists() else "gunicorn", "config.wsgi:application",
           "--workers", str(workers), "--worker-class", "gthread", "--threads", str(threads),
           "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--timeout", "120"]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/v1/contests/")
            if conn.getresponse().status < 500:
                return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("gunicorn did not answer in 120 s")


def client(port: int, token: str, args: argparse.Namespace, seed: int, out: list) -> None:
    """Poll the board every interval (random phase, +-20 % jitter), bounded by the duration
    and --max-requests; one (latency ms, status) per request."""
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
    end = time.monotonic() + args.duration
    next_at = time.monotonic() + rng.uniform(0, args.interval)
    for _ in range(args.max_requests):
        delay = next_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        if time.monotonic() >= end:
            break
        t0 = time.perf_counter()
        try:
            conn.request("GET", f"/api/v1/contests/{SLUG}/board/", headers=headers)
            response = conn.getresponse()
            response.read()
            out.append(((time.perf_counter() - t0) * 1000, response.status))
        except (OSError, http.client.HTTPException):
            out.append(((time.perf_counter() - t0) * 1000, 0))
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        next_at += args.interval * rng.uniform(0.8, 1.2)
    conn.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=500)
    parser.add_argument("--submissions", type=int, default=20_000)
    parser.add_argument("--pending", type=int, default=400, help="of them, being judged")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between polls")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--max-requests", type=int, default=200, help="per client")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.quick:
        args.entries, args.submissions, args.clients, args.duration = 50, 2000, 10, 10.0
        args.pending = min(args.pending, 100)
    prov = provenance()
    var = Path(tempfile.mkdtemp(prefix="kj-scoreboard-"))
    os.environ.update(KJ_VAR_DIR=str(var), DJANGO_SETTINGS_MODULE="config.settings")
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
        os.environ.pop(name, None)
    tokens, size = load(args)
    env = {**os.environ, "KJ_DEBUG": "0", "DEBUG": "0"}
    port = free_port()
    server = start_server(env, port, args.workers, args.threads)
    loads: list[float] = []
    try:
        stop, written = threading.Event(), [0]
        write = threading.Thread(target=writer, args=(stop, written), daemon=True)
        write.start()
        sampler = threading.Thread(target=load_sampler, args=(stop, loads), daemon=True)
        sampler.start()
        results: list[list] = [[] for _ in tokens]
        threads = [threading.Thread(target=client, args=(port, t, args, i, results[i]))
                   for i, t in enumerate(tokens)]  # fmt: skip
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - started
        stop.set()
        write.join()
        sampler.join()
    finally:
        os.killpg(server.pid, signal.SIGINT)  # gunicorn's quick shutdown
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    samples = [ms for rows in results for ms, _ in rows]
    errors = sum(1 for rows in results for _, status in rows if status != 200)
    summary = {
        "requests": len(samples), "errors": errors, "wall_s": round(wall, 2),
        "rate_per_s": round(len(samples) / wall, 1),
        "p50_ms": round(percentile(samples, 0.50), 2), "p95_ms": round(percentile(samples, 0.95), 2),
        "p99_ms": round(percentile(samples, 0.99), 2), "max_ms": round(max(samples), 2),
        "mean_ms": round(statistics.fmean(samples), 2), "verdicts_written": written[0],
        "target_p95_ms": TARGET_P95_MS, "meets_target": percentile(samples, 0.95) <= TARGET_P95_MS,
    }  # fmt: skip
    from django.conf import settings  # noqa: PLC0415 - the server's, from the same environment

    record = {
        **report_head(
            "scoreboard_load",
            prov,
            load_avg_1min_during=loads,
            load_avg_at_end=[round(x, 2) for x in os.getloadavg()],
        ),
        "provenance": prov,
        "method": {
            "database": "SQLite (embedded default), fresh temp file",
            "server": "gunicorn gthread",
            "workers": args.workers,
            "threads": args.threads,
            "clients": args.clients,
            "interval_s": args.interval,
            "duration_s": args.duration,
            "max_requests_per_client": args.max_requests,
            "entries": args.entries,
            "submissions": args.submissions,
            "pending_at_start": args.pending,
            "writer": "one verdict every 0.5 s through judging_result_record",
            "endpoint": f"/api/v1/contests/{SLUG}/board/",
            "board_cache": settings.KJ_CONTEST_BOARD_CACHE,
            "board_refresh_s": settings.KJ_CONTEST_BOARD_REFRESH_S,
            "latency": "send to last byte, per request, client threads on 127.0.0.1",
        },  # fmt: skip
        "board": size,
        "summary": summary,
        "samples_ms": [round(ms, 3) for ms in samples],
    }
    stem = f"{prov['date'][:10]}-{platform.node() or 'host'}"
    out = Path(args.out or ROOT / "bench" / "results" / "scoreboard_load" / f"{stem}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(record, indent=1, default=str) + "\n")
    print(f"scoreboard_load at {commit_label(prov)}: {json.dumps(summary)}")
    print(f"board: {json.dumps(size)}")
    print(f"load average: {json.dumps(record['machine'])}")
    print(f"raw: {out}")


if __name__ == "__main__":
    main()
