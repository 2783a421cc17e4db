"""The problem page's workbench on the server side: GPU-only starters viewable with a note,
the My submissions panel, narrow-screen tabs, the favicon; the submission page's error
location and Cancel button."""

from __future__ import annotations

import pytest

from judge.models import Status, Submission
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory, WorkerFactory

pytestmark = pytest.mark.django_db

PY = "import torch\n\ndef solve(A, B, C, N):\n    x = 1 / 0\n"
TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/tmp/kj-job-abc/solution.py", line 4, in solve\n'
    "    x = 1 / 0\nZeroDivisionError: division by zero\n"
)


def test_gpu_only_languages_are_offered_with_a_note_on_a_cpu_only_site(client):
    problem = ProblemFactory(starters={"cuda": "// cuda starter\n", "cupy": "import cupy\n"})
    html = client.get(f"/problems/{problem.slug}/").content.decode()
    assert '<option value="cuda"' in html and '<option value="cupy"' in html
    assert " disabled" not in html.split('id="language"')[1].split("</select>")[0]
    assert "runs on GPU workers" in html and "no GPU worker online" in html
    assert "data-gpu-devices=''" in html


def test_cuda_runs_on_the_cpu_with_a_note_linking_to_what_the_emulation_supports(client):
    html = client.get(f"/problems/{ProblemFactory().slug}/").content.decode()
    assert "data-cpu-languages='cuda,triton,pytorch,jax'" in html
    assert "data-emulated-languages='cuda'" in html
    note = html.split('id="emulation-note"')[1].split("</p>")[0]
    assert "CUDA C++ runs in KernelJudge's emulation" in note
    assert 'href="/languages/cuda/#cuda-on-the-cpu"' in note
    guide = client.get("/languages/cuda/")
    assert guide.status_code == 200
    assert 'id="cuda-on-the-cpu"' in guide.content.decode()  # the section the note links to
    assert client.get("/languages/fortran/").status_code == 404


def test_with_a_gpu_worker_the_note_asks_for_a_gpu_device(client):
    WorkerFactory(device_kind="gpu-h100")
    html = client.get(f"/problems/{ProblemFactory().slug}/").content.decode()
    assert "data-gpu-devices='gpu-h100'" in html and "Pick a GPU device" in html


def test_panel_tabs_and_favicon(client):
    problem = ProblemFactory()
    html = client.get(f"/problems/{problem.slug}/").content.decode()
    assert 'role="tablist"' in html and 'id="tab-editor"' in html
    assert 'id="my-submissions"' not in html  # signed out: nothing to list
    assert "web/favicon.svg" in html
    client.force_login(UserFactory())
    assert 'id="my-submissions"' in client.get(f"/problems/{problem.slug}/").content.decode()
    r = client.get("/favicon.ico")
    assert r.status_code == 301 and r["Location"].endswith("web/favicon.svg")


def test_runtime_error_shows_the_users_line(client):
    user = UserFactory()
    sub = SubmissionFactory(
        user=user, source=PY, status=Status.DONE, verdict="runtime_error",
        result={"verdict": "runtime_error", "message": "The solution raised ZeroDivisionError",
                "details": TRACEBACK},
    )  # fmt: skip
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Where in your code" in html and 'href="#L4"' in html
    assert "x = 1 / 0" in html and "File &quot;solution.py&quot;, line 4" in html
    assert '<li id="L4" class="user-line">' in html
    data = client.get(f"/api/v1/submissions/{sub.pk}/").json()
    assert data["diagnostics"][0]["line"] == 4
    client.force_login(UserFactory())  # someone else: no source lines
    assert client.get(f"/api/v1/submissions/{sub.pk}/").status_code == 404


def test_an_emulated_cuda_submission_is_labelled_cpu_emulation_on_its_page_and_in_the_api(client):
    user = UserFactory()
    sub = SubmissionFactory(
        user=user, language="cuda", device_kind="cpu", mode="submit", status=Status.DONE,
        verdict="accepted", score=3.25, result={"verdict": "accepted", "message": "ok"},
    )  # fmt: skip
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "cpu (CPU emulation)" in html and "rank on no leaderboard" in html
    assert "(here 3.2500 ms)" in html and "not your best" not in html
    assert client.get(f"/api/v1/submissions/{sub.pk}/").json()["emulated"] is True
    plain = SubmissionFactory(user=user, language="pytorch", device_kind="cpu")
    assert client.get(f"/api/v1/submissions/{plain.pk}/").json()["emulated"] is False
    assert "CPU emulation" not in client.get(f"/submissions/{plain.pk}/").content.decode()


def test_cancel_button_on_a_running_submission(client):
    user = UserFactory()
    sub = SubmissionFactory(user=user, status=Status.BENCHMARKING, attempt=1)
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert f'action="/submissions/{sub.pk}/cancel/"' in html
    r = client.post(f"/submissions/{sub.pk}/cancel/", follow=True)
    assert "was cancelled while it was being judged" in r.content.decode()
    assert Submission.objects.get(pk=sub.pk).status == Status.CANCELLED


def test_cancel_button_on_a_queued_submission(client):
    user = UserFactory()
    sub = SubmissionFactory(user=user)
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert f'action="/submissions/{sub.pk}/cancel/"' in html
    r = client.post(f"/submissions/{sub.pk}/cancel/", follow=True)
    assert "was cancelled" in r.content.decode()
    assert Submission.objects.get(pk=sub.pk).status == Status.CANCELLED
    r = client.post(f"/submissions/{sub.pk}/cancel/", follow=True)  # finished now
    assert "a finished submission cannot be cancelled" in r.content.decode()
    assert client.get(f"/submissions/{sub.pk}/cancel/").status_code == 405
    client.force_login(UserFactory())
    assert client.post(f"/submissions/{sub.pk}/cancel/").status_code == 404


def test_error_details_without_a_located_line_are_still_shown(client):
    user = UserFactory()
    sub = SubmissionFactory(
        user=user, source=PY, status=Status.DONE, verdict="runtime_error",
        result={"verdict": "runtime_error", "message": "CUDA error during test 1",
                "details": "an illegal memory access was encountered"},
    )  # fmt: skip
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Error details" in html and "illegal memory access" in html
    assert "Where in your code" not in html
