"""Mode ``profile`` on the site (judge.profiling): the submission rules and rate limit, never a
score or a leaderboard entry, the job's output folder, the reports' size budget, the API's
summary and download, and the pages (the profile section, the download link, the side by side
comparison)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.judging.claim import judging_claim
from judge.judging.jobspec import build_job_json
from judge.judging.record import judging_result_record
from judge.models import RANKABLE, LeaderboardBest, Mode, Status, Submission, SubmissionProfile
from judge.profiling import (
    profile_compare,
    profile_report_keep,
    profile_reports_expire,
    profile_summary,
)
from runner.contract import JudgeResult
from tests.factories import SubmissionFactory, UserFactory, WorkerFactory
from tests.judge.api.conftest import error_of, submit_body, token_client

RAW = Path(__file__).resolve().parents[2] / "runner" / "data" / "ncu_raw.csv"


@pytest.fixture
def reports(tmp_path, settings):
    settings.KJ_PROFILE_DIR = str(tmp_path / "profiles")
    settings.KJ_PROFILE_BUDGET_BYTES = 1 << 20
    (tmp_path / "profiles").mkdir()
    return tmp_path / "profiles"


def profile_result(report: Path | None, *, ok: bool = True, score_ms: float | None = None) -> dict:
    """A JudgeResult of mode profile as the runner returns it (runner/supervisor/profile.py)."""
    from runner.tools.ncu_summary import summary_from_csv

    kernels = summary_from_csv(RAW.read_text())
    for k in kernels:
        k["dram_gbps"] = k["dram_bytes"] / k["total_duration_ns"]
    profile = {
        "ok": True,
        "case": {"index": 0, "name": "N = 25,000,000", "sizes": {"N": 25_000_000}},
        "kernels": kernels,
        "launches": 3,
        "launch_limit_reached": False,
        "judge_time": {"median_ms": 0.11, "runs": 50, "gbps": 2727.0, "bytes": 300_000_000},
        "comparison": {
            "ncu_duration_ms": 0.2,
            "ncu_dram_gbps": 2500.0,
            "judge_gbps": 2727.0,
            "gbps_ratio": 2500.0 / 2727.0,
            "ncu_dram_bytes": 5e8,
            "formula_bytes": 300_000_000,
            "judge_median_ms": 0.11,
        },
        "report": {"path": str(report), "name": report.name, "bytes": report.stat().st_size}
        if report
        else None,
        "buffers": "shared",
    }
    if not ok:
        profile = {"ok": False, "reason": "no_ncu", "error": "Profiling needs Nsight Compute"}
    result = {
        "schema_version": 1,
        "verdict": "accepted" if ok else "internal_error",
        "message": "profiled",
        "tests": [],
        "profile": profile,
    }
    if score_ms is not None:  # a result that claims a score: a profile must still not rank
        result["benchmark"] = {"cases": [], "score_ms": score_ms}
    return result


def write_report(folder: Path, name: str, size: int) -> Path:
    path = folder / name
    path.write_bytes(b"R" * size)
    return path


def profiled(user, problem, folder: Path, name: str, size: int = 1000) -> Submission:
    """A profile submission judged through the worker's services, its report kept."""
    sub = SubmissionFactory(
        user=user, problem=problem, mode=Mode.PROFILE, device_kind="gpu-h200", language="cuda"
    )
    claimed = judging_claim(sub.pk, worker_name="w1")
    result = profile_result(write_report(folder, name, size))
    recorded = judging_result_record(
        sub.pk, attempt=claimed.attempt, result=JudgeResult.from_dict(result)
    )
    profile_report_keep(sub.pk, result, recorded=recorded)
    sub.refresh_from_db()
    return sub


# -- submitting --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_profile_needs_a_gpu_device(api, problem):
    r = api.post("/api/v1/submissions/", submit_body(problem, mode="profile"), format="json")
    assert r.status_code == 400
    assert error_of(r)["message"].startswith("Profiling needs a GPU device")


