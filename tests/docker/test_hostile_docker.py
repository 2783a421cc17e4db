"""The CPU hostile corpus through the Docker sandbox backend, compared with bubblewrap.

Every CPU case of tests/hostile/cases (and the CPU runs of GPU cases) is judged by the real
runner in this process, the supervisor outside, with ``KERNELJUDGE_SANDBOX=docker``, and
compared with its verdict under ``KERNELJUDGE_SANDBOX=bwrap``: the one make test's corpus run
kept for this very tree (tests/hostile/records.py; `.ci/run` runs make test first), else judged
here (a container per sandboxed process from the
worker-cpu image that scripts/docker-build.sh builds). Each run must be contained as the
corpus test requires (tests/hostile/test_corpus.py: an expected verdict, every host check
passing), the two verdicts must be equal, and no job container may be left on the engine.
Needs the engine, the image, bubblewrap, and Redis and PostgreSQL on this host (the canaries).
"""

from __future__ import annotations

import pytest

from runner.tools.hostile import HostGuard, failures, judge_case, load_cases_with_cpu_runs
from tests.docker.conftest import (
    WORKER_IMAGE,
    WORKER_PYTHON,
    job_containers,
    worker_image_or_fail,
)
from tests.hostile import records
from tests.hostile.test_corpus import _param

CPU_CASES = [c for c in load_cases_with_cpu_runs() if c.device == "cpu"]


@pytest.fixture(scope="module")
def guard():
    worker_image_or_fail()
    with HostGuard() as g:
        if g.redis_why or g.pg_why:
            pytest.fail(f"host services must be up for the corpus: {g.redis_why} {g.pg_why}")
        yield g


def test_the_cpu_corpus_is_all_here():
    assert len(CPU_CASES) >= 100
    assert {"fork-bomb", "memory-bomb", "include-etc-passwd", "endless-kernel@cpu"} <= {
        c.name for c in CPU_CASES
    }


@pytest.mark.parametrize("case", [_param(c) for c in CPU_CASES])
def test_hostile_case_contained_in_docker_with_bwraps_verdict(case, guard, monkeypatch):
    bwrap = records.recorded(case.name, "bwrap")
    if bwrap is None:
        monkeypatch.setenv("KERNELJUDGE_SANDBOX", "bwrap")
        bwrap = judge_case(case, guard)
    monkeypatch.setenv("KERNELJUDGE_SANDBOX", "docker")
    monkeypatch.setenv("KERNELJUDGE_RUNNER_IMAGE", WORKER_IMAGE)
    monkeypatch.setenv("KERNELJUDGE_RUNNER_PYTHON", WORKER_PYTHON)
    docker = judge_case(case, guard)
    assert not failures(case, bwrap), "bwrap: " + "; ".join(failures(case, bwrap))
    assert not failures(case, docker), "docker: " + "; ".join(failures(case, docker))
    assert docker["actual"] == bwrap["actual"], (
        f"docker {docker['actual']!r} ({docker['message']}) != bwrap {bwrap['actual']!r}"
    )
    assert not job_containers(), "job containers left on the engine"
