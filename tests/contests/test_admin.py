"""Admin authoring of a contest (its join code is made, its board's cache is invalidated) and
the organiser's actions there."""

from __future__ import annotations

import pytest

from contests.models import Contest, Participation
from contests.services.participation import contest_join
from tests.contests.conftest import make_contest
from tests.factories import ProblemFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def inline(prefix: str, rows: list[dict], initial: int = 0) -> dict:
    data = {f"{prefix}-TOTAL_FORMS": str(len(rows)), f"{prefix}-INITIAL_FORMS": str(initial),
            f"{prefix}-MIN_NUM_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": "1000"}  # fmt: skip
    for i, row in enumerate(rows):
        data.update({f"{prefix}-{i}-{k}": v for k, v in row.items()})
    return data


def test_a_contest_authored_in_the_admin_gets_its_problems_and_join_code(admin_client):
    boss = UserFactory(username="boss")
    p1, p2 = ProblemFactory(), ProblemFactory()
    data = {
        "slug": "admin-cup", "title": "Admin Cup", "description": "", "owner": boss.pk,
        "access": "code", "registration_open": "on", "starts_at_0": "2026-11-02",
        "starts_at_1": "10:00:00", "ends_at_0": "2026-11-02", "ends_at_1": "12:00:00",
        "scoring": "icpc", "penalty_minutes": "20", "speed_cap": "10", "freeze_minutes": "30",
        "devices": '["cpu"]', "languages": "[]", "team_size_max": "1", "allow_virtual": "on",
        "rate_limit_window_s": "60",
        **inline("problems", [{"order": 0, "label": "A", "problem": p1.pk, "points": 100},
                              {"order": 1, "label": "B", "problem": p2.pk, "points": 250}]),
        **inline("announcements", []),
    }  # fmt: skip
    response = admin_client.post("/admin/contests/contest/add/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    contest = Contest.objects.get(slug="admin-cup")
    assert contest.join_code and contest.revision >= 1
    assert list(contest.problems.values_list("label", "points")) == [("A", 100), ("B", 250)]


def test_the_admin_disqualify_action_needs_a_reason(admin_client, clock):
    contest = make_contest(UserFactory(username="org", is_staff=True))
    entry = contest_join(UserFactory(), contest=contest)
    url = "/admin/contests/participation/"
    admin_client.post(url, {"action": "disqualify", "_selected_action": [entry.pk], "reason": ""})
    assert Participation.objects.get(pk=entry.pk).disqualified_at is None
    admin_client.post(url, {"action": "disqualify", "_selected_action": [entry.pk],
                            "reason": "shared account"})  # fmt: skip
    assert Participation.objects.get(pk=entry.pk).disqualified_reason == "shared account"


def test_the_admin_pages_open(admin_client, clock):
    make_contest(UserFactory(username="org", is_staff=True))
    for model in ("contest", "participation", "clarification", "similarityflag", "group",
                  "submissiondisqualification"):  # fmt: skip
        assert admin_client.get(f"/admin/contests/{model}/").status_code == 200
        assert admin_client.get(f"/admin/contests/{model}/add/").status_code == 200
