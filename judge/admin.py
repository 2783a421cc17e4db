from django.contrib import admin, messages

from judge.models import Submission, Worker
from judge.services import submission_rejudge


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = (
        "id", "user", "problem", "language", "device_kind", "mode", "status", "verdict",
        "score", "created_at",
    )  # fmt: skip
    list_filter = ("status", "verdict", "language", "device_kind", "mode")
    search_fields = ("user__username", "problem__slug")
    raw_id_fields = ("user", "problem")
    readonly_fields = ("created_at", "started_at", "finished_at", "attempt", "worker_name")
    actions = ["rejudge"]

    @admin.action(description="Rejudge selected submissions (low priority)")
    def rejudge(self, request, queryset) -> None:
        for submission in queryset.select_related("problem"):
            submission_rejudge(submission)
        self.message_user(request, f"Queued {queryset.count()} rejudge(s).", messages.SUCCESS)


@admin.register(Worker)
class WorkerAdmin(admin.ModelAdmin):
    list_display = ("name", "device_kind", "gpu_model", "last_heartbeat", "started_at")
    list_filter = ("device_kind",)
