"""What the judging app adds to the problem admin: the Validate action (judge the reference and
stored solutions, then a page of their verdicts), rejudging submissions judged against an
older version (an action and a confirmation page), and the note after an edit that changed
what is judged. Registered in place of problems' own ProblemAdmin, which it extends."""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from judge.errors import SubmissionRefused
from judge.models import Submission
from judge.validation import problem_rejudge_outdated, problem_validate, submissions_outdated
from problems.admin import ProblemAdmin
from problems.models import NOT_ACCEPTED, Problem


class JudgedProblemAdmin(ProblemAdmin):
    actions = ["validate", "publish", "unpublish", "regenerate_starters", "rejudge_outdated"]

    def save_model(self, request: HttpRequest, obj: Problem, form, change: bool) -> None:
        old_version = obj.version
        super().save_model(request, obj, form, change)
        if change and obj.version != old_version:
            outdated = submissions_outdated(obj).count()
            url = reverse("admin:problems_problem_rejudge", args=[obj.pk])
            self.message_user(
                request,
                format_html(
                    "What is judged changed: version {} → {}. {} submission(s) were judged "
                    'against an older version. <a href="{}">Rejudge them</a>.',
                    old_version,
                    obj.version,
                    outdated,
                    url,
                ),  # fmt: skip
                messages.WARNING,
            )

    @admin.action(description="Validate: judge the reference and stored solutions (CPU)")
    def validate(self, request: HttpRequest, queryset):
        last = None
        for problem in queryset:
            try:
                plan = problem_validate(problem, staff_user=request.user)
            except SubmissionRefused as exc:
                self.message_user(request, f"{problem.slug}: {exc.message}", messages.ERROR)
                continue
            last = problem
            skipped = f" Skipped: {'; '.join(plan.skipped)}." if plan.skipped else ""
            self.message_user(
                request,
                f"{problem.slug}: {len(plan.submitted)} validation submission(s) queued.{skipped}",
                messages.INFO,
            )
        if last is not None and queryset.count() == 1:
            return HttpResponseRedirect(
                reverse("admin:problems_problem_validation", args=[last.pk])
            )
        return None

    @admin.action(description="Rejudge submissions judged against an older version")
    def rejudge_outdated(self, request: HttpRequest, queryset):
        total = sum(problem_rejudge_outdated(p) for p in queryset)
        self.message_user(request, f"Queued {total} rejudge(s) (low priority).", messages.SUCCESS)

    def get_urls(self):
        extra = [
            path("<int:pk>/validation/", self.admin_site.admin_view(self.validation_view),
                 name="problems_problem_validation"),
            path("<int:pk>/rejudge/", self.admin_site.admin_view(self.rejudge_view),
                 name="problems_problem_rejudge"),
        ]  # fmt: skip
        return extra + super().get_urls()

    def validation_view(self, request: HttpRequest, pk: int):
        problem = get_object_or_404(Problem, pk=pk)
        rows = list(
            Submission.objects.filter(problem=problem, validation=True).order_by("-pk")[:30]
        )
        for row in rows:
            expect = row.validation_label.rsplit(" expect ", 1)[-1] if row.validation_label else ""
            row.expected = expect
            if row.status != "done":
                row.outcome = "pending"
            elif expect == NOT_ACCEPTED:
                row.outcome = "ok" if row.verdict != "accepted" else "unexpected"
            else:
                row.outcome = "ok" if row.verdict == expect else "unexpected"
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Validation of {problem.slug}",
            "problem": problem,
            "rows": rows,
            "pending": any(r.outcome == "pending" for r in rows),
            "all_ok": bool(rows) and all(r.outcome == "ok" for r in rows),
        }
        context["can_publish"] = (
            context["all_ok"]
            and not problem.published
            and self.has_change_permission(request, problem)
        )
        return TemplateResponse(request, "admin/problems/validation.html", context)

    def rejudge_view(self, request: HttpRequest, pk: int):
        problem = get_object_or_404(Problem, pk=pk)
        if request.method == "POST":
            n = problem_rejudge_outdated(problem)
            self.message_user(
                request, f"Queued {n} rejudge(s) of {problem.slug}.", messages.SUCCESS
            )
            return HttpResponseRedirect(reverse("admin:problems_problem_change", args=[pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Rejudge {problem.slug}?",
            "problem": problem,
            "outdated": submissions_outdated(problem).count(),
        }
        return TemplateResponse(request, "admin/problems/rejudge.html", context)


def register() -> None:
    """Put JudgedProblemAdmin in place of problems' ProblemAdmin on the admin site."""
    if admin.site.is_registered(Problem):
        admin.site.unregister(Problem)
    admin.site.register(Problem, JudgedProblemAdmin)
