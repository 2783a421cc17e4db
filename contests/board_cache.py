"""Contest boards shared by the site's web processes (the BoardSnapshot table): the process
that computes a contest's boards stores them, with the stamp they were computed at, as the
API's JSON; the others load them instead of computing them again. A claim (`claimed_until`)
lets one process at a time compute newer boards. contests.selectors.board decides when."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from contests.models import BoardSnapshot

CLAIM_S = 60  # a claim left by a process that died lapses after this long


@dataclass(frozen=True)
class Stored:
    stamp: str  # what the boards were computed at (contests.selectors.board); '' if none yet
    computed_at: datetime | None
    claimed_until: datetime | None  # a process is computing newer boards until then

    def claimed(self) -> bool:
        return self.claimed_until is not None and self.claimed_until > timezone.now()


def snapshot_stamp(contest_id: int) -> Stored | None:
    """The stamp, time and claim of the contest's stored boards, without the boards (a read:
    a process that finds a claim leaves the row alone instead of writing to it)."""
    row = (
        BoardSnapshot.objects.filter(pk=contest_id)
        .values_list("stamp", "computed_at", "claimed_until")
        .first()
    )
    return Stored(*row) if row else None


def snapshot_boards(contest_id: int) -> tuple[str, str] | None:
    """The stored boards' JSON: (participants', organisers'; '' where the same)."""
    return (
        BoardSnapshot.objects.filter(pk=contest_id).values_list("public_json", "live_json").first()
    )


def snapshot_claim(contest_id: int, *, exists: bool = False) -> bool:
    """Take the right to compute the contest's boards for CLAIM_S seconds; False while
    another process holds it. `exists`: the row is known to be there."""
    now = timezone.now()
    if not exists:
        BoardSnapshot.objects.bulk_create(
            [BoardSnapshot(contest_id=contest_id)], ignore_conflicts=True
        )
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    claimed = BoardSnapshot.objects.filter(free, pk=contest_id).update(
        claimed_until=now + timedelta(seconds=CLAIM_S)
    )
    return bool(claimed)


def snapshot_release(contest_id: int) -> None:
    """Give the claim up (the computation failed)."""
    BoardSnapshot.objects.filter(pk=contest_id).update(claimed_until=None)


def snapshot_store(
    contest_id: int, *, stamp: str, computed_at: datetime, public_json: str, live_json: str
) -> None:
    """Store newly computed boards and release the claim."""
    BoardSnapshot.objects.update_or_create(
        contest_id=contest_id,
        defaults={
            "stamp": stamp,
            "computed_at": computed_at,
            "public_json": public_json,
            "live_json": live_json,
            "claimed_until": None,
        },
    )