@pytest.mark.django_db
def test_profile_has_its_own_rate_limit(api, problem, settings):
    WorkerFactory(device_kind="gpu-h200")
    settings.KJ_PROFILE_RATE_LIMIT_COUNT = 2
    body = submit_body(problem, mode="profile", device="gpu-h200")
    for _ in range(2):
        r = api.post("/api/v1/submissions/", body, format="json")
        assert r.status_code == 201, r.content
        assert r.json()["mode"] == "profile"
    r = api.post("/api/v1/submissions/", body, format="json")
    assert r.status_code == 429 and error_of(r)["code"] == "rate_limited"
    assert "Too many profiles" in error_of(r)["message"]
    # ordinary submissions are not held back by the profile limit
    r = api.post("/api/v1/submissions/", submit_body(problem), format="json")
    assert r.status_code == 201


@pytest.mark.django_db
def test_profile_job_carries_the_report_folder(reports, problem):
    sub = SubmissionFactory(problem=problem, mode=Mode.PROFILE, device_kind="gpu-h200")
    job = json.loads(build_job_json(sub))
    assert job["mode"] == "profile" and job["output_dir"] == str(reports.resolve())
    plain = json.loads(build_job_json(SubmissionFactory(problem=problem)))
    assert plain["output_dir"] == ""


@pytest.mark.django_db
def test_a_profile_never_scores_or_ranks(reports, user, problem):
    sub = SubmissionFactory(user=user, problem=problem, mode=Mode.PROFILE, device_kind="gpu-h200")
    claimed = judging_claim(sub.pk, worker_name="w1")
    result = profile_result(write_report(reports, "a.ncu-rep", 10), score_ms=0.1)
    assert judging_result_record(
        sub.pk, attempt=claimed.attempt, result=JudgeResult.from_dict(result)
    )
    sub.refresh_from_db()
    assert sub.verdict == "accepted" and sub.score is None
    assert not Submission.objects.filter(RANKABLE, pk=sub.pk).exists()
    assert not LeaderboardBest.objects.filter(user=user).exists()


# -- the reports and their budget --------------------------------------------------------------


@pytest.mark.django_db
def test_reports_are_recorded_and_the_oldest_expire_beyond_the_budget(
    reports, user, problem, settings
):
    settings.KJ_PROFILE_BUDGET_BYTES = 2500
    first = profiled(user, problem, reports, "first.ncu-rep", 1000)
    second = profiled(user, problem, reports, "second.ncu-rep", 1000)
    row = SubmissionProfile.objects.get(submission=first)
    assert (row.report_name, row.report_bytes, row.expired_at) == ("first.ncu-rep", 1000, None)
    third = profiled(user, problem, reports, "third.ncu-rep", 1000)
    assert SubmissionProfile.objects.get(submission=first).expired_at is not None
    assert not (reports / "first.ncu-rep").exists()
    assert (reports / "second.ncu-rep").exists() and (reports / "third.ncu-rep").exists()
    summary = profile_summary(first)
    assert summary["ok"] and summary["report"] == {
        "profiled": True,
        "bytes": 1000,
        "expired": True,
        "available": False,
    }
    assert profile_summary(third)["report"]["available"]
    assert profile_summary(second)["others"] == [third.pk, first.pk]
    assert profile_reports_expire(budget_bytes=0) == 2
    assert not list(reports.iterdir())


@pytest.mark.django_db
def test_a_report_outside_the_folder_is_not_recorded(reports, tmp_path, user, problem):
    sub = SubmissionFactory(user=user, problem=problem, mode=Mode.PROFILE, device_kind="gpu-h200")
    outside = write_report(tmp_path, "elsewhere.ncu-rep", 10)
    profile_report_keep(sub.pk, profile_result(outside), recorded=True)
    assert not SubmissionProfile.objects.exists()
    assert outside.exists()  # not ours to delete


@pytest.mark.django_db
def test_a_superseded_attempt_leaves_no_report(reports, user, problem):
    sub = SubmissionFactory(user=user, problem=problem, mode=Mode.PROFILE, device_kind="gpu-h200")
    path = write_report(reports, "late.ncu-rep", 10)
    profile_report_keep(sub.pk, profile_result(path), recorded=False)
    assert not path.exists() and not SubmissionProfile.objects.exists()


