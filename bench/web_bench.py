"""Web speed under load: 1M synthetic submissions in PostgreSQL, the real site under gunicorn,
20 concurrent loopback clients against the pages and API calls people hit most.

    python bench/web_bench.py [--rows 1000000] [--runs 3] [--duration 10] [--clients 20]
                              [--workers 4] [--db kj_bench] [--reuse] [--drop] [--out FILE]
    python bench/web_bench.py --quick         # tiny: 3,000 rows, 1 s per endpoint, 1 run
    python bench/web_bench.py --reuse --open-rates 100,200   # + open-loop phases

Steps: (1) create database `--db` on the PostgreSQL server of `--pg` (default
postgresql://postgres@127.0.0.1:5432), migrate, sync the problem catalog, load users and
submissions with COPY (skipped with --reuse when the rows are there); (2) start gunicorn
(`config.wsgi`, DEBUG off, sync workers) on a free loopback port; (3) for each endpoint, run
`--clients` closed-loop clients for `--duration` seconds (at most `--max-requests`), `--runs`
times, each followed by `--solo-requests` from one client (the service time) and, with
`--open-rates`, an open-loop phase per rate (Poisson arrivals at a fixed total rate, latency
from the scheduled arrival; an extra beside the closed-loop figure, which stays the headline);
(4) print and write JSON: per endpoint and run p50/p95/p99/mean latency (ms),
throughput (req/s), errors; plus the median over runs. Submissions made by the submit
endpoint go to a Redis queue with a private prefix that nobody consumes; the bench deletes
those rows and the queue keys afterwards. The rate limits are raised for the bench users
(the limiter's own cost, one COUNT over an index, stays in the path).
"""

from __future__ import annotations

import argparse
import http.client
import importlib
import io
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from provenance import commit_label, provenance  # noqa: E402

ENDPOINTS = ("problem_list", "problem", "leaderboard_html", "leaderboard_api", "submit_api")
TARGET_P95_MS = {
    "problem_list": 30.0,
    "problem": 30.0,
    "leaderboard_html": 50.0,
    "leaderboard_api": 50.0,
    "submit_api": 30.0,
}
VERDICT_MIX = [  # submits that finished; run-mode rows use a similar mix (no score)
    ("accepted", 0.46),
    ("wrong_answer", 0.24),
    ("compile_error", 0.11),
    ("runtime_error", 0.10),
    ("time_limit_exceeded", 0.05),
    ("memory_limit_exceeded", 0.01),
    ("output_limit_exceeded", 0.005),
    ("rejected", 0.01),
    ("internal_error", 0.015),
]
DEVICE_MIX = [("gpu-h200", 0.5), ("cpu", 0.35), ("gpu-a100", 0.15)]
GPU_LANGS = [("cuda", 0.45), ("triton", 0.30), ("pytorch", 0.15), ("cupy", 0.10)]
CPU_LANGS = [("pytorch", 0.7), ("triton", 0.3)]
BENCH_USER_PREFIX = "bench-client-"


def pick(rng: random.Random, mix: list[tuple[str, float]]) -> str:
    x = rng.random() * sum(w for _, w in mix)
    for value, w in mix:
        x -= w
        if x <= 0:
            return value
    return mix[-1][0]


# --- database -------------------------------------------------------------------------------


def pg_admin(pg: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{pg}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def pg_exists(pg: str, db: str) -> bool:
    import psycopg

    with psycopg.connect(f"{pg}/postgres", autocommit=True) as conn:
        return (
            conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [db]).fetchone()
            is not None
        )


