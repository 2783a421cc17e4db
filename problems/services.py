"""Writes to the problem catalog."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from django.db import DatabaseError, transaction

from problems.models import Problem
from problems.package import CatalogPackage, PackageError, load_package, package_dirs


@dataclass
class SyncReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated)


# Spec keys that only present the problem; changing them does not change what is judged.
PRESENTATION_KEYS = frozenset({"title", "difficulty", "tags", "statement", "starters"})


def _judged_part(spec: dict) -> dict:
    """The spec minus presentation, compared by value: PostgreSQL's jsonb stores -0.0 as 0
    (and may turn 1.0 into 1), which Python equality treats as equal, as the runner does."""
    judged = {k: v for k, v in spec.items() if k not in PRESENTATION_KEYS}
    return json.loads(json.dumps(judged, default=str))


@transaction.atomic
def problem_sync_package(package: CatalogPackage) -> str:
    """Create or update one problem from a package. Returns created|updated|unchanged.

    The version goes up whenever what is judged (the spec: tests, tolerances, reference...)
    changes, and never below the version the package declares.
    """
    content_hash = package.content_hash()
    problem = Problem.objects.select_for_update().filter(slug=package.slug).first()
    fields = {
        "title": package.title,
        "difficulty": package.difficulty,
        "tags": package.tags,
        "statement": package.statement,
        "spec": package.spec,
        "starters": package.starters,
        "content_hash": content_hash,
        "from_catalog": True,
    }
    if problem is None:
        Problem.objects.create(slug=package.slug, version=package.declared_version, **fields)
        return "created"
    if problem.content_hash == content_hash:
        return "unchanged"
    version = max(problem.version, package.declared_version)
    if _judged_part(problem.spec) != _judged_part(package.spec):
        version = max(problem.version + 1, package.declared_version)
    Problem.objects.filter(pk=problem.pk).update(version=version, **fields)
    return "updated"


def problems_sync_from_catalog(catalog_dir: Path, *, slugs: list[str] | None = None) -> SyncReport:
    """Sync every package under catalog_dir (or only `slugs`) into the database. Idempotent."""
    report = SyncReport()
    for path in package_dirs(catalog_dir):
        if slugs and path.name not in slugs:
            continue
        try:
            package = load_package(path)
        except PackageError as exc:
            report.errors.append(str(exc))
            continue
        try:
            outcome = problem_sync_package(package)
        except DatabaseError as exc:  # one bad package must not stop the others
            report.errors.append(f"{path.name}: could not be stored: {exc}")
            continue
        getattr(report, outcome).append(package.slug)
    return report


def problem_version_after_edit(problem: Problem, *, new_spec: dict) -> int:
    """The version an edited problem gets: one more when what is judged changed (tests,
    parameters, tolerances, reference, benchmarks, limits), else the same."""
    if problem.pk is None or not problem.spec:
        return problem.version or 1
    if _judged_part(problem.spec) != _judged_part(new_spec):
        return problem.version + 1
    return problem.version


def problems_set_published(problem_ids: list[int], *, published: bool) -> int:
    return Problem.objects.filter(pk__in=problem_ids).update(published=published)


def problem_regenerate_starters(problem: Problem) -> None:
    from problems.starters import starters_from_spec

    Problem.objects.filter(pk=problem.pk).update(starters=starters_from_spec(problem.spec or {}))
