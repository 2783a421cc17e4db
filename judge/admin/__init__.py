"""The judging app's admin: submissions (rejudge, hide, mark as cheated; edits and deletes keep
the leaderboards right), workers, and the judging side of the problem admin (problems.py)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm

from judge.admin import problems as problem_admin
from judge.leaderboards.services import leaderboard_best_refresh
from judge.models import Submission, Worker
from judge.submissions.services import submission_moderate, submission_rejudge, submissions_delete


class ModerationActionForm(ActionForm):
    reason = forms.CharField(
        required=False,
        label="Reason (for “mark as cheated”)",
        widget=forms.TextInput(attrs={"size": 40}),
    )


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = (
        "id", "user", "problem", "language", "device_kind", "mode", "status", "verdict",
        "score", "hidden_from_leaderboard", "validation", "created_at",
    )  # fmt: skip
    list_filter = (
        "status", "verdict", "language", "device_kind", "mode", "hidden_from_leaderboard",
        "validation",
    )  # fmt: skip
    search_fields = ("user__username", "problem__slug", "cheat_reason")
    raw_id_fields = ("user", "problem")
    readonly_fields = ("created_at", "started_at", "finished_at", "attempt", "worker_name")
    action_form = ModerationActionForm
    actions = ["rejudge", "hide", "unhide", "mark_cheated"]

    # Edits and deletes here bypass the judging services, so the leaderboard rows of the
    # boards involved are recomputed afterwards.
    def save_model(self, request, obj, form, change) -> None:
        before = (
            Submission.objects.filter(pk=obj.pk)
            .values_list("user_id", "problem_id", "device_kind")
            .first()
        )
        super().save_model(request, obj, form, change)
        for user_id, problem_id, kind in {
            before,
            (obj.user_id, obj.problem_id, obj.device_kind),
        } - {None}:
            leaderboard_best_refresh(user_id, problem_id=problem_id, device_kind=kind)

    def delete_model(self, request, obj) -> None:
        submissions_delete(Submission.objects.filter(pk=obj.pk))

    def delete_queryset(self, request, queryset) -> None:
        submissions_delete(queryset)

    @admin.action(description="Rejudge selected submissions (low priority)")
    def rejudge(self, request, queryset) -> None:
        for submission in queryset.select_related("problem"):
            submission_rejudge(submission)
        self.message_user(request, f"Queued {queryset.count()} rejudge(s).", messages.SUCCESS)

    @admin.action(description="Hide selected from leaderboards")
    def hide(self, request, queryset) -> None:
        for submission in queryset:
            submission_moderate(submission, hidden=True)
        self.message_user(request, f"Hid {queryset.count()} submission(s).", messages.SUCCESS)

    @admin.action(description="Show selected on leaderboards again (clears a cheat mark)")
    def unhide(self, request, queryset) -> None:
        for submission in queryset:
            submission_moderate(submission, hidden=False)
        self.message_user(request, f"Unhid {queryset.count()} submission(s).", messages.SUCCESS)

    @admin.action(description="Mark selected as cheated (give a reason)")
    def mark_cheated(self, request, queryset) -> None:
        reason = (request.POST.get("reason") or "").strip()
        if not reason:
            self.message_user(
                request, "Type a reason in the Reason box next to the action.", messages.ERROR
            )
            return
        for submission in queryset:
            submission_moderate(submission, hidden=True, cheat_reason=reason)
        self.message_user(
            request, f"Marked {queryset.count()} submission(s) as cheated.", messages.SUCCESS
        )


@admin.register(Worker)
class WorkerAdmin(admin.ModelAdmin):
    list_display = ("name", "device_kind", "gpu_model", "last_heartbeat", "started_at")
    list_filter = ("device_kind",)


problem_admin.register()