def django_setup(env: dict) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def copy_rows(cursor, table: str, columns: list[str], rows) -> None:
    """COPY rows (tuples; None -> NULL) into `table` through psycopg 3's copy()."""
    cols = ", ".join(columns)
    with cursor.copy(f"COPY {table} ({cols}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def sync_catalog(log) -> list[str]:
    """sync_problems one package at a time: a package PostgreSQL refuses (e.g. a spec with
    Infinity, which is not JSON) is skipped and reported, the others still load."""
    from django.core.management import call_command
    from django.db import connection

    skipped = []
    for pkg in sorted((ROOT / "problems" / "catalog").iterdir()):
        if not (pkg / "problem.toml").exists():
            continue
        try:
            call_command(
                "sync_problems", pkg.name, verbosity=0, stdout=io.StringIO(), stderr=io.StringIO()
            )
        except Exception as exc:  # noqa: BLE001 - reported in the JSON
            connection.close()
            skipped.append(f"{pkg.name}: {str(exc).splitlines()[0]}")
            log(f"skipped {pkg.name}: {str(exc).splitlines()[0]}")
    return skipped


EMPTY_BY_TYPE = {"boolean": False, "integer": 0, "bigint": 0, "smallint": 0, "double precision": 0.0,
                 "character varying": "", "text": "", "jsonb": "[]", "json": "[]"}  # fmt: skip


def extra_not_null_columns(table: str, given: list[str]) -> tuple[list[str], tuple]:
    """NOT NULL columns added by later migrations that the loader does not know: filled with
    the type's empty value (False, 0, ''), which is what their Django defaults are."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = %s "
            "AND is_nullable = 'NO' AND column_default IS NULL AND column_name <> 'id'",
            [table],
        )
        extra = [(c, t) for c, t in cur.fetchall() if c not in given]
    return [c for c, _ in extra], tuple(EMPTY_BY_TYPE.get(t, "") for _, t in extra)


def load(args, log) -> dict:
    """Schema, catalog, users, submissions. Returns what was loaded."""
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.db import connection

    from problems.models import Problem

    t0 = time.monotonic()
    call_command("migrate", verbosity=0)
    skipped = sync_catalog(log)
    problems = list(
        Problem.objects.filter(published=True).order_by("slug").values_list("pk", "slug", "version")
    )
    if not problems:
        raise SystemExit("no problems synced")
    rng = random.Random(args.seed)
    t_users = time.monotonic()
    password = make_password(None)  # unusable
    now = datetime.now(UTC)
    with connection.cursor() as cur:
        cur.execute("SELECT COALESCE(MAX(id), 0) FROM auth_user")
        first_id = cur.fetchone()[0] + 1
        users = [
            (first_id + i, password, None, False, f"user{i:06d}", "", "", "", False, True,
             now - timedelta(days=rng.randint(0, 700)))
            for i in range(args.users)
        ]  # fmt: skip
        copy_rows(
            cur.cursor,
            "auth_user",
            ["id", "password", "last_login", "is_superuser", "username", "first_name",
             "last_name", "email", "is_staff", "is_active", "date_joined"],
            users,
        )  # fmt: skip
        cur.execute(
            "SELECT setval(pg_get_serial_sequence('auth_user', 'id'), (SELECT MAX(id) FROM auth_user))"
        )
    user_ids = [u[0] for u in users]
    # Zipf-like activity: a few users and problems get most of the submissions.
    user_w = [1.0 / (i + 1) ** 0.8 for i in range(len(user_ids))]
    prob_w = [1.0 / (i + 1) ** 0.9 for i in range(len(problems))]
    rng.shuffle(prob_w)
    # Per (problem, device) the typical accepted time, and per user a skill factor.
    base_ms = {(p[0], d): 10 ** rng.uniform(-2, 1.5) for p in problems for d, _ in DEVICE_MIX}
    skill = [math.exp(rng.gauss(0, 0.5)) for _ in user_ids]
    t_subs = time.monotonic()
    n = args.rows
    user_pick = rng.choices(range(len(user_ids)), weights=user_w, k=n)
    prob_pick = rng.choices(range(len(problems)), weights=prob_w, k=n)
    span = timedelta(days=365).total_seconds()
    result_json = json.dumps({"schema_version": 1, "verdict": "accepted", "message": "All tests passed.",
                              "tests": [], "benchmark": {"cases": [], "score_ms": 0.0},
                              "phases": {"total_s": 7.1}, "flags": []})  # fmt: skip
    source = "// synthetic submission\n" + "x" * 600  # a realistic row width: ~1 KiB source

    def rows():
        for k in range(n):
            ui = user_pick[k]
            pid, _slug, version = problems[prob_pick[k]]
            device = pick(rng, DEVICE_MIX)
            lang = pick(rng, CPU_LANGS if device == "cpu" else GPU_LANGS)
            mode = "submit" if rng.random() < 0.6 else "run"
            created = now - timedelta(seconds=rng.random() * span)
            roll = rng.random()
            if roll < 0.001:  # still queued / running
                status, verdict, score, result = "queued", "", None, None
            else:
                status = "done"
                verdict = pick(rng, VERDICT_MIX)
                score = None
                result = None
                if verdict == "accepted" and mode == "submit":
                    score = base_ms[(pid, device)] * skill[ui] * math.exp(rng.gauss(0, 0.3))
                    result = result_json
            hidden = verdict == "rejected" or (score is not None and rng.random() < 0.003)
            started = created + timedelta(seconds=rng.random() * 5) if status == "done" else None
            finished = started + timedelta(seconds=5 + rng.random() * 20) if started else None
            yield (
                user_ids[ui], pid, version, lang, device, mode, source, status, verdict, "",
                result, score, "[]", hidden, "rejected: synthetic" if hidden and verdict == "rejected" else "",
                1 if status == "done" else 0, 0, "bench" if started else "", created, started,
                finished, None,
            )  # fmt: skip

    columns = ["user_id", "problem_id", "problem_version", "language", "device_kind", "mode",
               "source", "status", "verdict", "message", "result", "score", "progress",
               "hidden_from_leaderboard", "cheat_reason", "attempt", "requeue_count",
               "worker_name", "created_at", "started_at", "finished_at", "deadline"]  # fmt: skip
    extra_cols, extra_vals = extra_not_null_columns("judge_submission", columns)

    def rows_with_extras():
        for row in rows():
            yield row + extra_vals

    with connection.cursor() as cur:
        copy_rows(cur.cursor, "judge_submission", columns + extra_cols, rows_with_extras())
        # COPY bypasses the judging services: fill the leaderboards' best-score table the way
        # its migration does for submissions judged before it existed.
        backfill = importlib.import_module("judge.migrations.0005_leaderboard_best").BACKFILL
        for board in ("s.language", "''"):
            cur.execute(backfill.format(board=board))
        # What autovacuum does to a table that has lived a while: statistics, and the
        # visibility map that lets index-only scans skip the heap.
        cur.execute("VACUUM (ANALYZE) judge_submission")
        cur.execute("VACUUM (ANALYZE) judge_leaderboardbest")
        cur.execute("ANALYZE")
    done = time.monotonic()
    info = {
        "problems": len(problems),
        "users": len(user_ids),
        "submissions": n,
        "catalog_skipped": skipped,
        "load_s": {"schema_and_catalog": round(t_users - t0, 1), "users": round(t_subs - t_users, 1),
                   "submissions": round(done - t_subs, 1)},
    }  # fmt: skip
    log(f"loaded {n} submissions in {done - t_subs:.1f} s")
    return info


def bench_clients(args) -> list[str]:
    """One bench user + token per client (separate users keep the per-user rate limit apart)."""
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken
    from accounts.services import token_create

    User = get_user_model()
    keys = []
    for i in range(args.clients):
        user, _ = User.objects.get_or_create(username=f"{BENCH_USER_PREFIX}{i}")
        ApiToken.objects.filter(user=user).delete()
        keys.append(token_create(user, name="bench")[1])
    return keys


def popular_problem() -> str:
    """The problem with the most accepted gpu-h200 submits (the heaviest leaderboard)."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT p.slug FROM judge_submission s JOIN problems_problem p ON p.id = s.problem_id "
            "WHERE s.verdict = 'accepted' AND s.mode = 'submit' AND s.device_kind = 'gpu-h200' "
            "GROUP BY p.slug ORDER BY count(*) DESC LIMIT 1"
        )
        row = cur.fetchone()
    return row[0] if row else "vector-add"


