"""Forms of the contest pages: a new contest, an organiser's edit, a contest submission."""

from __future__ import annotations

from django import forms

from contests.models import Access, Scoring
from runner.contract import LANGUAGES

DATETIME = forms.DateTimeInput(
    attrs={"type": "datetime-local", "step": "1"}, format="%Y-%m-%dT%H:%M:%S"
)


class ContestForm(forms.Form):
    title = forms.CharField(max_length=200)
    slug = forms.SlugField(max_length=100, help_text="its address: lowercase, digits, dashes")
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    group = forms.ChoiceField(required=False, help_text="a group's contest is for its members")
    access = forms.ChoiceField(choices=Access.choices, initial=Access.CODE)
    starts_at = forms.DateTimeField(widget=DATETIME, label="Starts (UTC)")
    ends_at = forms.DateTimeField(widget=DATETIME, label="Ends (UTC)")
    window_minutes = forms.IntegerField(
        min_value=1, required=False, label="Own window (minutes)",
        help_text="empty: one window for all; else each entry starts its own inside the period",
    )  # fmt: skip
    scoring = forms.ChoiceField(choices=Scoring.choices)
    freeze_minutes = forms.IntegerField(min_value=0, initial=0, label="Freeze (minutes)")
    devices = forms.CharField(initial="cpu", help_text="comma-separated: cpu, gpu-h200, ...")
    languages = forms.CharField(required=False, help_text="comma-separated; empty: all")
    team_size_max = forms.IntegerField(min_value=1, max_value=100, initial=1, label="Team size")
    problems = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="one per line: slug points (e.g. vector-add 100); labelled A, B, ...",
    )
    gpu_quota = forms.IntegerField(min_value=0, required=False, label="GPU quota per entry")
    rate_limit_count = forms.IntegerField(min_value=1, required=False,
                                          label="Submissions per minute per entry")  # fmt: skip

    def __init__(self, *args, groups=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["group"].choices = [("", "(none)")] + [(g.slug, g.name) for g in groups]

    def clean_devices(self) -> list[str]:
        return [d.strip() for d in self.cleaned_data["devices"].split(",") if d.strip()]

    def clean_languages(self) -> list[str]:
        chosen = [x.strip() for x in self.cleaned_data["languages"].split(",") if x.strip()]
        unknown = [x for x in chosen if x not in LANGUAGES]
        if unknown:
            raise forms.ValidationError(f"Unknown: {', '.join(unknown)}.")
        return chosen

    def clean_problems(self) -> list[tuple[str, int]]:
        rows = []
        for line in self.cleaned_data["problems"].splitlines():
            parts = line.split()
            if not parts:
                continue
            if len(parts) > 2 or (len(parts) == 2 and not parts[1].isdigit()):
                raise forms.ValidationError(f"Write 'slug points', not {line.strip()!r}.")
            rows.append((parts[0], int(parts[1]) if len(parts) == 2 else 100))
        if not rows:
            raise forms.ValidationError("Name one problem at least.")
        return rows


class ContestEditForm(forms.Form):
    starts_at = forms.DateTimeField(widget=DATETIME, label="Starts (UTC)")
    ends_at = forms.DateTimeField(widget=DATETIME, label="Ends (UTC)")
    freeze_minutes = forms.IntegerField(min_value=0, label="Freeze (minutes)")
    registration_open = forms.BooleanField(required=False)


class ContestSubmitForm(forms.Form):
    language = forms.ChoiceField()
    device = forms.ChoiceField()
    source = forms.CharField(widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
                             strip=False)  # fmt: skip

    def __init__(self, *args, languages=(), devices=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [(x, x) for x in languages]
        self.fields["device"].choices = [(d, d) for d in devices]
