"""When an entry's submissions count for a contest, and when its board is frozen. Every
window is half-open: a submission made at its start counts, one made at its end does not."""

from __future__ import annotations

from datetime import datetime, timedelta

from contests.models import Contest, Participation


def contest_duration(contest: Contest) -> timedelta:
    """How long one entry's window lasts: the per-entry window, else the whole contest."""
    if contest.window_minutes:
        return timedelta(minutes=contest.window_minutes)
    return contest.ends_at - contest.starts_at


def entry_window(contest: Contest, entry: Participation) -> tuple[datetime, datetime] | None:
    """[start, end) in which the entry's members' submissions count; None until an entry of
    a windowed or virtual contest has started its window."""
    if entry.virtual:
        if entry.started_at is None:
            return None
        return entry.started_at, entry.started_at + contest_duration(contest)
    if contest.window_minutes:
        if entry.started_at is None:
            return None
        end = min(entry.started_at + contest_duration(contest), contest.ends_at)
        return entry.started_at, end
    return contest.starts_at, contest.ends_at


def window_holds(window: tuple[datetime, datetime] | None, moment: datetime) -> bool:
    return window is not None and window[0] <= moment < window[1]


def freeze_at(contest: Contest) -> datetime | None:
    """From this moment the public board shows only what was submitted before it."""
    if not contest.freeze_minutes:
        return None
    return max(contest.starts_at, contest.ends_at - timedelta(minutes=contest.freeze_minutes))


def board_frozen(contest: Contest, now: datetime) -> bool:
    """Frozen from freeze_at until the organiser unfreezes (after the end too)."""
    start = freeze_at(contest)
    return start is not None and now >= start and contest.unfrozen_at is None


def contest_phase(contest: Contest, now: datetime) -> str:
    """'upcoming', 'running' or 'ended' (after the end its problems are practice)."""
    if now < contest.starts_at:
        return "upcoming"
    return "running" if now < contest.ends_at else "ended"
