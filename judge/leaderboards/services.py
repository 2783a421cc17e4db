"""Keeping LeaderboardBest right: every write that can change what ranks calls this."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from judge.models import RANKABLE, LeaderboardBest, Submission
from judge.rules import judged_emulated
from runner.contract import languages


def unranked_languages(device_kind: str) -> tuple[str, ...]:
    """The languages whose submits rank on no board of ``device_kind``: those it judges through
    an emulation (CUDA C++ on the CPU), whose times measure the emulation, not the kernel."""
    return tuple(
        name
        for name in languages.names()
        if judged_emulated(language=name, device_kind=device_kind)
    )


def leaderboard_best_refresh(user_id: int, *, problem_id: int, device_kind: str) -> None:
    """Recompute the user's LeaderboardBest rows on one problem x device from their rankable
    submits. Every write that can change what ranks (a recorded result, a rejudge, a hide, a
    delete) calls this after its own change; the user's row is locked meanwhile, so two
    results of one user recorded at once cannot leave the older best behind."""
    with transaction.atomic():
        list(
            get_user_model()
            .objects.select_for_update(no_key=True)
            .filter(pk=user_id)
            .values_list("pk", flat=True)
        )
        rankable = Submission.objects.filter(
            RANKABLE, user_id=user_id, problem_id=problem_id, device_kind=device_kind
        )
        emulated = unranked_languages(device_kind)
        if emulated:  # an emulation's times measure the emulation, not the kernel's speed
            rankable = rankable.exclude(language__in=emulated)
        rows = rankable.order_by("score", "created_at", "pk").values_list(
            "pk", "language", "score", "created_at"
        )
        best: dict[str, tuple] = {}
        for row in rows:
            best.setdefault(row[1], row)
            best.setdefault("", row)
        board = LeaderboardBest.objects.filter(
            user_id=user_id, problem_id=problem_id, device_kind=device_kind
        )
        fields = ("submission_id", "solution_language", "score", "submitted_at")
        held = {row[0]: row[1:] for row in board.values_list("language", *fields)}
        stale = held.keys() - best.keys()
        if stale:
            board.filter(language__in=stale).delete()
        for language, row in best.items():
            if held.get(language) == row:
                continue
            values = dict(zip(fields, row, strict=True))
            if language in held:
                board.filter(language=language).update(**values)
            else:
                LeaderboardBest.objects.create(
                    user_id=user_id, problem_id=problem_id, device_kind=device_kind,
                    language=language, **values,
                )  # fmt: skip
