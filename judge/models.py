"""Submissions, their judging state and results; the workers that judge them."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from runner.contract import VERDICT_NAMES


class Mode(models.TextChoices):
    RUN = "run", "Run (public tests)"
    SUBMIT = "submit", "Submit (all tests, timed)"
    PROFILE = "profile", "Profile (public tests, Nsight Compute; never ranked)"


class Status(models.TextChoices):
    QUEUED = "queued", "Queued"
    COMPILING = "compiling", "Compiling"
    TESTING = "testing", "Testing"
    BENCHMARKING = "benchmarking", "Benchmarking"
    DONE = "done", "Done"
    CANCELLED = "cancelled", "Cancelled"


RUNNING_STATUSES = (Status.COMPILING, Status.TESTING, Status.BENCHMARKING)
FINAL_STATUSES = (Status.DONE, Status.CANCELLED)


# The runner's verdicts (runner.contract), as choices: Verdict.ACCEPTED == "accepted".
Verdict = models.TextChoices(
    "Verdict", [(verdict.upper(), (verdict, name)) for verdict, name in VERDICT_NAMES.items()]
)


# A submission that ranks: an accepted, timed submit not hidden by a moderator and not judged
# by the admin's Validate action.
RANKABLE = models.Q(
    verdict=Verdict.ACCEPTED,
    mode=Mode.SUBMIT,
    score__isnull=False,
    hidden_from_leaderboard=False,
    validation=False,
)


class Submission(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    problem = models.ForeignKey("problems.Problem", on_delete=models.CASCADE)
    problem_version = models.PositiveIntegerField()
    language = models.CharField(max_length=16)
    device_kind = models.CharField(max_length=32)
    mode = models.CharField(max_length=8, choices=Mode.choices)
    source = models.TextField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    verdict = models.CharField(max_length=32, choices=Verdict.choices, blank=True, default="")
    message = models.TextField(blank=True, default="")
    result = models.JSONField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True, help_text="geomean ms; accepted submits")
    progress = models.JSONField(default=list, blank=True)
    hidden_from_leaderboard = models.BooleanField(default=False)
    cheat_reason = models.TextField(blank=True, default="")
    validation = models.BooleanField(
        default=False, help_text="judged by the admin's Validate action; never on leaderboards"
    )
    validation_label = models.CharField(
        max_length=200, blank=True, default="", help_text="what was validated and what to expect"
    )
    attempt = models.PositiveIntegerField(default=0, help_text="claims so far; never reset")
    requeue_count = models.PositiveIntegerField(default=0, help_text="reconciler requeues")
    worker_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["problem", "device_kind", "language", "verdict", "score"],
                name="submission_leaderboard",
            ),
            # Each user's best accepted submit per problem x device (leaderboards): a partial
            # index holding only rankable rows, in DISTINCT ON (user) order.
            models.Index(
                fields=["problem", "device_kind", "user", "score", "created_at", "id", "language"],
                name="submission_best_per_user",
                condition=RANKABLE,
            ),
            models.Index(fields=["user", "-created_at"], name="submission_user_recent"),
            # The problem list's counts (problem_submission_stats) from the index alone;
            # validation jobs count nowhere.
            models.Index(
                fields=["problem", "mode", "verdict", "status", "user"],
                name="submission_stats_judged",
                condition=models.Q(validation=False),
            ),
            models.Index(fields=["status", "deadline"], name="submission_status_deadline"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.problem_id} {self.language} {self.status}"


class LeaderboardBest(models.Model):
    """Each user's best rankable submit (lowest score, then earliest) per problem x device x
    language; `language` '' holds the best over all languages. Kept by
    judge.leaderboards.services.leaderboard_best_refresh whenever a write can change what ranks, so a
    leaderboard is an ordered index scan (docs/performance.md)."""

    problem = models.ForeignKey("problems.Problem", on_delete=models.CASCADE, related_name="+")
    device_kind = models.CharField(max_length=32)
    language = models.CharField(max_length=16, blank=True, help_text="'' = all languages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="+")
    score = models.FloatField()
    submitted_at = models.DateTimeField()
    solution_language = models.CharField(max_length=16)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["problem", "device_kind", "language", "user"], name="leaderboard_best_user"
            )
        ]
        indexes = [
            models.Index(
                fields=[
                    "problem",
                    "device_kind",
                    "language",
                    "score",
                    "submitted_at",
                    "submission",
                ],
                name="leaderboard_best_order",
            )
        ]

    def __str__(self) -> str:
        return f"{self.problem_id}/{self.device_kind}/{self.language or '*'}: {self.user_id}"


class SubmitsVersion(models.Model):
    """A counter per problem, bumped by every write that changes what its timed submits say
    (one created, judged, rejudged, cancelled, hidden or deleted;
    judge.submissions.services.submits_version_bump): a reader that keeps what it computed
    from them (a contest's board) recomputes only when the counter has moved."""

    problem = models.OneToOneField(
        "problems.Problem", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.problem_id}: {self.version}"


class Worker(models.Model):
    name = models.CharField(max_length=200, unique=True)
    device_kind = models.CharField(max_length=32)
    gpu_model = models.CharField(max_length=200, blank=True, default="")
    queues = models.JSONField(default=list)
    # language -> version of each language whose self-test passed on this worker's device
    # (runner/tools/selftest.py); empty until the worker has run them
    languages = models.JSONField(default=dict, blank=True)
    languages_checked_at = models.DateTimeField(null=True, blank=True)
    last_heartbeat = models.DateTimeField()
    started_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["device_kind", "last_heartbeat"], name="worker_live")]

    def __str__(self) -> str:
        return f"{self.name} ({self.device_kind})"


class SubmissionInspection(models.Model):
    """What ``runner.tools.inspect`` reported for a CUDA submission's source on one
    architecture (PTX, SASS with source lines, resources, occupancy): computed on demand by
    judge.inspection and kept, since the source never changes."""

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="+")
    arch = models.CharField(max_length=16)
    report = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["submission", "arch"], name="inspection_per_arch")
        ]

    def __str__(self) -> str:
        return f"inspection of #{self.submission_id} for {self.arch}"


class SubmissionProfile(models.Model):
    """The Nsight Compute report of a submission in mode profile (judge.profiling): kept in
    KJ_PROFILE_DIR within a size budget, the oldest expiring first. The summary itself is in
    the submission's result (``result["profile"]``) and outlives the file."""

    submission = models.OneToOneField(
        Submission, on_delete=models.CASCADE, related_name="profile_report"
    )
    report_name = models.CharField(max_length=255, help_text="file name in KJ_PROFILE_DIR")
    report_bytes = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    expired_at = models.DateTimeField(null=True, blank=True, help_text="file deleted (budget)")

    class Meta:
        indexes = [models.Index(fields=["expired_at", "-created_at"], name="profile_report_age")]

    def __str__(self) -> str:
        return f"profile report of #{self.submission_id}"
