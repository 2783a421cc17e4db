"""The similarity check (flags, never penalties), clarifications and announcements."""

from __future__ import annotations

from datetime import timedelta

import pytest

from contests.errors import ContestRefused
from contests.models import Clarification, SimilarityFlag
from contests.selectors.board import contest_board
from contests.selectors.moderation import clarifications_for, contest_announcements
from contests.services.moderation import (
    announcement_create,
    clarification_answer,
    clarification_ask,
    flag_review,
    similarity,
    similarity_check,
)
from contests.services.participation import contest_join
from tests.contests.conftest import START, judged, make_contest
from tests.factories import SubmissionFactory, UserFactory

pytestmark = pytest.mark.django_db

ORIGINAL = """import torch


def solve(A, B, C, N):
    # add the two vectors
    torch.add(A, B, out=C)
"""
RENAMED_LAYOUT = """import torch
def solve(A,B,C,N):
    torch.add(A, B, out=C)   # same thing, other comment
"""
DIFFERENT = """import triton
import triton.language as tl


@triton.jit
def kernel(a, b, c, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(c + i, tl.load(a + i, mask=i < n) + tl.load(b + i, mask=i < n), mask=i < n)


def solve(A, B, C, N):
    kernel[(N + 1023) // 1024,](A, B, C, N, BLOCK=1024)
"""


def test_similarity_ignores_comments_and_layout():
    assert similarity(ORIGINAL, RENAMED_LAYOUT) == 1.0
    assert similarity(ORIGINAL, DIFFERENT) < 0.5


def test_the_check_flags_alike_sources_and_punishes_no_one(clock, organiser):
    contest = make_contest(organiser, problems=1)
    problem = contest.problems.get().problem
    users = [UserFactory(username=n) for n in ("first", "copy", "own")]
    for user in users:
        contest_join(user, contest=contest)
    clock.at(START + timedelta(minutes=5))
    subs = [
        judged(SubmissionFactory(user=u, problem=problem, source=src))
        for u, src in zip(users, (ORIGINAL, RENAMED_LAYOUT, DIFFERENT), strict=True)
    ]
    assert similarity_check(contest) == 1
    assert similarity_check(contest) == 0  # a pair is flagged once
    flag = SimilarityFlag.objects.get()
    assert (flag.first_id, flag.second_id, flag.ratio) == (subs[0].pk, subs[1].pk, 1.0)
    assert flag.state == "open"
    contest.refresh_from_db()
    assert [r["solved"] for r in contest_board(contest).rows] == [1, 1, 1]  # nobody punished
    flag_review(flag, state="dismissed")
    flag.refresh_from_db()
    assert flag.state == "dismissed"


def test_a_question_is_private_until_answered_publicly(clock, organiser):
    contest = make_contest(organiser)
    asker, other = UserFactory(), UserFactory()
    for user in (asker, other):
        contest_join(user, contest=contest)
    question = clarification_ask(asker, contest=contest, question="Is N > 0?", label="A")
    with pytest.raises(ContestRefused):
        clarification_ask(asker, contest=contest, question="?", label="Z")
    assert list(clarifications_for(asker, contest)) == [question]
    assert list(clarifications_for(other, contest)) == []
    assert list(clarifications_for(organiser, contest)) == [question]
    clarification_answer(question, answer="Yes, N >= 1.", public=True)
    seen = list(clarifications_for(other, contest))
    assert [(c.question, c.answer, c.problem.label) for c in seen] == [
        ("Is N > 0?", "Yes, N >= 1.", "A")
    ]
    private = clarification_ask(other, contest=contest, question="Can I use CUTLASS?")
    clarification_answer(private, answer="No.", public=False)
    assert Clarification.objects.get(pk=private.pk).answer == "No."
    assert private not in clarifications_for(asker, contest)


def test_announcements_are_listed_newest_first(clock, organiser):
    contest = make_contest(organiser)
    announcement_create(contest, title="Welcome", body="Good luck.")
    clock.at(START + timedelta(minutes=1))
    announcement_create(contest, title="Fix to B", body="B's statement was clarified.")
    assert [a.title for a in contest_announcements(contest)] == ["Fix to B", "Welcome"]
    with pytest.raises(ContestRefused):
        announcement_create(contest, title=" ", body="")