# -- API ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_api_profile_summary_and_report_download(reports, user, api, problem):
    sub = profiled(user, problem, reports, "r.ncu-rep", 1234)
    r = api.get(f"/api/v1/submissions/{sub.pk}/profile/")
    assert r.status_code == 200, r.content
    body = r.json()
    p = body["profile"]
    assert p["ok"] and p["case"] == "N = 25,000,000" and p["launches"] == 3
    assert [k["kernel"].split("(")[0] for k in p["kernels"]] == ["vector_add", "gemm_tc"]
    assert p["kernels"][0]["stalls"][0]["reason"] == "long scoreboard"
    assert p["report"] == {"profiled": True, "bytes": 1234, "expired": False, "available": True}
    assert body["report_url"].endswith(f"/api/v1/submissions/{sub.pk}/profile/report/")
    download = api.get(f"/api/v1/submissions/{sub.pk}/profile/report/")
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == b"R" * 1234
    assert f"submission-{sub.pk}.ncu-rep" in download["Content-Disposition"]


@pytest.mark.django_db
def test_api_profile_is_for_the_owner_and_only_for_profiles(reports, user, problem, other_api):
    sub = profiled(user, problem, reports, "r.ncu-rep")
    assert other_api.get(f"/api/v1/submissions/{sub.pk}/profile/").status_code == 404
    assert other_api.get(f"/api/v1/submissions/{sub.pk}/profile/report/").status_code == 404
    plain = SubmissionFactory(user=user, problem=problem)
    r = token_client(user).get(f"/api/v1/submissions/{plain.pk}/profile/")
    assert r.status_code == 404 and error_of(r)["code"] == "not_a_profile"


@pytest.mark.django_db
def test_api_failed_profile_says_why_and_has_no_report(user, api, problem, reports):
    sub = SubmissionFactory(user=user, problem=problem, mode=Mode.PROFILE, device_kind="gpu-h200")
    claimed = judging_claim(sub.pk, worker_name="w1")
    judging_result_record(
        sub.pk,
        attempt=claimed.attempt,
        result=JudgeResult.from_dict(profile_result(None, ok=False)),
    )
    body = api.get(f"/api/v1/submissions/{sub.pk}/profile/").json()
    assert body["profile"]["ok"] is False
    assert body["profile"]["error"] == "Profiling needs Nsight Compute"
    assert body["report_url"] is None
    assert api.get(f"/api/v1/submissions/{sub.pk}/profile/report/").status_code == 404


# -- pages -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_submission_page_shows_the_profile_and_the_download_link(reports, client, user, problem):
    sub = profiled(user, problem, reports, "page.ncu-rep")
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Profile (Nsight Compute)" in html
    assert "vector_add" in html and "long scoreboard" in html
    assert f'href="/submissions/{sub.pk}/profile.ncu-rep"' in html
    r = client.get(f"/submissions/{sub.pk}/profile.ncu-rep")
    assert r.status_code == 200 and b"".join(r.streaming_content) == b"R" * 1000
    client.force_login(UserFactory())
    assert client.get(f"/submissions/{sub.pk}/profile.ncu-rep").status_code == 404


@pytest.mark.django_db
def test_ordinary_submission_page_has_no_profile_section(client, user, problem):
    sub = SubmissionFactory(user=user, problem=problem, status=Status.DONE)
    client.force_login(user)
    assert "Profile (Nsight Compute)" not in client.get(f"/submissions/{sub.pk}/").content.decode()


@pytest.mark.django_db
def test_compare_page_puts_two_profiles_side_by_side(reports, client, user, problem):
    a = profiled(user, problem, reports, "a.ncu-rep")
    b = profiled(user, problem, reports, "b.ncu-rep")
    Submission.objects.filter(pk=b.pk).update(
        result={
            **b.result,
            "profile": {
                **b.result["profile"],
                "comparison": {**b.result["profile"]["comparison"], "ncu_duration_ms": 0.1},
            },
        }
    )
    b.refresh_from_db()
    rows = {r["label"]: r for r in profile_compare(a, b)["rows"]}
    assert rows["Time in kernels under ncu (ms)"]["ratio"] == pytest.approx(0.5)
    client.force_login(user)
    html = client.get(f"/submissions/{a.pk}/compare/{b.pk}/").content.decode()
    assert "Profiles side by side" in html and f"Kernels of #{b.pk}" in html
    assert "0.500" in html
    page = client.get(f"/submissions/{a.pk}/").content.decode()
    assert f'href="/submissions/{a.pk}/compare/{b.pk}/"' in page
    client.force_login(UserFactory())
    assert client.get(f"/submissions/{a.pk}/compare/{b.pk}/").status_code == 404
