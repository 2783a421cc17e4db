"""The contest's revision: every write that can change its board bumps it, and the cached
board is kept while it is unchanged (selectors.board)."""

from __future__ import annotations

from django.db.models import F

from contests.models import Contest


def contest_touch(contest: Contest) -> None:
    Contest.objects.filter(pk=contest.pk).update(revision=F("revision") + 1)
