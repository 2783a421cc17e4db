"""Problems as the site stores them. `spec` is the runner's ProblemSpec as a dict."""

from __future__ import annotations

from django.db import models

from runner.contract import VERDICTS


class Difficulty(models.TextChoices):
    EASY = "easy", "Easy"
    MEDIUM = "medium", "Medium"
    HARD = "hard", "Hard"


class Problem(models.Model):
    slug = models.SlugField(max_length=100, unique=True)
    title = models.CharField(max_length=200)
    difficulty = models.CharField(max_length=10, choices=Difficulty.choices)
    tags = models.JSONField(default=list, blank=True)
    statement = models.TextField(help_text="Markdown with LaTeX math.")
    spec = models.JSONField(help_text="ProblemSpec dict handed to the runner (incl. reference).")
    starters = models.JSONField(default=dict, blank=True, help_text="language -> starter source")
    version = models.PositiveIntegerField(default=1)
    published = models.BooleanField(default=True)
    from_catalog = models.BooleanField(default=False)
    content_hash = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


# What Validate may expect of a stored solution: one of the runner's verdicts, or any
# verdict but accepted (what a catalog's wrong_* solutions expect).
NOT_ACCEPTED = "not accepted"
EXPECTED_VERDICTS = [(v, v.replace("_", " ").capitalize()) for v in VERDICTS] + [
    (NOT_ACCEPTED, "Not accepted (any other verdict)")
]


class ProblemSolution(models.Model):
    """A known solution an admin stores with a problem (never shown to users); Validate
    judges each one and compares the verdict with `expected_verdict`."""

    problem = models.ForeignKey(Problem, on_delete=models.CASCADE, related_name="solutions")
    name = models.CharField(max_length=100)
    language = models.CharField(
        max_length=16,
        choices=[
            ("pytorch", "PyTorch"),
            ("triton", "Triton"),
            ("cuda", "CUDA"),
            ("cupy", "CuPy"),
            ("jax", "JAX"),
        ],
    )
    source = models.TextField()
    expected_verdict = models.CharField(
        max_length=32,
        choices=EXPECTED_VERDICTS,
        default="accepted",
        help_text="the verdict Validate must give this solution",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.problem_id}:{self.name}"
