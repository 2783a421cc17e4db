"""Writes for personal API tokens: create (returns the raw key once), revoke, mark used."""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from accounts.models import ApiToken

KEY_PREFIX = "kj_"
MAX_TOKENS_PER_USER = 50
LAST_USED_RESOLUTION = timedelta(seconds=60)


class TokenError(Exception):
    """A token operation the rules do not allow; `message` is for the user."""

    def __init__(self, message: str, code: str = "invalid", field: str | None = None) -> None:
        super().__init__(message)
        self.message, self.code, self.field = message, code, field


def key_hash(raw_key: str) -> str:
    return hashlib.sha256(raw_key.encode("utf-8")).hexdigest()


def token_create(user: Any, *, name: str) -> tuple[ApiToken, str]:
    """A new token for `user`; returns (token, raw_key). The raw key is never stored."""
    name = (name or "").strip()
    if not name:
        raise TokenError("Give the token a name, e.g. 'laptop'.", "invalid", "name")
    if len(name) > 100:
        raise TokenError("A token name is at most 100 characters.", "invalid", "name")
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
        raise TokenError(
            f"You already have {MAX_TOKENS_PER_USER} tokens; revoke one first.", "invalid", "name"
        )
    raw_key = KEY_PREFIX + secrets.token_hex(24)
    token = ApiToken.objects.create(
        user=user, name=name, prefix=raw_key[:8], key_hash=key_hash(raw_key)
    )
    return token, raw_key


def token_revoke(user: Any, *, token_id: int) -> bool:
    """Delete one of the user's tokens. False if the user has no token with that id."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def token_authenticate(raw_key: str) -> ApiToken | None:
    """The token with this key (its user active), marking it used (at most once a minute)."""
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=key_hash(raw_key), user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).filter(
            Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - LAST_USED_RESOLUTION)
        ).update(last_used_at=now)
        token.last_used_at = now
    return token


@dataclass(frozen=True)
class DemoAdmin:
    username: str
    password: str
    token: str


DEMO_TOKEN_NAME = "demo"


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text + "\n")
    os.chmod(path, 0o600)


def demo_admin_ensure(*, username: str, var_dir: Path) -> DemoAdmin:
    """The demo superuser of `make run`, created once with a random password; its password
    and API token are kept in var_dir (mode 0600) so every run shows the same ones. The token
    is replaced only when it no longer works (revoked, or the file lost): only its hash is in
    the database, so the file is where the raw key lives."""
    password_file, token_file = var_dir / "demo-admin.txt", var_dir / "demo-admin-token.txt"
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        password = secrets.token_urlsafe(12)
        user = User.objects.create_superuser(username, f"{username}@localhost", password)
        _write_private(password_file, password)
        token_file.unlink(missing_ok=True)
    elif password_file.is_file():
        password = password_file.read_text().strip()
    else:
        password = "(unchanged; set one with: python manage.py changepassword)"
    raw_key = token_file.read_text().strip() if token_file.is_file() else ""
    if not raw_key or not ApiToken.objects.filter(user=user, key_hash=key_hash(raw_key)).exists():
        ApiToken.objects.filter(user=user, name=DEMO_TOKEN_NAME).delete()
        _, raw_key = token_create(user, name=DEMO_TOKEN_NAME)
        _write_private(token_file, raw_key)
    return DemoAdmin(username=username, password=password, token=raw_key)
