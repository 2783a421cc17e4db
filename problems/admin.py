"""Admin authoring: a problem's statement (with a rendered preview), its spec edited as
structured sections validated by the runner's ProblemSpec (errors name the field), starters
generated from the signature, stored solutions, and the Publish actions.

What judges (the Validate and Rejudge actions, their pages, the note about outdated
submissions after an edit) is added by the judging app's admin (judge/admin/problems.py),
which registers its subclass of ProblemAdmin in place of this one: problems imports
neither judge nor web."""

from __future__ import annotations

import json
import re

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from problems.markdown import render_markdown
from problems.models import Problem, ProblemSolution
from problems.services import (
    problem_regenerate_starters,
    problem_version_after_edit,
    problems_set_published,
)
from problems.starters import starters_from_spec
from runner.contract import LANGUAGE_NAMES

JSON_SECTIONS = {
    "params": ("params_json", list),
    "tests": ("tests_json", list),
    "benchmarks": ("benchmarks_json", list),
    "limits": ("limits_json", dict),
}
# SpecError messages start with the field they are about: "params[0].shape[1]: ...".
ERROR_FIELDS = {
    "params": "params_json",
    "tests": "tests_json",
    "benchmarks": "benchmarks_json",
    "limits": "limits_json",
    "atol": "atol",
    "rtol": "rtol",
    "atol/rtol": "atol",
    "flops": "flops",
    "bytes": "bytes",
    "reference_source": "reference_source",
    "reference_precision": "reference_precision",
    "slug": "slug",
    "title": "title",
    "difficulty": "difficulty",
    "tags": "tags_text",
}
EXAMPLE_PARAMS = (
    '[{"name": "A", "dtype": "f32", "role": "in", "shape": ["N"]},\n'
    ' {"name": "C", "dtype": "f32", "role": "out", "shape": ["N"]},\n'
    ' {"name": "N", "dtype": "int", "role": "scalar"}]'
)
EXAMPLE_TESTS = (
    '[{"name": "example", "public": true, "scalars": {"N": 4}, "values": {"A": [1, 2, 3, 4]}},\n'
    ' {"name": "N=1000", "scalars": {"N": 1000}}]'
)


def _json_area(rows: int, help_text: str, required: bool = True) -> forms.CharField:
    return forms.CharField(
        required=required,
        help_text=help_text,
        widget=forms.Textarea(
            attrs={"rows": rows, "cols": 100, "class": "vLargeTextField kj-mono"}
        ),
    )


