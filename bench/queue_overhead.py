"""What the site adds to a judgement: queue + claim + spawn + record, on the CPU, through the
real pipeline (submission_create -> Redis -> Celery worker started by `manage.py
judge_worker` -> `python -m runner job` -> judging_result_record).

    python bench/queue_overhead.py [--n 10] [--mode run] [--out FILE]
    python bench/queue_overhead.py --quick          # 2 submissions

Each submission (the vector add in PyTorch, on the cpu device) is made after the previous
one finished, so nothing waits behind other work. Per submission:
- wall: from just before submission_create until the row is `done` (polled every 20 ms);
- runner_total_s: the runner's own total (`phases.total_s` of the JudgeResult);
- overhead_s = wall - runner_total_s, split into queue_s (created_at -> started_at: commit,
  enqueue, Redis, Celery, claim) and rest_s (spawn the runner process: interpreter start and
  imports, reading the spec, writing and recording the result, the 0.2 s events poll).
Needs PostgreSQL and Redis (defaults: 127.0.0.1); uses its own database, dropped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_common import commit_label, provenance, summary  # noqa: E402
from web_bench import django_setup, pg_admin, pg_exists  # noqa: E402

SOURCE = "import torch\n\n\ndef solve(A, B, C, N):\n    torch.add(A, B, out=C)\n"


QUEUE_METHODS = {
    "wall_s": "end to end: just before submission_create until the row is done (polled every "
    "20 ms), through Redis, a Celery worker and `python -m runner job`; one at a time",
    "runner_total_s": "the runner's own phases.total_s of that judgement (runner only)",
    "overhead_s": "wall_s minus runner_total_s: what the site adds",
    "queue_s": "created_at to started_at: commit, enqueue, Redis, Celery, claim",
    "rest_s": "overhead_s minus queue_s: runner process start and imports, recording, events poll",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--pg", default=os.environ.get("KJ_BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
    )
    ap.add_argument("--db", default="kj_bench_queue")
    ap.add_argument("--redis", default=os.environ.get("KJ_BENCH_REDIS", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--mode", default="run", choices=["run", "submit"])
    ap.add_argument("--out", default="")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    if args.quick:
        args.n = 2
    prefix = f"kjq{uuid.uuid4().hex[:8]}-"
    env = {"DATABASE_URL": f"{args.pg}/{args.db}", "CELERY_BROKER_URL": args.redis,
           "KJ_QUEUE_PREFIX": prefix, "DEBUG": "0", "KJ_RATE_LIMIT_COUNT": "1000000"}  # fmt: skip
    if pg_exists(args.pg, args.db):
        pg_admin(args.pg, f'DROP DATABASE "{args.db}" WITH (FORCE)')
    pg_admin(args.pg, f'CREATE DATABASE "{args.db}"')
    worker = None
    try:
        django_setup(env)
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.db import connection

        from judge.models import Status, Submission
        from judge.submissions.services import submission_create
        from problems.models import Problem

        call_command("migrate", verbosity=0)
        call_command("sync_problems", "vector-add", verbosity=0)
        problem = Problem.objects.get(slug="vector-add")
        user = get_user_model().objects.create(username="queue-bench")
        connection.close()
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "judge_worker", "--device-kind", "cpu", "--no-reconciler",
             "--loglevel", "warning"],
            cwd=ROOT, env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip

        def judge_one(i: int) -> dict:
            t0 = time.monotonic()
            s = submission_create(
                user, problem=problem, language="pytorch", device_kind="cpu", mode=args.mode,
                source=f"# {i} {uuid.uuid4().hex}\n{SOURCE}",
            )  # fmt: skip
            while True:
                row = Submission.objects.get(pk=s.pk)
                if row.status == Status.DONE:
                    break
                if time.monotonic() - t0 > 600:
                    raise SystemExit(
                        f"submission {s.pk} not done after 600 s (status {row.status})"
                    )
                if worker.poll() is not None:
                    raise SystemExit(f"worker exited: {worker.stderr.read()[-2000:]}")
                time.sleep(0.02)
            wall = time.monotonic() - t0
            total = ((row.result or {}).get("phases") or {}).get("total_s")
            queue = (row.started_at - row.created_at).total_seconds()
            out = {"submission": row.pk, "verdict": row.verdict, "wall_s": round(wall, 3), "runner_total_s": total,
                   "queue_s": round(queue, 3)}  # fmt: skip
            if total is not None:
                out["overhead_s"] = round(wall - total, 3)
                out["rest_s"] = round(wall - total - queue, 3)
            return out

        warm = judge_one(-1)  # the worker's first task pays its own start-up; not counted
        runs = []
        for i in range(args.n):
            r = judge_one(i)
            runs.append(r)
            print(f"[queue_overhead] {i + 1}/{args.n}: {r}", file=sys.stderr, flush=True)
    finally:
        if worker is not None and worker.poll() is None:
            os.killpg(worker.pid, 15)
            try:
                worker.wait(40)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, 9)
        try:
            from django.db import connection

            connection.close()
        except Exception:  # noqa: BLE001
            pass
        pg_admin(args.pg, f'DROP DATABASE "{args.db}" WITH (FORCE)')
        try:
            import redis

            r = redis.Redis.from_url(args.redis)
            for key in r.scan_iter(f"*{prefix}*"):
                r.delete(key)
        except Exception:  # noqa: BLE001 - best effort, the prefix is unique
            pass
    ok = [r for r in runs if r.get("overhead_s") is not None]
    prov = provenance()
    report = {
        "benchmark": "queue_overhead",
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit_label(prov),
        "provenance": prov,
        "machine": f"{socket.gethostname()} ({os.cpu_count()} CPUs)",
        "config": {
            "n": args.n,
            "mode": args.mode,
            "broker": "redis",
            "database": "postgresql",
            "job": "vector-add, pytorch, cpu device",
        },  # fmt: skip
        "warmup": warm,
        "runs": runs,
        "stats": {k: summary([r[k] for r in ok], method=m) for k, m in QUEUE_METHODS.items()},
        "verdicts": sorted({r["verdict"] for r in runs}),
    }
    text = json.dumps(report, indent=2)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text + "\n")
    print(text)
    st = report["stats"]
    print(f"overhead p50 {st['overhead_s']['p50']} s (queue {st['queue_s']['p50']} s, spawn+record "
          f"{st['rest_s']['p50']} s) on runner total p50 {st['runner_total_s']['p50']} s", file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
