"""The compose stack, once for this folder: started from the built images, healthy, then
stopped and removed with its volumes, whatever the tests did. `make docker-e2e` runs these
tests (marker `docker`); `make test` leaves them out."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.docker.stack import CORE_SERVICES, Site, Stack, StackError

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if HERE in Path(item.fspath).resolve().parents:
            item.add_marker(pytest.mark.docker)


def engine_or_fail() -> None:
    if not shutil.which("docker"):
        pytest.fail("no docker CLI: apt-get install docker.io (scripts/docker-e2e.sh does)")
    out = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        pytest.fail(f"no Docker engine answers: start dockerd ({out.stderr.strip()[:200]})")


@pytest.fixture(scope="session")
def stack():
    engine_or_fail()
    stack = Stack(project="kje2e", worker_host="kj-e2e-a",
                  extra_env={"KJ_RUNNING_STALE_S": "180", "KJ_QUEUED_STALE_S": "60"})  # fmt: skip
    stack.down()  # what an interrupted run left
    started = time.monotonic()
    try:
        # one tier at a time, each waited for here (migrations and the catalog sync take
        # minutes on a busy two-core host; compose alone gives up on a dependency early)
        for tier in (("postgres", "redis"), ("web",), ("worker-cpu",)):
            stack.up("--no-deps", *tier)
            stack.wait_healthy(tier, timeout_s=900)
        took = time.monotonic() - started
    except (StackError, subprocess.TimeoutExpired):
        for service in CORE_SERVICES:
            print(f"--- {service}\n{stack.logs(service)}\n{stack.health_log(service)}")
        stack.down()
        raise
    print(f"\nstack healthy {took:.0f} s after `up` ({time.monotonic() - started:.0f} s in all)")
    yield stack
    stack.down()


@pytest.fixture(scope="session")
def user_site(stack: Stack) -> Site:
    site = Site(stack.web_port)
    site.sign_up("e2e-user", "e2e-Password-4821")
    site.create_token()
    return site
