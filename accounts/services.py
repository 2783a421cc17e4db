"""Writes for personal API tokens: create (returns the raw key once), revoke, mark used."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

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


def token_create(user: Any, name: str) -> tuple[ApiToken, str]:
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


def token_revoke(user: Any, token_id: int) -> bool:
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
