"""Prometheus exposition for /metrics: a collector that reads judge/ops/observability.py at
scrape time (so it is the same from every process), in its own registry."""

from __future__ import annotations

import logging

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
)

from judge.ops import observability as obs
from judge.queue import broker_is_redis, broker_queue_lengths
from judge.worker.selectors import live_workers

log = logging.getLogger("judge.metrics")


class JudgeCollector:
    def collect(self):
        up = GaugeMetricFamily(
            "kj_metrics_scrape_ok", "1 if every judge metric could be read, else 0"
        )
        ok = True
        try:
            yield from self._database_metrics()
        except Exception:  # noqa: BLE001 - a scrape never raises; kj_metrics_scrape_ok says it
            log.exception("metrics: database read failed")
            ok = False
        try:
            yield from self._broker_metrics()
        except Exception:  # noqa: BLE001
            log.exception("metrics: broker read failed")
            ok = False
        up.add_metric([], 1.0 if ok else 0.0)
        yield up

    def _database_metrics(self):
        by_status = obs.submissions_by_status()
        queued = GaugeMetricFamily(
            "kj_queue_depth",
            "Submissions waiting to be judged (status queued), per device kind, from the DB",
            labels=["device_kind"],
        )
        for kind, n in sorted(obs.queue_depths().items()):
            queued.add_metric([kind], n)
        yield queued
        unfinished = GaugeMetricFamily(
            "kj_submissions_unfinished",
            "Submissions not done yet, per device kind and status",
            labels=["device_kind", "status"],
        )
        for (kind, status), n in sorted(by_status.items()):
            unfinished.add_metric([kind, status], n)
        yield unfinished
        verdicts = CounterMetricFamily(
            "kj_verdicts",
            "Judged submissions per device kind and verdict (rows in the DB; a rejudge moves "
            "a submission out of its old verdict)",
            labels=["device_kind", "verdict"],
        )
        for (kind, verdict), n in sorted(obs.verdict_counts().items()):
            verdicts.add_metric([kind, verdict], n)
        yield verdicts
        phases = HistogramMetricFamily(
            "kj_judge_phase_seconds",
            "Duration of each judging phase, from the runner's recorded result (phases)",
            labels=["phase"],
        )
        for phase, data in obs.phase_histograms().items():
            buckets = [(str(bound), float(n)) for bound, n in data["buckets"]]
            buckets.append(("+Inf", float(data["count"])))
            phases.add_metric([phase.removesuffix("_s")], buckets, data["sum"])
        yield phases
        ages = GaugeMetricFamily(
            "kj_worker_heartbeat_age_seconds",
            "Seconds since each registered worker's last heartbeat",
            labels=["worker", "device_kind"],
        )
        live = GaugeMetricFamily(
            "kj_workers_live",
            "Workers that heartbeated within KJ_WORKER_LIVE_S, per device kind",
            labels=["device_kind"],
        )
        for name, kind, age in obs.worker_heartbeat_ages():
            ages.add_metric([name, kind], age)
        yield ages
        for kind, n in sorted(live_workers().items()):
            live.add_metric([kind], n)
        yield live

    def _broker_metrics(self):
        if not broker_is_redis():
            return
        kinds = set(obs.queue_depths()) | {"cpu"} | set(live_workers())
        lengths = GaugeMetricFamily(
            "kj_broker_queue_length",
            "Messages waiting in the Redis broker per Celery queue (all priorities)",
            labels=["queue"],
        )
        for queue, n in sorted(broker_queue_lengths(kinds).items()):
            lengths.add_metric([queue], n)
        yield lengths


REGISTRY = CollectorRegistry(auto_describe=False)
REGISTRY.register(JudgeCollector())


def render() -> bytes:
    return generate_latest(REGISTRY)
