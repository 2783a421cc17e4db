"""Reads for personal API tokens."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from accounts.models import ApiToken


def tokens_for_user(user: Any) -> QuerySet[ApiToken]:
    """The user's tokens, newest first (never the key: only its prefix is kept)."""
    return ApiToken.objects.filter(user=user).order_by("-created_at", "-pk")
