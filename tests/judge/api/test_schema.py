"""The OpenAPI schema, the self-hosted Swagger UI, and schemathesis fuzzing the live API."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from accounts.services import token_create
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory


@pytest.mark.django_db
def test_schema_lists_every_endpoint():
    response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = set(response.json()["paths"])
    assert {
        "/api/v1/problems/",
        "/api/v1/problems/{slug}/",
        "/api/v1/submissions/",
        "/api/v1/submissions/{id}/",
        "/api/v1/submissions/{id}/cancel/",
        "/api/v1/submissions/{id}/events/",
        "/api/v1/leaderboards/",
        "/api/v1/leaderboards/{slug}/",
        "/api/v1/devices/",
        "/api/v1/me/",
        "/api/v1/tokens/",
        "/api/v1/tokens/{id}/",
    } <= paths
    schemes = response.json()["components"]["securitySchemes"]
    assert schemes["tokenAuth"]["name"] == "Authorization"


@pytest.mark.django_db
def test_swagger_ui_assets_come_from_this_site():
    client = APIClient()
    page = client.get("/api/docs/").content.decode()
    assert "cdn" not in page.lower() and "unpkg" not in page.lower()
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert any("swagger-ui-bundle" in a for a in assets), page[:2000]
    for asset in assets:
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert b"".join(response.streaming_content) if response.streaming else response.content


def schemathesis_cli() -> str | None:
    return shutil.which("schemathesis", path=str(Path(sys.executable).parent)) or shutil.which(
        "schemathesis"
    )


@pytest.mark.integration
@pytest.mark.timeout(180)
@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_no_server_errors(live_server, settings, tmp_path):
    """Bounded property-based run of every operation (few examples each), authenticated,
    against a live test server; any 5xx fails."""
    cli = schemathesis_cli()
    if cli is None:
        pytest.fail("schemathesis is not installed (pip install -r requirements-dev.txt)")
    settings.KJ_SSE_MAX_S = 1  # a stream for an own queued submission ends quickly
    settings.KJ_SUBMIT_THROTTLE = ""
    settings.KJ_RATE_LIMIT_COUNT = 10_000
    user = UserFactory(username="fuzzer")
    problem = ProblemFactory(slug="vector-add")
    SubmissionFactory(user=user, problem=problem)
    _, key = token_create(user, name="schemathesis")
    argv = [
        cli, "run", f"{live_server.url}/api/schema/?format=json",
        "--url", live_server.url,
        "--checks", "not_a_server_error",
        "--max-examples", "8",
        "--phases", "examples,fuzzing",
        "--generation-deterministic",
        "--workers", "1",
        "--exclude-method", "DELETE",  # revoking its own token would turn the rest into 401s
        "-H", f"Authorization: Token {key}",
    ]  # fmt: skip
    out = subprocess.run(argv, capture_output=True, text=True, timeout=150, cwd=tmp_path)
    report = out.stdout[-6000:] + out.stderr[-2000:]
    print(report)
    assert out.returncode == 0, report
    assert "passed" in report.lower() and "failed" not in report.lower().split("summary")[-1], (
        report
    )
