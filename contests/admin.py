"""Admin authoring of contests and groups, and the organiser's tools as admin actions. Admin
edits bypass the services, so every save bumps the contest's revision (its cached board)."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm

from contests.models import (
    Announcement,
    Clarification,
    Contest,
    ContestProblem,
    Group,
    GroupMembership,
    GroupProblem,
    Participation,
    ParticipationMember,
    SimilarityFlag,
    SubmissionDisqualification,
)
from contests.services.contests import contest_codes_fill, contest_unfreeze
from contests.services.groups import group_problems_hide
from contests.services.moderation import (
    clarification_answer,
    entry_disqualify,
    entry_requalify,
    similarity_check,
)
from contests.services.revision import contest_touch


class ContestProblemInline(admin.TabularInline):
    model = ContestProblem
    extra = 2
    raw_id_fields = ("problem",)
    fields = ("order", "label", "problem", "points")


class AnnouncementInline(admin.StackedInline):
    model = Announcement
    extra = 0


@admin.register(Contest)
class ContestAdmin(admin.ModelAdmin):
    list_display = ("slug", "title", "group", "access", "scoring", "starts_at", "ends_at",
                    "registration_open", "unfrozen_at")  # fmt: skip
    list_filter = ("access", "scoring", "registration_open")
    search_fields = ("slug", "title")
    prepopulated_fields = {"slug": ("title",)}
    raw_id_fields = ("owner",)
    readonly_fields = ("join_code", "invite_token", "revision", "created_at", "updated_at")
    inlines = [ContestProblemInline, AnnouncementInline]
    actions = ["unfreeze", "check_similarity"]

    def get_changeform_initial_data(self, request):
        return {"owner": request.user.pk, "devices": ["cpu"], "languages": []}

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        contest_codes_fill(form.instance)
        contest_touch(form.instance)

    @admin.action(description="Unfreeze the board")
    def unfreeze(self, request, queryset) -> None:
        for contest in queryset:
            contest_unfreeze(contest)
        self.message_user(request, f"Unfroze {queryset.count()} board(s).")

    @admin.action(description="Run the similarity check (flags only)")
    def check_similarity(self, request, queryset) -> None:
        raised = sum(similarity_check(contest) for contest in queryset)
        self.message_user(request, f"{raised} new similarity flag(s) to review.")


class ReasonActionForm(ActionForm):
    reason = forms.CharField(required=False, label="Reason (to disqualify)",
                             widget=forms.TextInput(attrs={"size": 40}))  # fmt: skip


class MemberInline(admin.TabularInline):
    model = ParticipationMember
    extra = 0
    raw_id_fields = ("user",)
    fields = ("user",)


@admin.register(Participation)
class ParticipationAdmin(admin.ModelAdmin):
    list_display = ("name", "contest", "virtual", "started_at", "disqualified_at")
    list_filter = ("virtual", "contest")
    search_fields = ("name", "members__user__username")
    readonly_fields = ("created_at",)
    inlines = [MemberInline]
    action_form = ReasonActionForm
    actions = ["disqualify", "requalify"]

    def save_formset(self, request, form, formset, change) -> None:
        for member in formset.save(commit=False):
            member.contest_id, member.virtual = form.instance.contest_id, form.instance.virtual
            member.save()
        for gone in formset.deleted_objects:
            gone.delete()
        contest_touch(form.instance.contest)

    @admin.action(description="Disqualify (kept on record, hidden from the board)")
    def disqualify(self, request, queryset) -> None:
        reason = request.POST.get("reason", "").strip()
        if not reason:
            self.message_user(request, "Give the reason.", messages.ERROR)
            return
        for entry in queryset.select_related("contest"):
            entry_disqualify(entry.contest, entry=entry, reason=reason)
        self.message_user(request, f"Disqualified {queryset.count()} entr(ies).")

    @admin.action(description="Requalify")
    def requalify(self, request, queryset) -> None:
        for entry in queryset.select_related("contest"):
            entry_requalify(entry.contest, entry=entry)


@admin.register(Clarification)
class ClarificationAdmin(admin.ModelAdmin):
    list_display = ("contest", "author", "problem", "question", "public", "answered_at")
    list_filter = ("public", "contest")
    readonly_fields = ("contest", "author", "problem", "question", "created_at", "answered_at")
    fields = ("contest", "author", "problem", "question", "answer", "public", "created_at",
              "answered_at")  # fmt: skip

    def save_model(self, request, obj, form, change) -> None:
        if obj.answer.strip():
            clarification_answer(obj, answer=obj.answer, public=obj.public)
        else:
            super().save_model(request, obj, form, change)


@admin.register(SimilarityFlag)
class SimilarityFlagAdmin(admin.ModelAdmin):
    list_display = ("contest", "problem", "first", "second", "ratio", "state")
    list_filter = ("state", "contest")
    readonly_fields = ("contest", "problem", "first", "second", "ratio", "created_at")


@admin.register(SubmissionDisqualification)
class SubmissionDisqualificationAdmin(admin.ModelAdmin):
    list_display = ("contest", "submission", "reason", "created_at")
    raw_id_fields = ("submission",)

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        contest_touch(obj.contest)

    def delete_model(self, request, obj) -> None:
        super().delete_model(request, obj)
        contest_touch(obj.contest)


class MembershipInline(admin.TabularInline):
    model = GroupMembership
    extra = 1
    raw_id_fields = ("user",)


class GroupProblemInline(admin.TabularInline):
    model = GroupProblem
    extra = 1
    raw_id_fields = ("problem",)


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "created_at")
    search_fields = ("slug", "name")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline, GroupProblemInline]

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        group_problems_hide(form.instance)
