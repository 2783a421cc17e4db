"""The contests REST API: authoring, joining by code, submitting, the board in JSON and CSV
(with the caller's own live row while frozen), the organiser's tools, groups."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from contests.models import Contest
from judge.models import Submission
from tests.conftest import PYTORCH_VECTOR_ADD
from tests.contests.conftest import END, START, judged
from tests.factories import ProblemFactory, UserFactory
from tests.judge.api.conftest import token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_api(organiser) -> APIClient:
    return token_client(organiser)


def create(api, **extra) -> dict:
    p1, p2 = ProblemFactory(slug="vec-a"), ProblemFactory(slug="vec-b")
    body = {
        "slug": "cup", "title": "Cup", "access": "code", "devices": ["cpu"],
        "starts_at": START.isoformat(), "ends_at": END.isoformat(), "freeze_minutes": 30,
        "problems": [{"slug": p1.slug, "points": 100}, {"slug": p2.slug, "points": 200}],
    }  # fmt: skip
    body.update(extra)
    response = api.post("/api/v1/contests/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_an_organiser_creates_a_code_contest_and_sees_its_code(clock, organiser_api):
    data = create(organiser_api)
    assert data["access"] == "code" and data["join_code"] and data["organiser"]
    assert [(p["label"], p["points"]) for p in data["problems"]] == [("A", 100), ("B", 200)]
    assert Contest.objects.get().owner.username == "organiser"


def test_a_user_outside_a_group_may_not_create_a_contest(clock):
    response = token_client(UserFactory()).post(
        "/api/v1/contests/",
        {"slug": "x", "title": "X", "devices": ["cpu"], "starts_at": START.isoformat(),
         "ends_at": END.isoformat()}, format="json",
    )  # fmt: skip
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"


def test_bad_settings_are_refused_with_the_field(clock, organiser_api):
    response = organiser_api.post(
        "/api/v1/contests/",
        {"slug": "x", "title": "X", "devices": ["tpu"], "starts_at": START.isoformat(),
         "ends_at": END.isoformat()}, format="json",
    )  # fmt: skip
    assert response.status_code == 400
    assert "devices" in response.json()["error"]["fields"]


def test_join_by_code_submit_and_read_the_board(clock, organiser_api, settings):
    settings.KJ_SUBMIT_THROTTLE = ""
    code = create(organiser_api)["join_code"]
    user = UserFactory(username="ada")
    api = token_client(user)
    assert APIClient().get("/api/v1/contests/").json()["results"] == []  # unlisted
    assert api.get("/api/v1/contests/cup/").json()["problems"] is None
    wrong = api.post("/api/v1/contests/cup/join/", {"code": "nope"}, format="json")
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (400, "bad_join_code")
    joined = api.post("/api/v1/contests/cup/join/", {"code": code}, format="json")
    assert joined.status_code == 201 and joined.json()["entries"][0]["name"] == "ada"
    clock.at(START + timedelta(minutes=3))
    sent = api.post("/api/v1/contests/cup/submissions/",
                    {"problem": "A", "language": "pytorch", "source": PYTORCH_VECTOR_ADD},
                    format="json")  # fmt: skip
    assert sent.status_code == 201, sent.json()
    judged(Submission.objects.get(pk=sent.json()["id"]))
    clock.at(END - timedelta(minutes=10))
    late = api.post("/api/v1/contests/cup/submissions/",
                    {"problem": "B", "language": "pytorch", "source": PYTORCH_VECTOR_ADD},
                    format="json")  # fmt: skip
    judged(Submission.objects.get(pk=late.json()["id"]))
    board = api.get("/api/v1/contests/cup/board/").json()
    assert board["frozen"] and board["rows"][0]["solved"] == 1
    assert board["rows"][0]["cells"]["B"]["pending"] == 1
    assert board["me"]["solved"] == 2 and board["me"]["rank"] is None
    live = organiser_api.get("/api/v1/contests/cup/board/?live=1").json()
    assert not live["frozen"] and live["rows"][0]["solved"] == 2
    assert api.get("/api/v1/contests/cup/board/?live=1").json()["frozen"]  # organisers only
    assert APIClient().get("/api/v1/contests/cup/board/").status_code == 404  # not joined
    assert api.post("/api/v1/contests/cup/unfreeze/").status_code == 403
    assert organiser_api.post("/api/v1/contests/cup/unfreeze/").status_code == 204
    board = api.get("/api/v1/contests/cup/board/").json()
    assert not board["frozen"] and board["rows"][0]["solved"] == 2
    text = api.get("/api/v1/contests/cup/board/csv/")
    assert text["Content-Type"].startswith("text/csv")
    header, line = list(csv.reader(io.StringIO(text.content.decode())))
    row = dict(zip(header, line, strict=True))
    assert (row["rank"], row["name"], row["solved"], row["penalty"]) == ("1", "ada", "2", "113")


def test_clarifications_and_announcements(clock, organiser_api):
    create(organiser_api, access="public")
    asker = token_client(UserFactory())
    asker.post("/api/v1/contests/cup/join/", {}, format="json")
    asked = asker.post("/api/v1/contests/cup/clarifications/",
                       {"question": "Is N even?", "problem": "A"}, format="json")  # fmt: skip
    assert asked.status_code == 201
    other = token_client(UserFactory())
    other.post("/api/v1/contests/cup/join/", {}, format="json")
    assert other.get("/api/v1/contests/cup/clarifications/").json() == []
    pk = asked.json()["id"]
    assert other.post(f"/api/v1/contests/cup/clarifications/{pk}/answer/",
                      {"answer": "x"}, format="json").status_code == 403  # fmt: skip
    answered = organiser_api.post(
        f"/api/v1/contests/cup/clarifications/{pk}/answer/",
        {"answer": "Not always.", "public": True},
        format="json",
    )
    assert answered.json()["answer"] == "Not always."
    assert [c["answer"] for c in other.get("/api/v1/contests/cup/clarifications/").json()] == [
        "Not always."
    ]
    organiser_api.post("/api/v1/contests/cup/announcements/",
                       {"title": "Welcome", "body": "Go."}, format="json")  # fmt: skip
    assert [a["title"] for a in other.get("/api/v1/contests/cup/announcements/").json()] == [
        "Welcome"
    ]


def test_the_organiser_lists_and_disqualifies_entries(clock, organiser_api):
    create(organiser_api, access="public")
    api = token_client(UserFactory(username="bo"))
    api.post("/api/v1/contests/cup/join/", {}, format="json")
    assert api.get("/api/v1/contests/cup/entries/").status_code == 403
    (entry,) = organiser_api.get("/api/v1/contests/cup/entries/").json()["results"]
    url = f"/api/v1/contests/cup/entries/{entry['id']}/disqualify/"
    assert organiser_api.post(url, {}, format="json").status_code == 400  # a reason is needed
    assert organiser_api.post(url, {"reason": "two accounts"}, format="json").status_code == 204
    assert organiser_api.get("/api/v1/contests/cup/board/").json()["rows"] == []
    (kept,) = organiser_api.get("/api/v1/contests/cup/entries/").json()["results"]
    assert kept["disqualified_reason"] == "two accounts"


def test_groups_through_the_api(clock):
    owner = token_client(UserFactory(username="prof"))
    made = owner.post("/api/v1/groups/", {"slug": "hpc", "name": "HPC course"}, format="json")
    assert made.status_code == 201 and made.json()["role"] == "owner"
    student = UserFactory(username="stu")
    added = owner.post("/api/v1/groups/hpc/members/", {"username": "stu", "role": "member"},
                       format="json")  # fmt: skip
    assert added.status_code == 204
    mine = token_client(student)
    page = mine.get("/api/v1/groups/hpc/").json()
    assert [m["user"] for m in page["members"]] == ["prof", "stu"]
    assert [r["username"] for r in page["leaderboard"]] == ["prof", "stu"]
    assert mine.post("/api/v1/groups/hpc/members/", {"username": "stu", "role": "owner"},
                     format="json").status_code == 403  # fmt: skip
    assert token_client(UserFactory()).get("/api/v1/groups/hpc/").status_code == 404


def test_the_schema_lists_the_contest_endpoints():
    paths = set(APIClient().get("/api/schema/", {"format": "json"}).json()["paths"])
    assert {
        "/api/v1/contests/", "/api/v1/contests/{slug}/", "/api/v1/contests/{slug}/join/",
        "/api/v1/contests/{slug}/board/", "/api/v1/contests/{slug}/board/csv/",
        "/api/v1/contests/{slug}/submissions/", "/api/v1/groups/",
    } <= paths  # fmt: skip


def test_a_member_practises_a_private_problem_through_the_group(clock):
    from contests.services.groups import group_create, group_member_set, group_problem_add

    owner = UserFactory(username="prof")
    group = group_create(owner, slug="lab", name="Lab")
    student = UserFactory(username="stu")
    group_member_set(group, user=student, role="member")
    group_problem_add(group, problem=ProblemFactory(slug="secret-add"))
    body = {"problem": "secret-add", "language": "pytorch", "source": PYTORCH_VECTOR_ADD}
    sent = token_client(student).post("/api/v1/groups/lab/submissions/", body, format="json")
    assert sent.status_code == 201 and sent.json()["problem"] == "secret-add"
    plain = token_client(student).post("/api/v1/submissions/", body, format="json")
    assert plain.status_code == 400  # unpublished: not through the plain endpoint
    outsider = token_client(UserFactory()).post("/api/v1/groups/lab/submissions/", body,
                                                format="json")  # fmt: skip
    assert outsider.status_code == 404
