"""factory_boy factories for the Django models."""

from __future__ import annotations

import functools
from datetime import timedelta
from pathlib import Path

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from judge.leaderboards.services import leaderboard_best_refresh
from judge.models import Mode, Status, Submission, Verdict, Worker
from problems.models import Problem

CATALOG = Path(__file__).resolve().parent.parent / "problems" / "catalog"


@functools.cache
def vector_add_spec() -> dict:
    """The real vector-add ProblemSpec dict, so jobs built from factory rows are valid."""
    from runner.contract import ProblemSpec

    return ProblemSpec.from_dir(CATALOG / "vector-add").to_dict()


@functools.cache
def test_password_hash() -> str:
    from django.contrib.auth.hashers import make_password

    return make_password(TEST_PASSWORD)


TEST_PASSWORD = "pw-for-tests"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    # Hashed once per run (PBKDF2 per user would dominate the unit tests); logs in as usual.
    password = factory.LazyFunction(lambda: test_password_hash())


class ProblemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Problem

    slug = factory.Sequence(lambda n: f"problem-{n}")
    title = factory.LazyAttribute(lambda p: p.slug.replace("-", " ").title())
    difficulty = "easy"
    tags = factory.LazyFunction(lambda: ["elementwise"])
    statement = "Add two vectors: $C_i = A_i + B_i$."
    spec = factory.LazyFunction(lambda: dict(vector_add_spec()))
    starters = factory.LazyFunction(lambda: {"pytorch": "def solve(A, B, C, N):\n    pass\n"})
    version = 1
    published = True


class SubmissionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Submission

    user = factory.SubFactory(UserFactory)
    problem = factory.SubFactory(ProblemFactory)
    problem_version = factory.LazyAttribute(lambda s: s.problem.version)
    language = "pytorch"
    device_kind = "cpu"
    mode = Mode.SUBMIT
    source = "def solve(A, B, C, N):\n    C.copy_(A + B)\n"
    status = Status.QUEUED
    deadline = factory.LazyFunction(lambda: timezone.now() + timedelta(minutes=15))

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        # An accepted row reaches the leaderboards through the judging services, which keep
        # LeaderboardBest; a row made here directly gets the same treatment.
        submission = super()._create(model_class, *args, **kwargs)
        if submission.verdict == Verdict.ACCEPTED:
            leaderboard_best_refresh(
                submission.user_id,
                problem_id=submission.problem_id,
                device_kind=submission.device_kind,
            )
        return submission


class WorkerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Worker

    name = factory.Sequence(lambda n: f"host{n}:gpu0")
    device_kind = "gpu-h200"
    gpu_model = "NVIDIA H200"
    queues = factory.LazyAttribute(lambda w: [w.device_kind])
    last_heartbeat = factory.LazyFunction(timezone.now)
    started_at = factory.LazyFunction(timezone.now)
