"""The organiser's tools: disqualification (kept on record, hidden from the board), the
similarity check (flags only), clarifications and announcements."""

from __future__ import annotations

import difflib
import itertools
import re
from typing import Any

from django.db import transaction
from django.utils import timezone

from contests.errors import ContestRefused
from contests.models import (
    Announcement,
    Clarification,
    Contest,
    Participation,
    SimilarityFlag,
    SubmissionDisqualification,
)
from contests.selectors.board_compute import accepted_last_by_entry
from contests.services.revision import contest_touch
from judge.submissions.selectors import submission_sources

SIMILARITY_THRESHOLD = 0.9
COMMENT_RE = re.compile(r"//[^\n]*|/\*.*?\*/|#[^\n]*", re.S)


def entry_disqualify(contest: Contest, *, entry: Participation, reason: str) -> None:
    """Hide an entry from the board; the entry and its submissions stay on record."""
    if not reason.strip():
        raise ContestRefused("Give the reason.", field="reason")
    Participation.objects.filter(pk=entry.pk, contest=contest).update(
        disqualified_at=timezone.now(), disqualified_reason=reason.strip()[:2000]
    )
    contest_touch(contest)


def entry_requalify(contest: Contest, *, entry: Participation) -> None:
    Participation.objects.filter(pk=entry.pk, contest=contest).update(
        disqualified_at=None, disqualified_reason=""
    )
    contest_touch(contest)


def submission_disqualify(contest: Contest, *, submission_id: int, reason: str) -> None:
    """One submission no longer counts for this contest (the judge's verdict is unchanged)."""
    if not reason.strip():
        raise ContestRefused("Give the reason.", field="reason")
    SubmissionDisqualification.objects.update_or_create(
        contest=contest, submission_id=submission_id, defaults={"reason": reason.strip()[:2000]}
    )
    contest_touch(contest)


def normalised_source(source: str) -> list[str]:
    """The source's tokens without comments and layout, so renaming whitespace or adding
    comments does not hide a copy."""
    return re.findall(r"\w+|[^\w\s]", COMMENT_RE.sub(" ", source))


def similarity(first: str, second: str) -> float:
    """difflib's ratio of the two normalised token sequences (0: nothing alike, 1: same)."""
    matcher = difflib.SequenceMatcher(None, normalised_source(first), normalised_source(second),
                                      autojunk=False)  # fmt: skip
    if matcher.real_quick_ratio() < SIMILARITY_THRESHOLD:
        return matcher.real_quick_ratio()
    if matcher.quick_ratio() < SIMILARITY_THRESHOLD:
        return matcher.quick_ratio()
    return matcher.ratio()


def similarity_check(contest: Contest, *, threshold: float = SIMILARITY_THRESHOLD) -> int:
    """Compare, problem by problem, the last accepted source of every pair of entries on the
    board; flag each pair at or above `threshold` for the organiser (never a penalty).
    Returns how many new flags were raised."""
    raised = 0
    for problem_id, chosen in accepted_last_by_entry(contest).items():
        sources = submission_sources([sid for _, sid in chosen])
        for (_, a), (_, b) in itertools.combinations(chosen, 2):
            ratio = similarity(sources[a], sources[b])
            if ratio < threshold:
                continue
            first, second = min(a, b), max(a, b)
            _, created = SimilarityFlag.objects.get_or_create(
                contest=contest, first_id=first, second_id=second,
                defaults={"problem_id": problem_id, "ratio": ratio},
            )  # fmt: skip
            raised += created
    return raised


def flag_review(flag: SimilarityFlag, *, state: str) -> None:
    if state not in SimilarityFlag.State.values:
        raise ContestRefused("State is open, dismissed or confirmed.", field="state")
    SimilarityFlag.objects.filter(pk=flag.pk).update(state=state)


def clarification_ask(
    user: Any, *, contest: Contest, question: str, label: str = ""
) -> Clarification:
    if not question.strip():
        raise ContestRefused("Ask a question.", field="question")
    problem = contest.problems.filter(label=label).first() if label else None
    if label and problem is None:
        raise ContestRefused(f"The contest has no problem {label!r}.", field="problem")
    return Clarification.objects.create(
        contest=contest, author=user, problem=problem, question=question.strip()[:5000]
    )


def clarification_answer(clarification: Clarification, *, answer: str, public: bool) -> None:
    if not answer.strip():
        raise ContestRefused("Write the answer.", field="answer")
    with transaction.atomic():
        Clarification.objects.filter(pk=clarification.pk).update(
            answer=answer.strip()[:5000], public=public, answered_at=timezone.now()
        )


def announcement_create(contest: Contest, *, title: str, body: str) -> Announcement:
    if not title.strip():
        raise ContestRefused("Give the announcement a title.", field="title")
    return Announcement.objects.create(contest=contest, title=title.strip()[:200], body=body)
