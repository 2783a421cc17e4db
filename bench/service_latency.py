"""Submit -> verdict latency through the real Celery worker, with and without the warm runner
service (``python -m runner serve``, runner/service/server.py), on the CPU device.

    python bench/service_latency.py [--runs 20] [--variants plain,service] [--out FILE]

For each variant it starts ``manage.py judge_worker --device-kind cpu`` (KJ_RUNNER_SERVICE=0
or 1) on a private SQLite database and filesystem broker, judges one warm-up submission, then
``--runs`` submissions of the PyTorch vector add in mode ``run`` and ``--runs`` in mode
``submit``, one at a time. Latency = from ``submission_create()`` (the row is committed and
the task enqueued) to the row's status ``done`` as seen by polling the database every 10 ms.
Each submission is sent when the worker is idle: the previous verdict is recorded and, with
the service, its spare child has booted (the service is pinged until it says so; the wait is
not counted). Prints JSON; ``--out`` also writes it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from provenance import commit_label, provenance  # noqa: E402

from runner.service.server import ping as service_ping  # noqa: E402

SOURCE = (ROOT / "problems/catalog/vector-add/solutions/correct_pytorch.py").read_text()


def ping(sock_path: str) -> dict | None:
    return service_ping(sock_path, timeout_s=5)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def run_variant(name: str, runs: int, var: Path) -> dict:
    from django.contrib.auth import get_user_model

    from judge.models import Status, Submission
    from judge.submissions.services import submission_create
    from problems.models import Problem

    sockdir = Path(tempfile.mkdtemp(prefix="kjb-"))
    env = dict(
        os.environ,
        KJ_VAR_DIR=str(var),
        KJ_RUNNER_SERVICE="1" if name == "service" else "0",
        KJ_RUNNER_SOCKET_DIR=str(sockdir),
        KJ_RATE_LIMIT_COUNT="1000000",
        CUDA_VISIBLE_DEVICES="",
    )
    env.pop("KJ_RUNNER_SOCKET", None)
    log = var / f"worker-{name}.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "judge_worker", "--device-kind", "cpu",
             "--no-reconciler", "--loglevel", "warning"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    sock = str(sockdir / "cpu.sock")
    user = get_user_model().objects.get(username="bench")
    problem = Problem.objects.get(slug="vector-add")

    def idle() -> None:
        if name != "service":
            time.sleep(0.5)
            return
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            pong = ping(sock)
            if pong and pong.get("spare_ready"):
                return
            time.sleep(0.1)
        raise RuntimeError("the service never got a spare ready: " + log.read_text()[-3000:])

    def one(mode: str) -> tuple[float, dict]:
        t0 = time.monotonic()
        sub = submission_create(
            user, problem=problem, language="pytorch", device_kind="cpu", mode=mode, source=SOURCE
        )
        while True:
            row = Submission.objects.only("status").get(pk=sub.pk)
            if row.status == Status.DONE:
                break
            if worker.poll() is not None:
                raise RuntimeError("worker died: " + log.read_text()[-3000:])
            if time.monotonic() - t0 > 600:
                raise RuntimeError("no verdict in 600 s: " + log.read_text()[-3000:])
            time.sleep(0.01)
        dt = time.monotonic() - t0
        row = Submission.objects.get(pk=sub.pk)
        return dt, {"verdict": row.verdict, "flags": (row.result or {}).get("flags", []),
                    "phases": (row.result or {}).get("phases", {})}  # fmt: skip

    out: dict = {"variant": name, "modes": {}}
    try:
        idle()
        warm_dt, warm = one("run")  # the worker's first task (imports, connections)
        out["warmup_s"] = round(warm_dt, 3)
        for mode in ("run", "submit"):
            lat, verdicts, prestarted, runner_total = [], [], 0, []
            for _ in range(runs):
                idle()
                dt, info = one(mode)
                lat.append(dt)
                verdicts.append(info["verdict"])
                prestarted += "prestarted_child" in info["flags"]
                runner_total.append(float(info["phases"].get("total_s", 0.0)))
                print(f"{name} {mode} {dt:.3f} s {info['verdict']}", file=sys.stderr, flush=True)
            out["modes"][mode] = {
                "n": runs,
                "method": "end to end: submission_create() (committed, enqueued) to the row's "
                "status done (database polled every 10 ms), through the real Celery worker on a "
                "filesystem broker and SQLite, one submission at a time, worker idle; "
                "runner_total_p50_s is the runner alone",
                "samples": len(lat),
                "p50_s": round(statistics.median(lat), 3),
                "p90_s": round(pct(lat, 0.9), 3),
                "min_s": round(min(lat), 3),
                "max_s": round(max(lat), 3),
                "runner_total_p50_s": round(statistics.median(runner_total), 3),
                "verdicts": sorted(set(verdicts)),
                "prestarted_child_runs": prestarted,
                "latencies_s": [round(x, 3) for x in lat],
            }
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        try:
            worker.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--variants", default="plain,service")
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    var = Path(tempfile.mkdtemp(prefix="kj-bench-var-"))
    os.environ["KJ_VAR_DIR"] = str(var)
    os.environ["KJ_RATE_LIMIT_COUNT"] = "1000000"
    for key in ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "KJ_QUEUE_PREFIX"):
        os.environ.pop(key, None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from problems.services import problems_sync_from_catalog

    call_command("migrate", verbosity=0)
    report = problems_sync_from_catalog(ROOT / "problems" / "catalog", slugs=["vector-add"])
    assert not report.errors, report.errors
    get_user_model().objects.create_user("bench", password="bench-pass-123")
    prov = provenance()
    commit = commit_label(prov)
    result = {
        "provenance": prov,
        "bench": "service_latency",
        "date": time.strftime("%Y-%m-%d"),
        "commit": commit,
        "machine": {
            "host": platform.node(),
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "load_avg_at_start": os.getloadavg(),
        },
        "problem": "vector-add",
        "language": "pytorch",
        "device": "cpu",
        "variants": [],
    }
    for name in args.variants.split(","):
        result["variants"].append(run_variant(name.strip(), args.runs, var))
    result["machine"]["load_avg_at_end"] = os.getloadavg()
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
