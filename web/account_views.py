"""Sign up, log in, log out, and the profile (solved problems, submissions, API tokens)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts.selectors import tokens_for_user
from accounts.services import TokenError, token_create, token_revoke
from judge.submissions.selectors import problems_solved_by, submissions_for_user
from problems.models import Problem
from web.verdicts import LANGUAGE_LABELS, STATUS_LABELS, VERDICT_LABELS


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional; only for password resets.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


def _next_url(request: HttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return target
    return default


def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.username}! Pick a problem to start.")
            return redirect(_next_url(request, "/"))
    else:
        form = SignupForm()
    return render(request, "web/signup.html", {"form": form, "next": _next_url(request, "")})


class TokenForm(forms.Form):
    name = forms.CharField(max_length=100, label="Token name", help_text="e.g. laptop, CI")


@login_required(login_url="login")
def profile(request: HttpRequest) -> HttpResponse:
    solved_ids = problems_solved_by(request.user)
    submissions = list(submissions_for_user(request.user)[:50])
    for s in submissions:
        s.verdict_label = VERDICT_LABELS.get(s.verdict, "")
        s.status_label = STATUS_LABELS.get(s.status, s.status)
        s.language_label = LANGUAGE_LABELS.get(s.language, s.language)
    context = {
        "solved": Problem.objects.filter(pk__in=solved_ids).order_by("slug"),
        "submissions": submissions,
        "tokens": tokens_for_user(request.user),
        "token_form": TokenForm(),
        "new_key": request.session.pop("kj_new_token_key", None),
    }
    return render(request, "web/profile.html", context)


@login_required(login_url="login")
@require_POST
def token_new(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST)
    if form.is_valid():
        try:
            _, raw_key = token_create(request.user, name=form.cleaned_data["name"])
        except TokenError as exc:
            messages.error(request, exc.message)
        else:
            # Shown once, on the next page view, then forgotten.
            request.session["kj_new_token_key"] = raw_key
    else:
        messages.error(request, "Give the token a name (at most 100 characters).")
    return redirect("/accounts/profile/#tokens")


@login_required(login_url="login")
@require_POST
def token_delete(request: HttpRequest, token_id: int) -> HttpResponse:
    if token_revoke(request.user, token_id=token_id):
        messages.success(request, "Token revoked. Scripts using it can no longer sign in.")
    else:
        messages.error(request, "No such token.")
    return redirect("/accounts/profile/#tokens")
