"""Contest pages: the list, a new contest, a contest (join, problems, announcements,
clarifications, the organiser's panel), a contest problem with its submit form, the board,
a group. The writes go through contests' services; web/contest_actions.py holds the POSTs."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from contests.errors import ContestRefused
from contests.models import Contest, Role
from contests.selectors.access import (
    contest_get,
    contest_organises,
    contest_problems,
    contest_problems_open,
    contest_readable,
    contest_visible,
    contests_visible,
    entries_of,
    entry_current,
    group_role,
    groups_of,
)
from contests.selectors.board import contest_boards, entry_row
from contests.selectors.groups import group_get, group_leaderboard, group_members, group_problems
from contests.selectors.moderation import (
    clarifications_for,
    contest_announcements,
    entries_disqualified,
    similarity_flags,
)
from contests.services.contests import contest_create
from contests.services.participation import contest_submit
from contests.windows import contest_phase, entry_window, freeze_at
from judge.errors import SubmissionRefused
from judge.rules import languages_offered
from problems.markdown import render_markdown
from problems.models import Problem
from web.contest_forms import ContestEditForm, ContestForm, ContestSubmitForm


def readable_or_404(request: HttpRequest, slug: str) -> Contest:
    contest = contest_get(slug)
    if contest is None or not contest_readable(request.user, contest):
        raise Http404("No such contest.")
    return contest


def contest_list(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    rows = [(c, contest_phase(c, now)) for c in contests_visible(request.user)[:200]]
    managed = [g for g in groups_of(request.user) if group_role(request.user, g) != Role.MEMBER]
    can_create = request.user.is_staff or bool(managed)
    return render(request, "web/contests/list.html", {"rows": rows, "can_create": can_create})


def _managed_groups(user) -> list:
    return [g for g in groups_of(user) if user.is_staff or group_role(user, g) != Role.MEMBER]


@login_required
def contest_new(request: HttpRequest) -> HttpResponse:
    groups = _managed_groups(request.user)
    form = ContestForm(request.POST or None, groups=groups)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        slugs = data.pop("problems")
        found = {p.slug: p for p in Problem.objects.filter(slug__in=[s for s, _ in slugs])}
        missing = [s for s, _ in slugs if s not in found]
        group = group_get(data.pop("group")) if data.get("group") else None
        data.pop("group", None)
        if missing:
            form.add_error("problems", f"No such problem: {', '.join(missing)}.")
        else:
            try:
                contest = contest_create(
                    request.user, group=group, problems=[(found[s], pts) for s, pts in slugs],
                    **{k: v for k, v in data.items() if v is not None},
                )  # fmt: skip
            except ContestRefused as exc:
                form.add_error(exc.field if exc.field in form.fields else None, exc.message)
            else:
                messages.success(request, f"Created {contest.title}.")
                return redirect("contest-detail", slug=contest.slug)
    return render(request, "web/contests/new.html", {"form": form})


def contest_detail(request: HttpRequest, slug: str) -> HttpResponse:
    contest = readable_or_404(request, slug)
    now = timezone.now()
    organiser = contest_organises(request.user, contest)
    entries = [(e, entry_window(contest, e)) for e in entries_of(request.user, contest)]
    context = {
        "contest": contest,
        "phase": contest_phase(contest, now),
        "now": now,
        "freeze_at": freeze_at(contest),
        "organiser": organiser,
        "visible": contest_visible(request.user, contest),
        "entries": entries,
        "current": entry_current(request.user, contest, now),
        "problems": contest_problems(contest)
        if contest_problems_open(request.user, contest, now)
        else None,
        "announcements": contest_announcements(contest)[:50],
        "clarifications": clarifications_for(request.user, contest)[:100]
        if request.user.is_authenticated
        else [],
        "description_html": render_markdown(contest.description) if contest.description else "",
    }
    if organiser:
        context["edit_form"] = ContestEditForm(
            initial={"starts_at": contest.starts_at, "ends_at": contest.ends_at,
                     "freeze_minutes": contest.freeze_minutes,
                     "registration_open": contest.registration_open}
        )  # fmt: skip
        context["flags"] = similarity_flags(contest)[:100]
        context["disqualified"] = entries_disqualified(contest)
        context["all_entries"] = contest.entries.filter(disqualified_at__isnull=True)[:500]
    return render(request, "web/contests/detail.html", context)


def contest_problem(request: HttpRequest, slug: str, label: str) -> HttpResponse:
    contest = readable_or_404(request, slug)
    if not contest_problems_open(request.user, contest, timezone.now()):
        raise Http404("No such problem.")
    problem_row = next((p for p in contest_problems(contest) if p.label == label), None)
    if problem_row is None:
        raise Http404("No such problem.")
    problem = Problem.objects.get(pk=problem_row.problem_id)
    devices = contest.devices or ["cpu"]
    languages = [x for x in languages_offered(devices[0])
                 if not contest.languages or x in contest.languages]  # fmt: skip
    starter = (problem.starters or {}).get("pytorch", "")
    form = ContestSubmitForm(
        request.POST or None, languages=languages, devices=devices,
        initial={"language": "pytorch" if "pytorch" in languages else languages[0],
                 "source": starter},
    )  # fmt: skip
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        if form.is_valid():
            try:
                submission = contest_submit(
                    request.user, contest=contest, label=label,
                    language=form.cleaned_data["language"],
                    device_kind=form.cleaned_data["device"], source=form.cleaned_data["source"],
                )  # fmt: skip
            except (ContestRefused, SubmissionRefused) as exc:
                form.add_error(None, exc.message)
            else:
                return redirect("submission-detail", pk=submission.pk)
    context = {
        "contest": contest,
        "cp": problem_row,
        "problem": problem,
        "statement_html": render_markdown(problem.statement),
        "form": form,
    }
    return render(request, "web/contests/problem.html", context)


def fmt_ms(ms: float | None) -> str:
    if ms is None:
        return ""
    return f"{ms * 1000:.1f} µs" if ms < 1 else f"{ms:.3f} ms"


def board_table(board, rows: list[dict]) -> list[dict]:
    """The board's rows with their cells in problem order, each cell's best time per device
    formatted, for the template (which cannot index a dict by a variable)."""
    labels = [p["label"] for p in board.problems]
    return [
        {**row, "cell_list": [
            {**row["cells"][label], "label": label,
             "times": [(d, fmt_ms(row["cells"][label]["best_ms"].get(d))) for d in board.devices]}
            for label in labels
        ]}
        for row in rows
    ]  # fmt: skip


def contest_board_page(request: HttpRequest, slug: str) -> HttpResponse:
    contest = readable_or_404(request, slug)
    if not contest_visible(request.user, contest):
        raise Http404("No such contest.")
    organiser = contest_organises(request.user, contest)
    live = organiser and request.GET.get("live") == "1"
    public, organisers = contest_boards(contest)
    board = organisers if live else public
    entries = list(entries_of(request.user, contest))
    mine = {e.pk for e in entries}
    me = next((entry_row(contest, e, organisers) for e in entries), None)
    context = {
        "contest": contest,
        "board": board,
        "rows": board_table(board, board.rows),
        "me_rows": board_table(board, [me]) if me else [],
        "mine": mine,
        "organiser": organiser,
        "live": live,
        "phase": contest_phase(contest, timezone.now()),
    }
    return render(request, "web/contests/board.html", context)


@login_required
def group_detail(request: HttpRequest, slug: str) -> HttpResponse:
    group = group_get(slug)
    if group is None or (group_role(request.user, group) is None and not request.user.is_staff):
        raise Http404("No such group.")
    context = {
        "group": group,
        "role": group_role(request.user, group),
        "members": group_members(group),
        "problems": group_problems(group),
        "contests": group.contests.all(),
        "leaderboard": group_leaderboard(group),
    }
    return render(request, "web/contests/group.html", context)
