"""The POSTs of the contest pages: join, start a window, ask, and the organiser's answer,
announcement, edit, unfreeze, disqualification and similarity check. Each calls a service
and goes back to the contest page with a message."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from contests.errors import ContestRefused
from contests.models import Clarification, Participation
from contests.selectors.access import contest_organises
from contests.services.contests import contest_unfreeze, contest_update
from contests.services.moderation import (
    announcement_create,
    clarification_answer,
    clarification_ask,
    entry_disqualify,
    similarity_check,
)
from contests.services.participation import (
    contest_join,
    contest_join_team,
    contest_join_virtual,
    entry_window_start,
)
from web.contest_forms import ContestEditForm
from web.contest_views import readable_or_404


def contest_action(organisers_only: bool = False) -> Callable:
    """A logged-in POST on a contest: refusals become an error message; back to the page."""

    def decorate(view: Callable) -> Callable:
        @login_required
        @require_POST
        @wraps(view)
        def wrapped(request: HttpRequest, slug: str, **kwargs) -> HttpResponse:
            contest = readable_or_404(request, slug)
            if organisers_only and not contest_organises(request.user, contest):
                raise Http404("No such contest.")
            try:
                done = view(request, contest, **kwargs)
            except ContestRefused as exc:
                messages.error(request, exc.message)
            else:
                if done:
                    messages.success(request, done)
            return redirect("contest-detail", slug=contest.slug)

        return wrapped

    return decorate


@contest_action()
def join(request: HttpRequest, contest) -> str:
    post = request.POST
    if post.get("virtual"):
        contest_join_virtual(request.user, contest=contest)
        return "Your virtual window has started."
    if post.get("team_code", "").strip():
        entry = contest_join_team(request.user, contest=contest, team_code=post["team_code"])
        return f"You joined {entry.name}."
    entry = contest_join(request.user, contest=contest, code=post.get("code", ""),
                         token=post.get("token", ""), team_name=post.get("team_name", ""))  # fmt: skip
    return f"You are registered as {entry.name}."


@contest_action()
def start(request: HttpRequest, contest) -> str:
    entry_window_start(request.user, contest=contest)
    return "Your window has started."


@contest_action()
def ask(request: HttpRequest, contest) -> str:
    clarification_ask(request.user, contest=contest, question=request.POST.get("question", ""),
                      label=request.POST.get("problem", ""))  # fmt: skip
    return "Your question was sent to the organisers."


@contest_action(organisers_only=True)
def answer(request: HttpRequest, contest, pk: int) -> str:
    question = Clarification.objects.filter(contest=contest, pk=pk).first()
    if question is None:
        raise Http404("No such question.")
    clarification_answer(question, answer=request.POST.get("answer", ""),
                         public=bool(request.POST.get("public")))  # fmt: skip
    return "Answered."


@contest_action(organisers_only=True)
def announce(request: HttpRequest, contest) -> str:
    announcement_create(contest, title=request.POST.get("title", ""),
                        body=request.POST.get("body", ""))  # fmt: skip
    return "Announced."


@contest_action(organisers_only=True)
def edit(request: HttpRequest, contest) -> str:
    form = ContestEditForm(request.POST)
    if not form.is_valid():
        raise ContestRefused("Check the dates: " + form.errors.as_text())
    contest_update(contest, **form.cleaned_data)
    return "Saved."


@contest_action(organisers_only=True)
def unfreeze(request: HttpRequest, contest) -> str:
    contest_unfreeze(contest)
    return "The board is unfrozen."


@contest_action(organisers_only=True)
def disqualify(request: HttpRequest, contest, pk: int) -> str:
    entry = Participation.objects.filter(contest=contest, pk=pk).first()
    if entry is None:
        raise Http404("No such entry.")
    entry_disqualify(contest, entry=entry, reason=request.POST.get("reason", ""))
    return f"{entry.name} is disqualified (kept on record)."


@contest_action(organisers_only=True)
def similarity(request: HttpRequest, contest) -> str:
    raised = similarity_check(contest)
    return f"{raised} new similarity flag(s) to review."