def db_stats(slug: str) -> dict:
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM judge_submission")
        total = cur.fetchone()[0]
        cur.execute(
            "SELECT count(*), count(DISTINCT user_id) FROM judge_submission s JOIN problems_problem p "
            "ON p.id = s.problem_id WHERE p.slug = %s AND s.verdict = 'accepted' AND s.mode = 'submit' "
            "AND s.device_kind = 'gpu-h200' AND NOT s.hidden_from_leaderboard",
            [slug],
        )
        accepted, ranked = cur.fetchone()
        cur.execute("SELECT pg_size_pretty(pg_total_relation_size('judge_submission'))")
        size = cur.fetchone()[0]
    return {
        "submissions": total,
        "leaderboard_rows": accepted,
        "leaderboard_users": ranked,
        "table_size": size,
    }


def cleanup_submits(prefix: str, redis_url: str) -> int:
    from django.contrib.auth import get_user_model

    from judge.models import Submission

    users = get_user_model().objects.filter(username__startswith=BENCH_USER_PREFIX)
    deleted, _ = Submission.objects.filter(user__in=users).delete()
    try:
        import redis

        r = redis.Redis.from_url(redis_url)
        for key in r.scan_iter(f"*{prefix}*"):  # the queue and kombu's binding keys
            r.delete(key)
    except Exception as exc:  # noqa: BLE001 - best effort; the keys carry a unique prefix
        print(f"warning: could not clear redis keys {prefix}*: {exc}", file=sys.stderr)
    return deleted