class ProblemAdminForm(forms.ModelForm):
    tags_text = forms.CharField(
        label="Tags", required=False, help_text="Comma-separated, e.g. elementwise, memory-bound"
    )
    atol = forms.FloatField(initial=1e-5, min_value=0, help_text="Absolute tolerance.")
    rtol = forms.FloatField(initial=1e-5, min_value=0, help_text="Relative tolerance.")
    flops = forms.CharField(
        required=False, help_text="FLOP count as an expression of the scalars, e.g. 2*M*N*K."
    )
    bytes = forms.CharField(
        required=False,
        help_text="Bytes moved, e.g. 12*N. Empty: the sum of the tensors' sizes.",
    )
    reference_precision = forms.ChoiceField(
        choices=[("native", "native"), ("f64", "f64")], initial="native"
    )
    reference_source = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10, "cols": 100, "class": "kj-mono"}),
        help_text="PyTorch: def reference(...) with the parameters in order; writes outputs in place.",
        initial="import torch\n\n\ndef reference(A, C, N):\n    C.copy_(A)\n",
    )
    params_json = _json_area(
        6, f"Parameters (JSON list), in the order solve() receives them. Example: {EXAMPLE_PARAMS}"
    )
    tests_json = _json_area(
        6,
        "Functional tests (JSON list): name, scalars, optional public, values, dist. "
        f"Example: {EXAMPLE_TESTS}",
    )
    benchmarks_json = _json_area(
        4,
        'Benchmark cases (JSON list): name, scalars, optional cpu_scalars, e.g. [{"name": "big", '
        '"scalars": {"N": 10000000}, "cpu_scalars": {"N": 100000}}]',
        required=False,
    )
    limits_json = _json_area(
        2, 'Limits (JSON object), e.g. {"test_timeout_s": 10}. Empty: defaults.', required=False
    )
    generate_starters = forms.BooleanField(
        required=False,
        help_text=f"Write {', '.join(LANGUAGE_NAMES.values())} starters from the parameters "
        "(always done for a new problem without starters).",
    )

    class Meta:
        model = Problem
        fields = ["slug", "title", "difficulty", "statement", "published", "starters"]
        widgets = {"statement": forms.Textarea(attrs={"rows": 12, "cols": 100, "class": "kj-mono"})}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["starters"].required = False
        self.fields["published"].initial = False
        spec = (self.instance.spec or {}) if self.instance.pk else {}
        if spec:
            for key, (field, _) in JSON_SECTIONS.items():
                value = spec.get(key)
                if value not in (None, [], {}):
                    self.initial[field] = json.dumps(value, indent=1)
            for key in (
                "atol",
                "rtol",
                "flops",
                "bytes",
                "reference_source",
                "reference_precision",
            ):
                if spec.get(key) is not None:
                    self.initial[key] = spec[key]
        if self.instance.pk:
            self.initial["tags_text"] = ", ".join(self.instance.tags or [])

    def _json(self, field: str, kind: type):
        raw = (self.cleaned_data.get(field) or "").strip()
        if not raw:
            return None
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            self.add_error(
                field, f"Not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
            )
            return None
        if not isinstance(value, kind):
            self.add_error(field, f"Must be a JSON {'list' if kind is list else 'object'}.")
            return None
        return value

    def clean(self):
        from runner.contract import ProblemSpec, SpecError

        data = super().clean()
        tags = [t.strip() for t in (data.get("tags_text") or "").split(",") if t.strip()]
        data["tags"] = tags
        sections = {key: self._json(field, kind) for key, (field, kind) in JSON_SECTIONS.items()}
        if self.errors:
            return data
        old = self.instance.spec or {}
        spec = {
            "slug": data.get("slug") or "",
            "title": data.get("title") or "",
            "difficulty": data.get("difficulty") or "",
            "tags": tags,
            "version": int(old.get("version", 1)),
            "atol": data.get("atol"),
            "rtol": data.get("rtol"),
            "reference_precision": data.get("reference_precision") or "native",
            "reference_source": data.get("reference_source") or "",
            "params": sections["params"] or [],
            "tests": sections["tests"] or [],
            "benchmarks": sections["benchmarks"] or [],
        }
        if sections["limits"]:
            spec["limits"] = sections["limits"]
        if old.get("error_bound"):  # not on the form: keep the package's fp32 error-bound rule
            spec["error_bound"] = old["error_bound"]
        for key in ("ties", "linear_module"):  # not on the form: keep the package's rules
            if old.get(key):
                spec[key] = old[key]
        for key in ("flops", "bytes"):
            raw = (data.get(key) or "").strip()
            if raw:
                spec[key] = int(raw) if raw.isdigit() else raw
        try:
            parsed = ProblemSpec.from_dict(spec)
        except SpecError as exc:
            message = str(exc)
            head = re.split(r"[\[.:]", message, maxsplit=1)[0].strip()
            field = ERROR_FIELDS.get(head) or ERROR_FIELDS.get(message.split(":")[0])
            self.add_error(field if field in self.fields else None, message)
            return data
        full = json.loads(json.dumps(parsed.to_dict(), default=str))
        full["statement"], full["starters"] = "", {}  # kept on the Problem row, not in the spec
        data["spec"] = full
        return data


class ProblemSolutionInline(admin.StackedInline):
    model = ProblemSolution
    extra = 0
    fields = (("name", "language", "expected_verdict"), "source")


