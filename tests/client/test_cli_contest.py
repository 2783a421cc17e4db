"""`kerneljudge contest ...` against a live test server (list, show, join by code, board,
the CSV export) and, with canned answers, `contest submit` (it follows the judging)."""

from __future__ import annotations

import csv
import json
from datetime import timedelta

import pytest
from django.utils import timezone
from kerneljudge import cli

from accounts.services import token_create
from contests.services.contests import contest_create
from contests.services.participation import contest_join
from judge.models import Status, Submission
from tests.client.test_cli import SUB, fake, records, write_solution  # noqa: F401 - fixtures
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.delenv("KERNELJUDGE_URL", raising=False)
    monkeypatch.delenv("KERNELJUDGE_TOKEN", raising=False)
    return tmp_path / "cfg"


@pytest.fixture
def site(live_server, config_home):
    now = timezone.now()
    organiser = UserFactory(username="org", is_staff=True)
    contest = contest_create(
        organiser, slug="night-cup", title="Night Cup", access="code", devices=["cpu"],
        starts_at=now - timedelta(hours=1), ends_at=now + timedelta(hours=1),
        problems=[(ProblemFactory(slug="night-a"), 100), (ProblemFactory(slug="night-b"), 100)],
    )  # fmt: skip
    rival = UserFactory(username="rival")
    contest_join(rival, contest=contest, code=contest.join_code)
    done = SubmissionFactory(user=rival, problem=contest.problems.get(label="A").problem)
    Submission.objects.filter(pk=done.pk).update(status=Status.DONE, verdict="accepted", score=2.0)
    _, key = token_create(UserFactory(username="ada"), name="cli")
    return live_server.url, key, contest


def kj(site, *argv: str) -> int:
    url, key, _ = site
    return cli.main(["--url", url, *argv])


@pytest.mark.django_db(transaction=True)
def test_list_join_by_code_show_and_board(site, monkeypatch, capsys, tmp_path):
    url, key, contest = site
    monkeypatch.setenv("KERNELJUDGE_TOKEN", key)
    assert kj(site, "contest", "list") == 0
    assert "night-cup" not in capsys.readouterr().out  # unlisted: found by its link
    assert kj(site, "contest", "join", "night-cup", "--code", "wrong") == 2
    assert "join code is not right" in capsys.readouterr().err
    assert kj(site, "contest", "join", "night-cup", "--code", contest.join_code) == 0
    assert "Joined Night Cup as ada" in capsys.readouterr().out
    assert kj(site, "contest", "list") == 0
    assert "night-cup" in capsys.readouterr().out
    assert kj(site, "contest", "show", "night-cup") == 0
    shown = capsys.readouterr().out
    assert "night-a" in shown and "Your entry: ada" in shown
    assert kj(site, "--json", "contest", "board", "night-cup") == 0
    board = json.loads(capsys.readouterr().out)
    assert [(r["name"], r["rank"], r["solved"]) for r in board["rows"]] == [
        ("rival", 1, 1), ("ada", 2, 0),
    ]  # fmt: skip
    assert kj(site, "contest", "board", "night-cup") == 0
    assert "rival" in capsys.readouterr().out
    target = tmp_path / "board.csv"
    assert kj(site, "contest", "board", "night-cup", "--csv", str(target)) == 0
    rows = list(csv.DictReader(target.open()))
    assert [(r["rank"], r["name"], r["solved"]) for r in rows] == [("1", "rival", "1"),
                                                                  ("2", "ada", "0")]  # fmt: skip


def test_contest_submit_posts_the_label_and_follows_the_judging(fake, records, tmp_path, capsys):  # noqa: F811
    done = {**SUB, "status": "done", "verdict": "accepted", "message": "All tests passed."}
    f = fake(
        {("POST", "contests/cup/submissions/"): {**SUB, "status": "queued"},
         ("GET", "submissions/7/"): done, ("GET", "languages/"): records},
        [("done", {"status": "done"})],
    )  # fmt: skip
    assert cli.main(["contest", "submit", "cup", "b", str(write_solution(tmp_path))]) == 0
    _, path, body = f.calls[1]  # after the language records
    assert (path, body["problem"], body["language"], body["mode"]) == (
        "contests/cup/submissions/", "B", "pytorch", "submit",
    )  # fmt: skip
    assert "device" not in body  # the server picks the contest's first device
    assert "ACCEPTED" in capsys.readouterr().out
