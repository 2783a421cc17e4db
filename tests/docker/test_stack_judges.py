"""The compose stack judges: a user signs up on the site, takes a token, submits a correct and
a wrong solution through the API; the CPU worker container judges both and the leaderboard
ranks the accepted one."""

from __future__ import annotations

import pytest

from tests.docker.stack import Site, Stack, solution

pytestmark = pytest.mark.timeout(1200)

PROBLEM = "vector-add"


def test_the_cpu_worker_container_registers_and_heartbeats(stack: Stack, user_site: Site):
    status, data = user_site.api("GET", "/api/v1/devices/")
    assert status == 200, data
    cpu = [d for d in data["results"] if d["kind"] == "cpu"]
    assert cpu and cpu[0]["live_workers"] >= 1, data
    names = [row[0] for row in stack.sql("SELECT name FROM judge_worker")]
    assert "kj-e2e-a:cpu" in names, names


def test_a_correct_and_a_wrong_solution_are_judged_and_ranked(stack: Stack, user_site: Site):
    good = user_site.submit(PROBLEM, "pytorch", solution(PROBLEM, "correct_pytorch.py"))
    bad = user_site.submit(PROBLEM, "pytorch", solution(PROBLEM, "wrong_no_tail_pytorch.py"))
    good_row = user_site.wait_done(good)
    bad_row = user_site.wait_done(bad)
    assert good_row["verdict"] == "accepted", (good_row["message"], stack.logs("worker-cpu"))
    assert bad_row["verdict"] == "wrong_answer", bad_row["message"]
    assert good_row["score_ms"] and good_row["score_ms"] > 0
    status, board = user_site.api("GET", f"/api/v1/leaderboards/{PROBLEM}/?device=cpu")
    assert status == 200, board
    entries = board["results"]
    assert [e["user"] for e in entries] == ["e2e-user"], entries
    assert entries[0]["submission_id"] == good and entries[0]["rank"] == 1
    rows = stack.submission_rows([good, bad])
    for row in rows.values():
        assert row["attempt"] == 1 and row["worker_name"] == "kj-e2e-a:cpu", row
        assert row["status"] == "done" and row["finished_at"] is not None, row