@admin.register(Problem)
class ProblemAdmin(admin.ModelAdmin):
    form = ProblemAdminForm
    list_display = ("slug", "title", "difficulty", "version", "published", "from_catalog")
    list_filter = ("difficulty", "published", "from_catalog")
    search_fields = ("slug", "title")
    readonly_fields = ("version", "statement_preview", "content_hash", "created_at", "updated_at")
    inlines = [ProblemSolutionInline]
    actions = ["publish", "unpublish", "regenerate_starters"]
    fieldsets = (
        (None, {"fields": ("slug", "title", "difficulty", "tags_text", "published", "version")}),
        ("Statement", {"fields": ("statement", "statement_preview")}),
        ("Judging", {"fields": ("reference_source", "reference_precision", ("atol", "rtol"),
                                ("flops", "bytes"), "params_json", "tests_json",
                                "benchmarks_json", "limits_json")}),
        ("Starters", {"fields": ("generate_starters", "starters"), "classes": ("collapse",)}),
        ("Bookkeeping", {"fields": ("content_hash", "created_at", "updated_at"),
                         "classes": ("collapse",)}),
    )  # fmt: skip

    class Media:
        css = {"all": ("dist/app.css",)}
        js = ("dist/app.js", "web/admin-preview.js")

    @admin.display(description="Preview")
    def statement_preview(self, obj: Problem) -> str:
        # render_markdown escapes raw HTML in the statement, so its output is safe
        html = mark_safe(render_markdown(obj.statement)) if obj and obj.statement else ""  # noqa: S308
        return format_html(
            '<div class="kj-preview" id="kj-statement-preview" data-math '
            'data-preview-url="{}">{}</div>',
            reverse("admin:problems_problem_preview"),
            html,
        )

    def save_model(self, request: HttpRequest, obj: Problem, form, change: bool) -> None:
        spec = form.cleaned_data["spec"]
        if change:
            stored = Problem.objects.get(pk=obj.pk)
            obj.version = problem_version_after_edit(stored, new_spec=spec)
        obj.spec = spec
        obj.tags = form.cleaned_data["tags"]
        if form.cleaned_data.get("generate_starters") or not obj.starters:
            obj.starters = starters_from_spec(spec)
        super().save_model(request, obj, form, change)

    # -- actions ----------------------------------------------------------------------------

    @admin.action(description="Publish selected problems")
    def publish(self, request: HttpRequest, queryset):
        n = problems_set_published(list(queryset.values_list("pk", flat=True)), published=True)
        self.message_user(request, f"Published {n} problem(s).", messages.SUCCESS)

    @admin.action(description="Unpublish selected problems")
    def unpublish(self, request: HttpRequest, queryset):
        n = problems_set_published(list(queryset.values_list("pk", flat=True)), published=False)
        self.message_user(request, f"Unpublished {n} problem(s).", messages.SUCCESS)

    @admin.action(description="Regenerate starters from the signature")
    def regenerate_starters(self, request: HttpRequest, queryset):
        for problem in queryset:
            problem_regenerate_starters(problem)
        self.message_user(request, f"Regenerated starters of {queryset.count()} problem(s).")

    # -- extra pages ------------------------------------------------------------------------

    def get_urls(self):
        extra = [
            path("preview/", self.admin_site.admin_view(self.preview_view),
                 name="problems_problem_preview"),
            path("<int:pk>/publish/", self.admin_site.admin_view(self.publish_view),
                 name="problems_problem_publish"),
        ]  # fmt: skip
        return extra + super().get_urls()

    def preview_view(self, request: HttpRequest):
        """The statement as the problem page will show it (the change form's live preview)."""
        if request.method != "POST":
            return HttpResponse(status=405)
        return HttpResponse(render_markdown(request.POST.get("statement", "")))

    def publish_view(self, request: HttpRequest, pk: int):
        """The validation page's Publish button (POST): publish the problem, back to the page."""
        problem = get_object_or_404(Problem, pk=pk)
        if request.method != "POST":
            return HttpResponse(status=405)
        if not self.has_change_permission(request, problem):
            raise PermissionDenied
        problems_set_published([problem.pk], published=True)
        self.message_user(
            request, f"Published {problem.slug}: it is on the problem list now.", messages.SUCCESS
        )
        return HttpResponseRedirect(reverse("admin:problems_problem_validation", args=[pk]))
