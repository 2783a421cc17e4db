"""sync_problems: idempotent; the version goes up when what is judged changes."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from problems.models import Problem
from problems.services import problems_sync_from_catalog
from runner.contract import LANGUAGES
from tests.factories import CATALOG

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    shutil.copytree(CATALOG / "vector-add", tmp_path / "vector-add")
    return tmp_path


def test_sync_twice_changes_nothing_the_second_time(catalog):
    first = problems_sync_from_catalog(catalog)
    assert (first.created, first.updated, first.errors) == (["vector-add"], [], [])
    problem = Problem.objects.get(slug="vector-add")
    stamp = (problem.updated_at, problem.version, problem.content_hash)
    assert problem.title == "Vector Addition" and problem.difficulty == "easy"
    assert problem.spec["slug"] == "vector-add" and "reference" in str(problem.spec)
    assert set(problem.starters) == set(LANGUAGES)  # a starter in every language
    assert "solve" in problem.starters["pytorch"]
    second = problems_sync_from_catalog(catalog)
    assert (second.created, second.updated, second.unchanged) == ([], [], ["vector-add"])
    problem.refresh_from_db()
    assert (problem.updated_at, problem.version, problem.content_hash) == stamp


def test_version_bumps_when_tests_change_but_not_for_the_statement(catalog):
    problems_sync_from_catalog(catalog)
    assert Problem.objects.get().version == 1
    (catalog / "vector-add" / "statement.md").write_text("A new wording.\n")
    report = problems_sync_from_catalog(catalog)
    assert report.updated == ["vector-add"]
    problem = Problem.objects.get()
    assert (problem.version, problem.statement) == (1, "A new wording.\n")
    toml = catalog / "vector-add" / "problem.toml"
    toml.write_text(toml.read_text() + '\n[[tests]]\nname = "N=77"\nscalars = { N = 77 }\n')
    assert problems_sync_from_catalog(catalog).updated == ["vector-add"]
    problem.refresh_from_db()
    assert problem.version == 2
    assert any(t["name"] == "N=77" for t in problem.spec["tests"])
    assert problems_sync_from_catalog(catalog).unchanged == ["vector-add"]


def test_broken_package_is_reported_and_others_still_sync(catalog):
    (catalog / "broken").mkdir()
    (catalog / "broken" / "problem.toml").write_text('slug = "broken"\n')
    report = problems_sync_from_catalog(catalog)
    assert report.created == ["vector-add"]
    assert len(report.errors) == 1 and report.errors[0].startswith("broken:")


def test_command(catalog):
    out = StringIO()
    call_command("sync_problems", "--catalog", str(catalog), stdout=out)
    assert "created: 1 (vector-add)" in out.getvalue()
    out = StringIO()
    call_command("sync_problems", "vector-add", "--catalog", str(catalog), stdout=out)
    assert "unchanged: 1 (vector-add)" in out.getvalue()


def test_non_finite_test_values_are_stored_and_reach_the_job(catalog):
    from judge.judging.jobspec import build_job_json
    from tests.factories import SubmissionFactory

    toml = catalog / "vector-add" / "problem.toml"
    toml.write_text(
        toml.read_text()
        + '\n[[tests]]\nname = "inf"\nscalars = { N = 2 }\n'
        + "values = { A = [inf, -inf], B = [1.0, 2.0] }\n"
    )
    report = problems_sync_from_catalog(catalog)
    assert report.created == ["vector-add"], report.errors
    problem = Problem.objects.get()
    [stored] = [t for t in problem.spec["tests"] if t["name"] == "inf"]
    assert stored["values"]["A"] == [{"$float": "inf"}, {"$float": "-inf"}]
    assert problems_sync_from_catalog(catalog).unchanged == ["vector-add"]
    job = json.loads(build_job_json(SubmissionFactory(problem=problem, attempt=1)))
    [sent] = [t for t in job["problem"]["tests"] if t["name"] == "inf"]
    assert sent["values"]["A"] == [float("inf"), float("-inf")]
