"""Table bodies rendered in Python: a template loop costs ~0.1-0.2 ms a row (variable lookups,
{% url %}, filters), which was most of the leaderboard page and of the problem list
(docs/performance.md). The markup is the one the templates had."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import quote

from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from judge.leaderboards.selectors import LeaderboardEntry
from problems.models import Problem
from web.verdicts import LANGUAGE_LABELS

ME_ROW = ' class="me" aria-current="true"'
ME_BADGE = ' <span class="badge">you</span>'


def leaderboard_rows_html(
    entries: Iterable[LeaderboardEntry], viewer_id: int | None, *, viewer_is_staff: bool = False
) -> SafeString:
    """The <tr> rows of the leaderboard table; the viewer's own row marked. A time links to its
    submission only where the viewer may open it (their own; staff: every one)."""
    link = reverse("submission-detail", args=[0])[: -len("0/")]
    rows = []
    for e in entries:
        me = e.user_id == viewer_id
        created = timezone.localtime(e.created_at)
        time_ms = f"{e.score_ms:.4f} ms"
        if me or viewer_is_staff:
            time_ms = f'<a href="{link}{e.submission_id}/">{time_ms}</a>'
        rows.append(
            f"    <tr{ME_ROW if me else ''}>\n"
            f"      <td>{e.rank}</td>\n"
            f"      <td>{escape(e.username)}{ME_BADGE if me else ''}</td>\n"
            f"      <td>{time_ms}</td>\n"
            f"      <td>{escape(LANGUAGE_LABELS.get(e.language, e.language))}</td>\n"
            f'      <td><time datetime="{created.isoformat()}">'
            f"{created.strftime('%Y-%m-%d %H:%M')}</time></td>\n"
            "    </tr>"
        )
    return mark_safe("\n".join(rows))  # noqa: S308 - every value above is escaped or a number


SOLVED_MARK = (
    '<span class="solved" title="Solved">✓<span class="visually-hidden">solved</span></span>'
)


def problem_rows_html(problems: Iterable[Problem]) -> SafeString:
    """The <tr> rows of the problem list (problems as problem_list_for_api gives them, with
    `is_solved` set)."""
    link = reverse("problem-detail", args=["x"])[: -len("x/")]
    rows = []
    for p in problems:
        tags = "".join(
            f'<a class="tag" href="?tag={escape(quote(t))}">{escape(t)}</a> ' for t in p.tags or []
        )
        rate = p.acceptance_rate
        rows.append(
            "    <tr>\n"
            f"      <td>{SOLVED_MARK if p.is_solved else ''}</td>\n"
            f'      <td><a href="{link}{escape(p.slug)}/">{escape(p.title)}</a></td>\n'
            f'      <td><span class="badge diff-{escape(p.difficulty)}">'
            f"{escape(p.get_difficulty_display())}</span></td>\n"
            f"      <td>{tags}</td>\n"
            f"      <td>{'–' if rate is None else f'{round(float(rate) * 100)}%'}</td>\n"
            f"      <td>{p.solved_by}</td>\n"
            "    </tr>"
        )
    return mark_safe("\n".join(rows))  # noqa: S308 - every value above is escaped or a number
