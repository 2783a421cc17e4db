"""Profiles on the site: the report download and two profiles side by side (judge.profiling)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from judge.profiling import profile_compare, profile_report_path
from judge.submissions.selectors import submission_visible_to


@login_required(login_url="login")
def submission_profile_report(request: HttpRequest, pk: int) -> HttpResponse:
    submission = submission_visible_to(request.user, pk)
    path = profile_report_path(submission) if submission is not None else None
    if path is None:
        raise Http404("No profile report.")
    return FileResponse(
        path.open("rb"),
        as_attachment=True,
        filename=f"submission-{pk}.ncu-rep",
        content_type="application/octet-stream",
    )


@login_required(login_url="login")
def submission_profile_compare(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    a = submission_visible_to(request.user, pk)
    b = submission_visible_to(request.user, other)
    if a is None or b is None:
        raise Http404("No such submission.")
    compare = profile_compare(a, b)
    context = {
        "a": a,
        "b": b,
        "compare": compare,
        "sides": [(compare["a"] or {}, a), (compare["b"] or {}, b)],
    }
    return render(request, "web/profile_compare.html", context)
