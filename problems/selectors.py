"""Reads from the problem catalog."""

from __future__ import annotations

from django.db.models import QuerySet

from problems.models import Problem


def problems_published() -> QuerySet[Problem]:
    return Problem.objects.filter(published=True).order_by("slug")


def problem_get_published(slug: str) -> Problem | None:
    return problems_published().filter(slug=slug).first()


# A problem's large JSON/text (reference source and test values, statement, starters): only
# the problem page and the judging job read them.
CONTENT_FIELDS = ("spec", "statement", "starters")


def problem_header_get_published(slug: str) -> Problem | None:
    """The published problem without CONTENT_FIELDS (loaded if touched): for the submit API
    and the leaderboards, which show only its slug, title and version."""
    return problems_published().defer(*CONTENT_FIELDS).filter(slug=slug).first()


def problem_baseline_fields(problem_id: int) -> dict:
    """The two spec fields that say what a problem's speedups compare against
    (problems.benchmarks.baseline_label), without loading the whole spec."""
    row = (
        Problem.objects.filter(pk=problem_id)
        .values_list("spec__reference_precision", "spec__baseline_source")
        .first()
    )
    precision, source = row or (None, None)
    return {"reference_precision": precision or "native", "baseline_source": source or ""}