# --- server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    env: dict, workers: int, port: int, worker_class: str = "sync", threads: int = 1
) -> subprocess.Popen:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    cmd = [str(gunicorn) if gunicorn.exists() else "gunicorn", "config.wsgi:application",
           "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
           "--timeout", "120", "--worker-class", worker_class, "--threads", str(threads)]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status < 500:
                return proc
        except OSError:
            pass
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited with {proc.returncode}")
        time.sleep(0.3)
    stop_server(proc)
    raise SystemExit("gunicorn did not answer /healthz within 60 s")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()


# --- load generator -------------------------------------------------------------------------


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = (len(sorted_values) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def send(port: int, request: tuple) -> tuple[object, object]:
    """One request on a new connection (gunicorn's sync workers close after every response).
    Returns (status or exception name, expected status)."""
    method, path, body, headers, ok = request
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        resp.read()
        conn.close()
        return resp.status, ok
    except OSError as exc:
        return type(exc).__name__, ok


def latency_summary(latencies: list[float], errors: dict, wall: float) -> dict:
    lat = sorted(latencies)
    return {
        "requests": len(lat),
        "errors": errors,
        "wall_s": round(wall, 3),
        "throughput_rps": round(len(lat) / wall, 1) if wall else 0.0,
        "p50_ms": round(percentile(lat, 0.50), 2),
        "p95_ms": round(percentile(lat, 0.95), 2),
        "p99_ms": round(percentile(lat, 0.99), 2),
        "mean_ms": round(statistics.fmean(lat), 2) if lat else float("nan"),
        "max_ms": round(lat[-1], 2) if lat else float("nan"),
        "_latencies": lat,
    }


def drive(port: int, make_request, clients: int, duration: float, max_requests: int) -> dict:
    """`clients` threads, each a closed loop of requests (the next one as soon as the last
    answered) until `duration` s or `max_requests` in all."""
    latencies: list[float] = []
    errors: dict[str, int] = {}
    lock = threading.Lock()
    count = [0]
    stop_at = time.monotonic() + duration

    def client(i: int) -> None:
        rnd = random.Random(i)
        while time.monotonic() < stop_at:
            with lock:
                if count[0] >= max_requests:
                    return
                count[0] += 1
            request = make_request(i, rnd)
            t0 = time.perf_counter()
            status, ok = send(port, request)
            dt = (time.perf_counter() - t0) * 1000.0
            with lock:
                if status == ok:
                    latencies.append(dt)
                else:
                    errors[str(status)] = errors.get(str(status), 0) + 1

    t0 = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latency_summary(latencies, errors, time.monotonic() - t0)


def drive_open(port: int, make_request, clients: int, rate: float, duration: float) -> dict:
    """Open loop: `clients` threads, each sending at Poisson arrivals of rate/clients per
    second (so `rate` req/s in all, whatever the server does) for `duration` s. A request's
    latency runs from its scheduled arrival, so the time it waited for its client thread (the
    previous request still running) counts too: no coordinated omission. `late` counts the
    requests that started more than 1 ms after their arrival."""
    latencies: list[float] = []
    errors: dict[str, int] = {}
    late = [0]
    lock = threading.Lock()
    start = time.perf_counter() + 0.05

    def client(i: int) -> None:
        rnd = random.Random(1000 + i)
        arrival = start + rnd.expovariate(rate / clients)
        while arrival < start + duration:
            request = make_request(i, rnd)
            wait = arrival - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            began = time.perf_counter()
            status, ok = send(port, request)
            dt = (time.perf_counter() - arrival) * 1000.0
            with lock:
                late[0] += began - arrival > 0.001
                if status == ok:
                    latencies.append(dt)
                else:
                    errors[str(status)] = errors.get(str(status), 0) + 1
            arrival += rnd.expovariate(rate / clients)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out = latency_summary(latencies, errors, time.perf_counter() - start)
    out["offered_rps"] = rate
    out["late_starts"] = late[0]
    return out


def request_makers(slug: str, slugs: list[str], keys: list[str]) -> dict:
    lb = f"/problems/{slug}/leaderboard/?device=gpu-h200"
    api = f"/api/v1/leaderboards/{slug}/?device=gpu-h200"

    def get(path: str):
        return lambda i, rnd: ("GET", path, None, {"Host": "127.0.0.1"}, 200)

    def problem(i, rnd):
        return ("GET", f"/problems/{rnd.choice(slugs)}/", None, {"Host": "127.0.0.1"}, 200)

    def submit(i, rnd):
        body = json.dumps({
            "problem": slug, "language": "pytorch", "device": "cpu", "mode": "submit",
            "source": f"# bench {uuid.uuid4().hex}\nimport torch\n\ndef solve(A, B, C, N):\n    torch.add(A, B, out=C)\n",
        })  # fmt: skip
        headers = {"Host": "127.0.0.1", "Content-Type": "application/json",
                   "Authorization": f"Token {keys[i % len(keys)]}"}  # fmt: skip
        return ("POST", "/api/v1/submissions/", body, headers, 201)

    return {
        "problem_list": get("/"),
        "problem": problem,
        "leaderboard_html": get(lb),
        "leaderboard_api": get(api),
        "submit_api": submit,
    }


def summarize(runs: list[dict]) -> dict:
    keys = ("p50_ms", "p95_ms", "p99_ms", "mean_ms", "throughput_rps", "solo_p50_ms", "solo_p95_ms")
    out = {k: round(statistics.median(r[k] for r in runs), 2) for k in keys}
    out["runs"] = len(runs)
    out["requests"] = sum(r["requests"] for r in runs)
    out["method"] = (
        "end to end over HTTP on loopback (client send to response read, gunicorn + Django + "
        "PostgreSQL/Redis): p50/p95/p99/mean are per-request latencies of the closed-loop clients "
        "in one run, solo_* of one client alone, each figure the median over the runs"
    )
    out["samples"] = out["requests"]
    out["errors"] = sum(sum(r["errors"].values()) for r in runs)
    rates = sorted({o["offered_rps"] for r in runs for o in r.get("open_loop", [])})
    if rates:  # per offered rate, the median over runs
        out["open_loop"] = [
            {"offered_rps": rate}
            | {k: round(statistics.median(o[k] for r in runs for o in r["open_loop"]
                                          if o["offered_rps"] == rate), 2)
               for k in ("p50_ms", "p95_ms", "p99_ms", "throughput_rps", "late_starts")}
            for rate in rates
        ]  # fmt: skip
    return out


# --- main -----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--pg", default=os.environ.get("KJ_BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
    )
    ap.add_argument("--db", default="kj_bench")
    ap.add_argument("--redis", default=os.environ.get("KJ_BENCH_REDIS", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--users", type=int, default=20_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--duration", type=float, default=10.0, help="seconds per endpoint and run")
    ap.add_argument("--max-requests", type=int, default=20_000, help="per endpoint and run")
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument(
        "--solo-requests", type=int, default=40, help="one-client requests per endpoint and run"
    )
    ap.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    ap.add_argument("--worker-class", default="sync", help="gunicorn worker class (sync, gthread)")
    ap.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    ap.add_argument(
        "--open-rates",
        default="",
        help="also an open-loop phase per endpoint and run at each of these total rates "
        "(req/s, comma-separated; Poisson arrivals over --clients threads); a labelled extra "
        "beside the closed-loop figures",
    )
    ap.add_argument("--endpoints", default=",".join(ENDPOINTS))
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--reuse", action="store_true", help="keep an already loaded --db")
    ap.add_argument("--drop", action="store_true", help="drop --db at the end")
    ap.add_argument("--label", default="", help="a name for this measurement (e.g. before/after)")
    ap.add_argument("--out", default="", help="JSON file (default: stdout only)")
    ap.add_argument(
        "--latencies-out", default="", help="also write raw latencies (ms) per endpoint"
    )
    ap.add_argument("--quick", action="store_true", help="tiny sizes for smoke tests")
    args = ap.parse_args(argv)
    if args.quick:
        args.rows, args.users, args.runs = min(args.rows, 3000), min(args.users, 200), 1
        args.duration, args.max_requests, args.clients, args.workers = 1.0, 200, 4, 2
        args.solo_requests = 5

    def log(msg: str) -> None:
        print(f"[web_bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)

    prov = provenance()  # at the start: the code measured, even if HEAD moves meanwhile
    commit = commit_label(prov)
    prefix = f"kjbench{uuid.uuid4().hex[:8]}-"
    env = {
        "DATABASE_URL": f"{args.pg}/{args.db}",
        "CELERY_BROKER_URL": args.redis,
        "KJ_QUEUE_PREFIX": prefix,
        "DEBUG": "0",
        "KJ_RATE_LIMIT_COUNT": "1000000",
        "KJ_SUBMIT_THROTTLE": "",
        "KJ_LOG_LEVEL": "WARNING",
    }
    loaded = None
    exists = pg_exists(args.pg, args.db)
    if exists and not args.reuse:
        pg_admin(args.pg, f'DROP DATABASE "{args.db}" WITH (FORCE)')
        exists = False
    if not exists:
        pg_admin(args.pg, f'CREATE DATABASE "{args.db}"')
    django_setup(env)
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SELECT to_regclass('judge_submission')")
        has_table = cur.fetchone()[0] is not None
        count = 0
        if has_table:
            cur.execute("SELECT count(*) FROM judge_submission")
            count = cur.fetchone()[0]
    if count < args.rows * 0.9:
        log(f"loading {args.rows} submissions into {args.db}")
        loaded = load(args, log)
    else:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)  # new indexes on a reused database
        with connection.cursor() as cur:
            cur.execute("VACUUM (ANALYZE) judge_submission")
            cur.execute("VACUUM (ANALYZE) judge_leaderboardbest")
    keys = bench_clients(args)
    slug = popular_problem()
    from problems.models import Problem

    slugs = list(Problem.objects.filter(published=True).values_list("slug", flat=True))
    stats = db_stats(slug)
    log(f"database: {stats}; leaderboard problem {slug}")
    connection.close()
    port = free_port()
    server_env = {**os.environ, **env, "PYTHONPATH": str(ROOT)}
    server = start_server(server_env, args.workers, port, args.worker_class, args.threads)
    makers = request_makers(slug, slugs, keys)
    endpoints = [e for e in args.endpoints.split(",") if e]
    open_rates = [float(x) for x in args.open_rates.split(",") if x.strip()]
    results: dict = {e: {"runs": []} for e in endpoints}
    raw: dict = {e: [] for e in endpoints}
    try:
        for e in endpoints:  # one warm-up pass per endpoint (worker imports, PG cache)
            drive(port, makers[e], min(args.clients, 4), 1.0, 20)
        for run in range(args.runs):
            for e in endpoints:
                r = drive(port, makers[e], args.clients, args.duration, args.max_requests)
                raw[e].extend(r.pop("_latencies"))
                # the same endpoint with one client: service time without queueing
                solo = drive(port, makers[e], 1, args.duration, args.solo_requests)
                solo.pop("_latencies")
                r["solo_p50_ms"], r["solo_p95_ms"] = solo["p50_ms"], solo["p95_ms"]
                # the box is shared: the 1-minute load average tells a quiet run from a busy one
                r["loadavg_1m"] = round(os.getloadavg()[0], 2)
                r["open_loop"] = []
                for rate in open_rates:
                    o = drive_open(port, makers[e], args.clients, rate, args.duration)
                    o.pop("_latencies")
                    r["open_loop"].append(o)
                    log(f"run {run + 1} {e} open loop {rate:g} req/s: p50 {o['p50_ms']} "
                        f"p95 {o['p95_ms']} p99 {o['p99_ms']} ms, {o['throughput_rps']} req/s, "
                        f"late starts {o['late_starts']}, errors {o['errors']}")  # fmt: skip
                results[e]["runs"].append(r)
                log(f"run {run + 1} {e}: p50 {r['p50_ms']} p95 {r['p95_ms']} p99 {r['p99_ms']} ms, "
                    f"{r['throughput_rps']} req/s, errors {r['errors']}")  # fmt: skip
    finally:
        stop_server(server)
        deleted = cleanup_submits(prefix, args.redis)
    for e in endpoints:
        results[e]["median"] = summarize(results[e]["runs"])
        results[e]["target_p95_ms"] = TARGET_P95_MS[e]
        results[e]["meets_target"] = results[e]["median"]["p95_ms"] <= TARGET_P95_MS[e]
    report = {
        "benchmark": "web_bench",
        "label": args.label,
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "provenance": prov,
        "machine": f"{socket.gethostname()} ({os.cpu_count()} CPUs)",
        "config": {"rows": args.rows, "users": args.users, "runs": args.runs, "duration_s": args.duration,
                   "clients": args.clients, "gunicorn_workers": args.workers,
                   "gunicorn_worker_class": args.worker_class, "gunicorn_threads": args.threads,
                   "open_loop_rates_rps": open_rates, "leaderboard_problem": slug,
                   "leaderboard_device": "gpu-h200"},
        "database": stats,
        "load": loaded,
        "submissions_created_and_deleted": deleted,
        "endpoints": results,
    }  # fmt: skip
    if args.drop:
        connection.close()
        pg_admin(args.pg, f'DROP DATABASE "{args.db}" WITH (FORCE)')
    text = json.dumps(report, indent=2)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text + "\n")
    if args.latencies_out:
        Path(args.latencies_out).write_text(
            json.dumps({e: [round(x, 3) for x in v] for e, v in raw.items()})
        )
    print(text)
    print(
        f"\n{'endpoint':<18}{'p50':>8}{'p95':>8}{'p99':>8}{'req/s':>8}  target p95", file=sys.stderr
    )
    for e in endpoints:
        m = results[e]["median"]
        flag = "ok" if results[e]["meets_target"] else "MISSED"
        print(f"{e:<18}{m['p50_ms']:>8}{m['p95_ms']:>8}{m['p99_ms']:>8}{m['throughput_rps']:>8}"
              f"{m['solo_p50_ms']:>9}{m['solo_p95_ms']:>9}  "
              f"{TARGET_P95_MS[e]:g} ms {flag}", file=sys.stderr)  # fmt: skip
        for o in m.get("open_loop", []):
            print(f"  open loop {o['offered_rps']:g} req/s: p50 {o['p50_ms']} p95 {o['p95_ms']} "
                  f"p99 {o['p99_ms']} ms, {o['throughput_rps']} req/s", file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
