"""The compose stack, once for this folder: started from the built images, healthy, then
stopped and removed with its volumes, whatever the tests did. `make docker-e2e` runs these
tests (marker `docker`); `make test` leaves them out."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from runner.sandbox.backends.docker import supervisor_label
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


# The docker sandbox backend's per-job image and its interpreter (docker/worker-cpu.Dockerfile)
WORKER_IMAGE = (
    f"{os.environ.get('KJ_REGISTRY', 'kerneljudge')}/worker-cpu:"
    f"{os.environ.get('KJ_VERSION', 'local')}"
)
WORKER_PYTHON = "/opt/venv/bin/python"


def worker_image_or_fail() -> None:
    engine_or_fail()
    got = subprocess.run(["docker", "image", "inspect", WORKER_IMAGE], capture_output=True)
    if got.returncode != 0:
        pytest.fail(f"no image {WORKER_IMAGE}: scripts/docker-build.sh builds it")


def job_containers() -> list[str]:
    """This process's docker-sandbox job containers on the engine, stopped ones included
    (another pytest worker's running jobs are not this test's leftovers)."""
    out = subprocess.run(
        ["docker", "ps", "-aq", "--filter", "label=kerneljudge.role=job",
         "--filter", f"label=kerneljudge.supervisor={supervisor_label()}"],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    return out.stdout.split()


@pytest.fixture
def docker_sandbox(monkeypatch):
    """KERNELJUDGE_SANDBOX=docker with the worker-cpu image, for this test."""
    worker_image_or_fail()
    monkeypatch.setenv("KERNELJUDGE_SANDBOX", "docker")
    monkeypatch.setenv("KERNELJUDGE_RUNNER_IMAGE", WORKER_IMAGE)
    monkeypatch.setenv("KERNELJUDGE_RUNNER_PYTHON", WORKER_PYTHON)


@pytest.fixture(scope="session")
def stack():
    engine_or_fail()
    stack = Stack(project="kje2e", worker_host="kj-e2e-a",
                  extra_env={"KJ_RUNNING_STALE_S": "60", "KJ_QUEUED_STALE_S": "60"})  # fmt: skip
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
