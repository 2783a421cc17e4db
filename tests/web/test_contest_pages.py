"""The contest pages through Django's test client: create, join by code, submit, the board
(frozen, then unfrozen), the organiser's panel, a group's page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from contests.models import Contest
from contests.services.groups import group_create, group_member_set
from judge.models import Status, Submission
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.factories import ProblemFactory, UserFactory

pytestmark = pytest.mark.django_db


def login(client, **kw):
    user = UserFactory(**kw)
    client.force_login(user)
    return user


def new_contest(client, **extra) -> Contest:
    ProblemFactory(slug="pa"), ProblemFactory(slug="pb")
    now = timezone.now()
    data = {
        "title": "Page Cup", "slug": "page-cup", "access": "code", "scoring": "icpc",
        "starts_at": (now - timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M"),
        "ends_at": (now + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
        "freeze_minutes": "0", "devices": "cpu", "team_size_max": "1",
        "problems": "pa 100\npb 200",
    }  # fmt: skip
    data.update(extra)
    response = client.post("/contests/new/", data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    return Contest.objects.get(slug="page-cup")


def test_a_staff_user_creates_a_contest_from_the_page(client):
    login(client, username="org", is_staff=True)
    contest = new_contest(client)
    assert list(contest.problems.values_list("label", "points")) == [("A", 100), ("B", 200)]
    page = client.get("/contests/page-cup/").content.decode()
    assert contest.join_code in page and "Organiser" in page


def test_the_new_contest_page_names_a_missing_problem(client):
    login(client, username="org", is_staff=True)
    response = client.post("/contests/new/", {"title": "X", "slug": "x", "access": "code",
        "scoring": "icpc", "starts_at": "2026-11-01T10:00", "ends_at": "2026-11-01T12:00",
        "freeze_minutes": "0", "devices": "cpu", "team_size_max": "1", "problems": "nope 10"})  # fmt: skip
    assert response.status_code == 200 and "No such problem: nope." in response.content.decode()


def test_join_by_code_submit_and_see_the_board(client, settings):
    organiser = login(client, username="org", is_staff=True)
    contest = new_contest(client)
    user = login(client, username="ada")
    assert "Join code" in client.get("/contests/page-cup/").content.decode()
    assert client.get("/contests/page-cup/board/").status_code == 404  # not joined yet
    client.post("/contests/page-cup/join/", {"code": "wrong"})
    assert not contest.entries.exists()
    client.post("/contests/page-cup/join/", {"code": contest.join_code})
    assert contest.entries.get().name == "ada"
    page = client.get("/contests/page-cup/problems/A/")
    assert page.status_code == 200 and "Submit" in page.content.decode()
    sent = client.post("/contests/page-cup/problems/A/",
                       {"language": "pytorch", "device": "cpu", "source": PYTORCH_VECTOR_ADD})  # fmt: skip
    submission = Submission.objects.get(user=user)
    assert sent["Location"] == f"/submissions/{submission.pk}/"
    Submission.objects.filter(pk=submission.pk).update(status=Status.DONE, verdict="accepted",
                                                       score=1.5)  # fmt: skip
    board = client.get("/contests/page-cup/board/").content.decode()
    assert 'data-entry="' in board and "1.500 ms" in board and "frozen" not in board
    client.force_login(organiser)
    client.post("/contests/page-cup/edit/", {
        "starts_at": contest.starts_at.strftime("%Y-%m-%dT%H:%M"),
        "ends_at": contest.ends_at.strftime("%Y-%m-%dT%H:%M"), "freeze_minutes": "600",
    })  # fmt: skip
    client.force_login(user)
    assert "The board is frozen" in client.get("/contests/page-cup/board/").content.decode()
    client.force_login(organiser)
    client.post("/contests/page-cup/unfreeze/")
    client.force_login(user)
    assert "The board is frozen" not in client.get("/contests/page-cup/board/").content.decode()


def test_organiser_actions_are_refused_to_participants(client):
    login(client, username="org", is_staff=True)
    new_contest(client, access="public")
    login(client, username="ada")
    assert client.post("/contests/page-cup/unfreeze/").status_code == 404
    assert client.post("/contests/page-cup/announce/", {"title": "x"}).status_code == 404


def test_a_group_page_shows_its_leaderboard_to_members_only(client):
    owner = UserFactory(username="prof")
    group = group_create(owner, slug="hpc", name="HPC course")
    member = login(client, username="stu")
    assert client.get("/groups/hpc/").status_code == 404
    group_member_set(group, user=member, role="member")
    page = client.get("/groups/hpc/").content.decode()
    assert "HPC course" in page and "prof" in page and "stu" in page


def test_the_contest_list_links_the_public_contests(client):
    login(client, username="org", is_staff=True)
    new_contest(client, access="public")
    client.logout()
    assert "Page Cup" in client.get("/contests/").content.decode()
