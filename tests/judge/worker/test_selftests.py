"""A worker offers only what its self-tests passed: the self-test report recorded on its row,
the site's offer narrowed to it (rules, problem API, devices and languages API), and a clear
refusal naming the device kinds that can judge a language no worker of the chosen kind can."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from judge.errors import SubmissionRefused
from judge.models import Worker
from judge.rules import check_language, languages_offered
from judge.worker import selftests
from judge.worker.services import worker_register
from tests.factories import ProblemFactory

pytestmark = pytest.mark.django_db


def fake_runner(folder: Path, report: dict | None, exit_code: int = 0) -> Path:
    """A `runner` package whose `python -m runner selftest ...` prints ``report`` (None:
    prints nothing) and records the arguments it was given."""
    package = folder / "runner"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    printed = f"print({json.dumps(json.dumps(report))})" if report is not None else "pass"
    (package / "__main__.py").write_text(
        "import pathlib, sys\n"
        f"pathlib.Path({str(folder / 'argv.json')!r}).write_text(__import__('json').dumps(sys.argv))\n"
        f"{printed}\n"
        f"sys.exit({exit_code})\n"
    )
    return folder


def test_a_workers_selftests_record_the_languages_that_passed(tmp_path, settings) -> None:
    report = {
        "device": "cpu",
        "checks": [
            {"language": "pytorch", "ok": True, "version": "2.13.0", "verdict": "accepted"},
            {"language": "triton", "ok": False, "version": "", "verdict": "compile_error",
             "reason": "no compiler"},
        ],
    }  # fmt: skip
    settings.KJ_RUNNER_CWD = str(fake_runner(tmp_path, report, exit_code=1))
    settings.KJ_RUNNER_PYTHON = sys.executable
    worker_register("h:cpu", device_kind="cpu", gpu_model="", queues=["cpu"])
    passed, problems = selftests.worker_selftest("h:cpu", "cpu", {"PATH": "/usr/bin:/bin"})
    assert passed == {"pytorch": "2.13.0"}
    assert "triton: no compiler" in problems
    assert json.loads((tmp_path / "argv.json").read_text())[1:] == [
        "selftest",
        "--device",
        "cpu",
        "--json",
    ]
    worker = Worker.objects.get(name="h:cpu")
    assert worker.languages == {"pytorch": "2.13.0"} and worker.languages_checked_at is not None


def test_a_selftest_run_that_reports_nothing_advertises_no_language(tmp_path, settings) -> None:
    settings.KJ_RUNNER_CWD = str(fake_runner(tmp_path, None, exit_code=3))
    settings.KJ_RUNNER_PYTHON = sys.executable
    worker_register("h:cpu", device_kind="cpu", gpu_model="", queues=["cpu"])
    passed, problems = selftests.worker_selftest("h:cpu", "cpu", {"PATH": "/usr/bin:/bin"})
    assert passed == {} and "printed no report (exit 3)" in problems
    assert languages_offered("cpu") == ()


def test_without_a_reporting_worker_the_records_are_offered() -> None:
    worker_register("h:cpu", device_kind="cpu", gpu_model="", queues=["cpu"])  # not run yet
    assert set(languages_offered("cpu")) >= {"pytorch", "triton", "jax"}


def register_with(name: str, kind: str, languages: dict[str, str]) -> None:
    worker_register(name, device_kind=kind, gpu_model="", queues=[kind], languages=languages)


def test_the_offer_is_narrowed_to_what_live_workers_passed_and_refusals_name_who_can() -> None:
    register_with("h:cpu", "cpu", {"pytorch": "2.13.0"})
    register_with("g:gpu0", "gpu-h200", {"triton": "3.6.0", "pytorch": "2.11.0"})
    assert languages_offered("cpu") == ("pytorch",)
    assert languages_offered("gpu-h200") == ("triton", "pytorch")
    assert languages_offered() == ("triton", "pytorch")
    with pytest.raises(SubmissionRefused) as info:
        check_language("triton", "cpu")
    message = info.value.message
    assert "No live cpu worker can judge triton right now" in message
    assert "Device kinds that can: gpu-h200." in message
    assert "On cpu choose one of: pytorch." in message
    check_language("pytorch", "cpu")  # offered: no refusal


def test_a_worker_that_stopped_heartbeating_offers_nothing(settings) -> None:
    register_with("h:cpu", "cpu", {"pytorch": "2.13.0"})
    register_with("old:cpu", "cpu", {"jax": "0.10.2"})
    Worker.objects.filter(name="old:cpu").update(
        last_heartbeat=timezone.now() - timezone.timedelta(seconds=settings.KJ_WORKER_LIVE_S + 5)
    )
    assert languages_offered("cpu") == ("pytorch",)


def test_the_api_lists_only_the_languages_live_workers_judge() -> None:
    register_with("h:cpu", "cpu", {"pytorch": "2.13.0"})
    problem = ProblemFactory(slug="vector-add")
    client = APIClient()
    detail = client.get(f"/api/v1/problems/{problem.slug}/").json()
    assert sorted(detail["languages"]) == sorted(["pytorch", *_gpu_only()])
    assert {d["kind"]: d["languages"] for d in detail["devices"]} == {"cpu": ["pytorch"]}
    devices = client.get("/api/v1/devices/").json()["results"]
    assert [(d["kind"], d["languages"], d["versions"]) for d in devices] == [
        ("cpu", ["pytorch"], {"pytorch": "2.13.0"})
    ]
    langs = {r["name"]: r for r in client.get("/api/v1/languages/").json()}
    assert langs["pytorch"]["device_kinds"] == ["cpu"]
    assert langs["pytorch"]["versions"] == {"cpu": "2.13.0"}
    assert langs["triton"]["device_kinds"] == []


def _gpu_only() -> list[str]:
    """With no GPU worker live, the GPU-only languages stay listed (their starters can be read)."""
    from runner.contract import languages

    cpu = set(languages.on_device("cpu"))
    return [name for name in languages.on_device("cuda") if name not in cpu]
