"""The validation page offers Publish once every validation gave its expected verdict; a
stored solution's expected verdict is a choice among the runner's verdicts."""

from __future__ import annotations

import pytest

from problems.models import EXPECTED_VERDICTS, NOT_ACCEPTED, ProblemSolution
from runner.contract import VERDICTS
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    user = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client.force_login(user)
    return user


def validation_row(problem, staff, label, status="done", verdict="accepted"):
    return SubmissionFactory(problem=problem, user=staff, validation=True, status=status,
                             verdict=verdict, validation_label=label)  # fmt: skip


def test_publish_button_only_when_all_validations_passed_and_unpublished(client, staff):
    problem = ProblemFactory(published=False)
    page_url = f"/admin/problems/problem/{problem.pk}/validation/"
    validation_row(problem, staff, "reference [pytorch] expect accepted")
    pending = validation_row(problem, staff, "wrong.py [pytorch] expect not accepted", "queued", "")
    assert 'id="publish-btn"' not in client.get(page_url).content.decode()  # still judging
    pending.status, pending.verdict = "done", "accepted"
    pending.save()
    assert 'id="publish-btn"' not in client.get(page_url).content.decode()  # unexpected
    pending.verdict = "wrong_answer"
    pending.save()
    page = client.get(page_url).content.decode()
    assert 'id="publish-btn"' in page and "can be published" in page
    r = client.post(f"/admin/problems/problem/{problem.pk}/publish/", follow=True)
    problem.refresh_from_db()
    assert problem.published
    page = r.content.decode()
    assert "Published" in page and 'id="publish-btn"' not in page and "view it on the site" in page
    assert client.get(f"/admin/problems/problem/{problem.pk}/publish/").status_code == 405


def test_publish_needs_a_staff_login(client):
    problem = ProblemFactory(published=False)
    r = client.post(f"/admin/problems/problem/{problem.pk}/publish/")
    assert r.status_code == 302 and "/admin/login/" in r["Location"]
    problem.refresh_from_db()
    assert not problem.published


def test_expected_verdict_is_a_choice_of_the_runners_verdicts(client, staff):
    field = ProblemSolution._meta.get_field("expected_verdict")
    values = [value for value, _ in field.choices]
    assert values == [*VERDICTS, NOT_ACCEPTED] and EXPECTED_VERDICTS == field.choices
    problem = ProblemFactory()
    html = client.get(f"/admin/problems/problem/{problem.pk}/change/").content.decode()
    assert '<select name="solutions-__prefix__-expected_verdict"' in html
    assert '<option value="wrong_answer">Wrong answer</option>' in html
    solution = ProblemSolution(problem=problem, name="x", language="pytorch", source="pass",
                               expected_verdict="wrong answer")  # fmt: skip
    with pytest.raises(Exception, match="not a valid choice"):
        solution.full_clean()
