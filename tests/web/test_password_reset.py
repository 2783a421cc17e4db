"""Password reset through Django's auth flow: the form, the email (locmem in tests; the
console by default, SMTP when EMAIL_HOST is set), the link, the new password."""

from __future__ import annotations

import importlib
import re

import pytest
from django.core import mail

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_reset_by_email_link_sets_a_new_password(client):
    user = UserFactory(username="ada", email="ada@example.com")
    login = client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password-reset/"' in login
    r = client.post("/accounts/password-reset/", {"email": "ada@example.com"}, follow=True)
    assert "Check your email" in r.content.decode()
    [message] = mail.outbox
    assert (
        message.to == ["ada@example.com"] and "Reset your KernelJudge password" in message.subject
    )
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    new = "a-Much-better-pw-42"
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}, follow=True
    )
    assert "Password changed" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password(new)
    again = client.get(link, follow=True).content.decode()
    assert "This link does not work" in again  # used once


def test_an_unknown_address_sends_nothing_and_says_the_same(client):
    r = client.post("/accounts/password-reset/", {"email": "nobody@example.com"}, follow=True)
    assert "Check your email" in r.content.decode() and mail.outbox == []


def test_email_backend_is_console_by_default_and_smtp_with_email_host(monkeypatch):
    import config.settings as settings_module

    for name in ("EMAIL_HOST", "EMAIL_BACKEND", "EMAIL_PORT", "EMAIL_USE_TLS"):
        monkeypatch.delenv(name, raising=False)
    try:
        plain = importlib.reload(settings_module)
        assert plain.EMAIL_BACKEND.endswith("console.EmailBackend")
        monkeypatch.setenv("EMAIL_HOST", "smtp.example.com")
        monkeypatch.setenv("EMAIL_HOST_USER", "judge")
        smtp = importlib.reload(settings_module)
        assert smtp.EMAIL_BACKEND.endswith("smtp.EmailBackend")
        assert (smtp.EMAIL_HOST, smtp.EMAIL_PORT, smtp.EMAIL_USE_TLS) == (
            "smtp.example.com", 587, True,
        )  # fmt: skip
        assert smtp.EMAIL_HOST_USER == "judge"
    finally:
        monkeypatch.undo()
        importlib.reload(settings_module)
