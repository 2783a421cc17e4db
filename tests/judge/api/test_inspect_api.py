"""GET /api/v1/submissions/<id>/inspect/ (owner or staff; computed once, then kept), the
roofline data and chart, and the inspection on the submission page."""

from __future__ import annotations

import pytest

from judge.inspection import submission_inspect, submission_roofline
from judge.models import Status, SubmissionInspection, Verdict
from runner.tools.inspect import find_tool, nvcc_path
from tests.factories import CATALOG, SubmissionFactory, UserFactory
from tests.judge.api.conftest import error_of, token_client
from web.charts import roofline_svg

needs_tools = pytest.mark.skipif(
    not (nvcc_path() and find_tool("cuobjdump")), reason="needs nvcc and cuobjdump"
)
CUDA_SOURCE = (CATALOG / "vector-add" / "solutions" / "correct_basic.cu").read_text()


def gpu_result(median_ms: float, n: int = 1 << 24) -> dict:
    """A vector-add result as judged on an H200: flops N, bytes 12 N (the problem's formulas)."""
    s = median_ms / 1e3
    case = {
        "name": "N=16M",
        "sizes": {"N": n},
        "median_ms": median_ms,
        "runs": 100,
        "gflops": n / s / 1e9,
        "gbps": 12 * n / s / 1e9,
    }
    small = {**case, "name": "N=1k", "sizes": {"N": 1024}, "median_ms": 0.004, "gflops": 0.25,
             "gbps": 3.0}  # fmt: skip
    return {
        "benchmark": {"cases": [small, case], "score_ms": median_ms},
        "device": {"kind": "cuda", "name": "NVIDIA H200"},
    }


def accepted(user, problem, median_ms: float, **kw):
    return SubmissionFactory(
        user=user, problem=problem, language="cuda", device_kind="gpu-h200", source=CUDA_SOURCE,
        status=Status.DONE, verdict=Verdict.ACCEPTED, score=median_ms,
        result=gpu_result(median_ms), **kw,
    )  # fmt: skip


def url(pk: int, query: str = "") -> str:
    return f"/api/v1/submissions/{pk}/inspect/{query}"


@needs_tools
@pytest.mark.django_db
def test_owner_gets_the_inspection_once_computed_then_kept(user, api, problem):
    sub = accepted(user, problem, 0.06)
    first = api.get(url(sub.pk))
    assert first.status_code == 200, first.content
    body = first.json()
    assert body["submission"] == sub.pk and body["arch"] == "sm_90" and body["cached"] is False
    report = body["report"]
    assert report["ok"] is True
    (kernel,) = report["kernels"]
    assert kernel["registers"] > 0 and kernel["sass"] and ".entry" in kernel["ptx"]
    assert any(g["source"] and "C[i]" in g["source"] for g in kernel["sass_by_line"])
    assert body["roofline"]["points"][0]["submission"] == sub.pk
    assert report["tools"]["cuobjdump"] == "cuobjdump"  # no host paths
    assert SubmissionInspection.objects.filter(submission=sub, arch="sm_90").count() == 1
    again = api.get(url(sub.pk)[:-1])  # without the trailing slash too
    assert again.status_code == 200 and again.json()["cached"] is True
    # another architecture is another row (the device's arch is the default)
    a100 = api.get(url(sub.pk, "?arch=sm_80"))
    assert a100.status_code == 200 and a100.json()["arch"] == "sm_80"
    assert SubmissionInspection.objects.filter(submission=sub).count() == 2


@pytest.mark.django_db
def test_inspect_is_for_owner_and_staff(user, problem, other_api, anon):
    sub = SubmissionFactory(user=user, problem=problem, language="cuda", source=CUDA_SOURCE)
    SubmissionInspection.objects.create(
        submission=sub, arch="sm_90", report={"ok": True, "kernels": [], "message": "stored"}
    )
    assert anon.get(url(sub.pk)).status_code == 401
    assert error_of(other_api.get(url(sub.pk)))["code"] == "not_found"
    staff = token_client(UserFactory(username="staffer", is_staff=True))
    got = staff.get(url(sub.pk))
    assert got.status_code == 200 and got.json()["report"]["message"] == "stored"
    assert got.json()["cached"] is True
    assert staff.get(url(sub.pk, "?arch=sm_75")).status_code == 400


