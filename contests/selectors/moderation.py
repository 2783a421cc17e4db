"""Reads for the organiser's tools and the participants: clarifications, announcements,
similarity flags, disqualified entries."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from contests.models import Announcement, Clarification, Contest, Participation, SimilarityFlag
from contests.selectors.access import contest_organises


def clarifications_for(user: Any, contest: Contest) -> QuerySet[Clarification]:
    """Organisers see every question; a participant their own and the public answers."""
    rows = Clarification.objects.filter(contest=contest).select_related("problem", "author")
    if contest_organises(user, contest):
        return rows
    return rows.filter(Q(public=True) | Q(author_id=getattr(user, "pk", None)))


def contest_announcements(contest: Contest) -> QuerySet[Announcement]:
    return Announcement.objects.filter(contest=contest).order_by("-created_at", "-pk")


def similarity_flags(contest: Contest) -> QuerySet[SimilarityFlag]:
    return SimilarityFlag.objects.filter(contest=contest).select_related(
        "problem", "first__user", "second__user"
    )


def entries_disqualified(contest: Contest) -> QuerySet[Participation]:
    return Participation.objects.filter(contest=contest, disqualified_at__isnull=False)
