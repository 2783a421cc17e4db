"""submission_create: each rule refuses with a clear message; a good one is queued."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from judge.errors import SubmissionRefused
from judge.models import Status, Submission
from judge.rules import judged_emulated
from judge.submissions.services import submission_create
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory, WorkerFactory

pytestmark = pytest.mark.django_db


def create(**overrides):
    args = {
        "user": overrides.pop("user", None) or UserFactory(),
        "problem": overrides.pop("problem", None) or ProblemFactory(),
        "language": "pytorch",
        "device_kind": "cpu",
        "mode": "submit",
        "source": PYTORCH_VECTOR_ADD,
    }
    args.update(overrides)
    return submission_create(**args)


def test_good_submission_is_queued_and_enqueued_on_commit(
    enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        submission = create()
    submission.refresh_from_db()
    assert submission.status == Status.QUEUED
    assert submission.problem_version == submission.problem.version
    assert submission.deadline is not None
    assert enqueued == [(submission.pk, "cpu", False)]


def test_unknown_language_is_refused():
    with pytest.raises(SubmissionRefused) as info:
        create(language="fortran")
    assert info.value.code == "language_not_offered"
    assert "Unknown language 'fortran'" in info.value.message
    assert "cuda, triton, pytorch, cupy, jax, cute, tilelang, cutile, mojo" in info.value.message


@pytest.mark.parametrize("language", ["cupy", "cute", "tilelang", "cutile", "mojo"])
def test_gpu_only_language_on_cpu_is_refused(language):
    with pytest.raises(SubmissionRefused) as info:
        create(language=language)
    assert info.value.field == "language"
    assert f"{language} runs only on GPU workers" in info.value.message
    assert "choose one of: cuda, triton, pytorch, jax." in info.value.message


def test_cuda_on_the_cpu_is_accepted_and_judged_through_the_emulation():
    submission = create(language="cuda")
    assert submission.device_kind == "cpu" and submission.language == "cuda"
    assert judged_emulated(language="cuda", device_kind="cpu")
    assert not judged_emulated(language="cuda", device_kind="gpu-h200")
    assert not judged_emulated(language="pytorch", device_kind="cpu")


def test_malformed_device_is_refused():
    with pytest.raises(SubmissionRefused) as info:
        create(device_kind="quantum")
    assert info.value.code == "device_not_offered"
    assert "Unknown device 'quantum'" in info.value.message


def test_gpu_device_without_live_worker_is_refused():
    WorkerFactory(device_kind="gpu-h200", last_heartbeat=timezone.now() - timedelta(seconds=61))
    with pytest.raises(SubmissionRefused) as info:
        create(device_kind="gpu-h200", language="cuda")
    assert "No gpu-h200 worker is online" in info.value.message


def test_gpu_device_with_live_worker_is_accepted():
    WorkerFactory(device_kind="gpu-h200", last_heartbeat=timezone.now() - timedelta(seconds=5))
    submission = create(device_kind="gpu-h200", language="cuda")
    assert submission.device_kind == "gpu-h200"


def test_gpu_device_allowed_offline_by_setting(settings):
    settings.KJ_ALLOW_OFFLINE_DEVICE_KINDS = ["gpu-a100"]
    assert create(device_kind="gpu-a100", language="cupy").device_kind == "gpu-a100"


def test_oversize_source_is_refused():
    source = "#" * (64 * 1024 + 1)
    with pytest.raises(SubmissionRefused) as info:
        create(source=source)
    assert info.value.code == "source_too_large"
    assert "65537 bytes; the limit is 65536 bytes (64 KiB)" in info.value.message


def test_source_at_the_limit_is_accepted():
    create(source="#" * (64 * 1024))


def test_empty_source_and_bad_mode_are_refused():
    with pytest.raises(SubmissionRefused, match="The source is empty"):
        create(source="   \n")
    with pytest.raises(SubmissionRefused, match="Unknown mode 'race'"):
        create(mode="race")


def test_unpublished_problem_is_refused():
    with pytest.raises(SubmissionRefused, match="not open"):
        create(problem=ProblemFactory(published=False))


def test_rate_limit(settings):
    settings.KJ_RATE_LIMIT_COUNT = 3
    settings.KJ_RATE_LIMIT_WINDOW_S = 60
    user = UserFactory()
    old = SubmissionFactory(user=user)
    Submission.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(seconds=61))
    for _ in range(3):
        create(user=user)
    with pytest.raises(SubmissionRefused) as info:
        create(user=user)
    assert info.value.code == "rate_limited"
    assert "Too many submissions: 3 in the last 60 seconds (the limit is 3)" in info.value.message
    create()  # another user is not limited
