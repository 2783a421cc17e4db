"""Minimal pages: the problem list and a problem's statement, starters and leaderboard."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from judge.selectors import device_kinds_live, leaderboard_for_problem, problem_list_with_stats
from problems.selectors import problem_get_published
from web.markdown import render_markdown


def problem_list(request: HttpRequest) -> HttpResponse:
    return render(request, "web/problem_list.html", {"problems": problem_list_with_stats()})


def problem_detail(request: HttpRequest, slug: str) -> HttpResponse:
    problem = problem_get_published(slug)
    if problem is None:
        raise Http404("No such problem.")
    boards = {kind: leaderboard_for_problem(problem, kind)[:20] for kind in device_kinds_live()}
    context = {
        "problem": problem,
        "statement_html": render_markdown(problem.statement),
        "starters": sorted(problem.starters.items()),
        "boards": boards,
    }
    return render(request, "web/problem_detail.html", context)