@pytest.mark.django_db
def test_other_languages_are_explained_not_compiled(user, api, problem):
    triton = SubmissionFactory(
        user=user, problem=problem, language="triton", source="import triton"
    )
    body = api.get(url(triton.pk)).json()
    assert body["report"]["ok"] is False and body["report"]["gpu_required"] is True
    assert "GPU" in body["report"]["message"]
    torch = SubmissionFactory(user=user, problem=problem, language="pytorch")
    assert api.get(url(torch.pk)).json()["report"]["ok"] is False
    assert not SubmissionInspection.objects.exists()


@pytest.mark.django_db
def test_unavailable_toolkit_is_not_kept(user, problem, monkeypatch):
    import runner.tools.inspect.report as insp  # the module whose nvcc_path inspect_source calls

    monkeypatch.setattr(insp, "nvcc_path", lambda: None)
    sub = SubmissionFactory(user=user, problem=problem, language="cuda", source=CUDA_SOURCE)
    report, cached = submission_inspect(sub)
    assert report["ok"] is False and report["unavailable"] is True and cached is False
    assert not SubmissionInspection.objects.exists()


@pytest.mark.django_db
def test_roofline_points_and_chart(user, problem):
    best = accepted(UserFactory(username="fastest"), problem, 0.05)
    mine = accepted(user, problem, 0.1)
    data = submission_roofline(mine)
    assert data["device"] == "NVIDIA H200" and data["case"] == "N=16M"  # the largest case
    assert data["peak_gbps"] == pytest.approx(4300) and data["peak_gflops"] == pytest.approx(67000)
    you, first = data["points"]
    assert you["mine"] and you["submission"] == mine.pk
    assert you["intensity"] == pytest.approx(1 / 12)  # flops N over bytes 12 N
    assert you["gflops"] == pytest.approx((1 << 24) / 1e-4 / 1e9)
    assert not first["mine"] and first["submission"] == best.pk and "fastest" in first["label"]
    assert first["gflops"] == pytest.approx(2 * you["gflops"])
    svg = roofline_svg(data)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'class="point mine"' in svg and 'class="point best"' in svg
    assert "roof-memory" in svg and "roof-compute" in svg and "4.3k GB/s" in svg
    # the first place itself: one point, labelled so
    (only,) = submission_roofline(best)["points"]
    assert "first place" in only["label"]
    # no benchmark: no chart; a problem that counts no flops: a reason instead
    assert submission_roofline(SubmissionFactory(user=user, problem=problem)) is None
    zero = gpu_result(0.1)
    for c in zero["benchmark"]["cases"]:
        c["gflops"] = 0.0
    copy = SubmissionFactory(user=user, problem=problem, result=zero, status=Status.DONE)
    assert "flops" in submission_roofline(copy)["unavailable"]
    assert roofline_svg(submission_roofline(copy)) == ""
    emulated = SubmissionFactory(user=user, problem=problem, result=gpu_result(0.1),
                                 status=Status.DONE, language="cuda", device_kind="cpu")  # fmt: skip
    assert "emulation" in submission_roofline(emulated)["unavailable"]


@needs_tools
@pytest.mark.django_db
def test_submission_page_shows_roofline_resources_and_sass(client, user, problem):
    sub = accepted(user, problem, 0.06)
    client.force_login(user)
    page = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Roofline" in page and "svg" in page and "Inspect the compiled kernels" in page
    page = client.get(f"/submissions/{sub.pk}/?inspect=1").content.decode()
    assert 'class="sass-view"' in page and "Resources" in page and "STG.E" in page
    assert "C[i] = A[i] + B[i];" in page  # a source line heading its SASS
    # kept: the next visit shows it without asking
    assert 'class="sass-view"' in client.get(f"/submissions/{sub.pk}/").content.decode()
