"""Reads from the problem catalog."""

from __future__ import annotations

from django.db.models import QuerySet

from problems.models import Problem


def problems_published() -> QuerySet[Problem]:
    return Problem.objects.filter(published=True).order_by("slug")


def problem_get_published(slug: str) -> Problem | None:
    return problems_published().filter(slug=slug).first()
