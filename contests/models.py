"""Contests, their entries and their moderation; groups (organisations and courses) with
their private problems. Submissions stay in judge: a contest reads them
(selectors.board_compute)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

USER = settings.AUTH_USER_MODEL


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    STAFF = "staff", "Staff"
    MEMBER = "member", "Member"


class Group(models.Model):
    """An organisation or a course: members with roles, private problems and contests."""

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


class GroupMembership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["group", "user"], name="group_member_once")]

    def __str__(self) -> str:
        return f"{self.group_id}:{self.user_id} ({self.role})"


class GroupProblem(models.Model):
    """A problem private to a group (kept unpublished, so only the group's members and the
    participants of contests that set it can open it)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="problems")
    problem = models.ForeignKey("problems.Problem", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "problem"], name="group_problem_once")
        ]

    def __str__(self) -> str:
        return f"{self.group_id}:{self.problem_id}"


class Access(models.TextChoices):
    PUBLIC = "public", "Public (listed; anyone may join)"
    INVITE = "invite", "Invite link (unlisted)"
    CODE = "code", "Join code (unlisted)"


class Scoring(models.TextChoices):
    ICPC = "icpc", "Solved count, then penalty time (ICPC)"
    SPEED = "speed", "Points scaled by speed against the reference (capped log scale)"
    RANKS = "ranks", "Sum of per-problem ranks (lowest wins)"


class Contest(models.Model):
    slug = models.SlugField(max_length=100, unique=True)
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True, default="", help_text="Markdown.")
    owner = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+")
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.CASCADE, related_name="contests",
        help_text="set: only the group's members see and join it; its staff organise it",
    )  # fmt: skip
    access = models.CharField(max_length=8, choices=Access.choices, default=Access.PUBLIC)
    join_code = models.CharField(max_length=32, blank=True, default="")
    invite_token = models.CharField(max_length=32, blank=True, default="")
    registration_open = models.BooleanField(default=True)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    window_minutes = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="set: each entry has its own window of this length, started by the entry "
        "inside [starts_at, ends_at) and cut at ends_at",
    )  # fmt: skip
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.ICPC)
    penalty_minutes = models.PositiveIntegerField(default=20, help_text="ICPC: per rejection")
    speed_cap = models.FloatField(default=10.0, help_text="speed: the speedup of full points")
    freeze_minutes = models.PositiveIntegerField(default=0, help_text="board frozen this long")
    unfrozen_at = models.DateTimeField(null=True, blank=True)
    devices = models.JSONField(default=list, help_text="device kinds allowed, e.g. ['gpu-h200']")
    languages = models.JSONField(default=list, blank=True, help_text="[] = every language")
    team_size_max = models.PositiveIntegerField(default=1)
    allow_virtual = models.BooleanField(default=True)
    rate_limit_count = models.PositiveIntegerField(null=True, blank=True)
    rate_limit_window_s = models.PositiveIntegerField(default=60)
    gpu_quota = models.PositiveIntegerField(
        null=True, blank=True, help_text="GPU submissions an entry may make in the contest"
    )
    revision = models.PositiveIntegerField(default=0, help_text="bumped by every board change")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_at", "slug"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="contest_ends_after"
            )
        ]

    def __str__(self) -> str:
        return self.slug


class ContestProblem(models.Model):
    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="problems")
    problem = models.ForeignKey("problems.Problem", on_delete=models.PROTECT, related_name="+")
    label = models.CharField(max_length=8)
    points = models.PositiveIntegerField(default=100)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "label"]
        constraints = [
            models.UniqueConstraint(fields=["contest", "problem"], name="contest_problem_once"),
            models.UniqueConstraint(fields=["contest", "label"], name="contest_label_once"),
        ]

    def __str__(self) -> str:
        return f"{self.contest_id}:{self.label}"


class Participation(models.Model):
    """One entry on a contest's board: a user, or a team of up to team_size_max users."""

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=100)
    virtual = models.BooleanField(default=False)
    team_code = models.CharField(max_length=32, blank=True, default="")
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="its own window's start (per-entry windows, virtual)"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    disqualified_at = models.DateTimeField(null=True, blank=True)
    disqualified_reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.contest_id}:{self.name}{' (virtual)' if self.virtual else ''}"


class ParticipationMember(models.Model):
    participation = models.ForeignKey(
        Participation, on_delete=models.CASCADE, related_name="members"
    )
    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    virtual = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["contest", "user", "virtual"], name="one_entry_per_user"
            )
        ]

    def __str__(self) -> str:
        return f"{self.participation_id}:{self.user_id}"


class SubmissionDisqualification(models.Model):
    """One submission that no longer counts for a contest (kept, with its reason)."""

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="+")
    submission = models.ForeignKey("judge.Submission", on_delete=models.CASCADE, related_name="+")
    reason = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["contest", "submission"], name="disqualified_once")
        ]


class SimilarityFlag(models.Model):
    """Two entries' sources that look alike: for an organiser to review, never a penalty."""

    class State(models.TextChoices):
        OPEN = "open", "Open"
        DISMISSED = "dismissed", "Dismissed"
        CONFIRMED = "confirmed", "Confirmed"

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="+")
    problem = models.ForeignKey("problems.Problem", on_delete=models.CASCADE, related_name="+")
    first = models.ForeignKey("judge.Submission", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("judge.Submission", on_delete=models.CASCADE, related_name="+")
    ratio = models.FloatField(help_text="difflib similarity of the normalised sources, 0..1")
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-ratio"]
        constraints = [
            models.UniqueConstraint(fields=["contest", "first", "second"], name="flag_pair_once")
        ]


class Clarification(models.Model):
    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="clarifications")
    author = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    problem = models.ForeignKey(
        ContestProblem, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    question = models.TextField()
    answer = models.TextField(blank=True, default="")
    public = models.BooleanField(default=False, help_text="answer shown to every participant")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]


class Announcement(models.Model):
    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="announcements")
    title = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]


class BoardSnapshot(models.Model):
    """A contest's boards as last computed by a web process, for the site's other processes
    (contests.selectors.board.contest_boards): the stamp they were computed at, and each board
    as the API's JSON. `claimed_until`: a process is computing newer ones until then."""

    contest = models.OneToOneField(
        Contest, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    stamp = models.TextField(blank=True, default="")
    computed_at = models.DateTimeField(null=True, blank=True)
    public_json = models.TextField(blank=True, default="")
    live_json = models.TextField(blank=True, default="", help_text="'' = the same as public")
    claimed_until = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"board of {self.contest_id} at {self.stamp}"
