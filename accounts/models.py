"""Personal API tokens. Only a SHA-256 hash of the key is stored; the key is shown once."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    prefix = models.CharField(
        max_length=16, help_text="first characters of the key, to tell keys apart"
    )
    key_hash = models.CharField(max_length=64, unique=True, help_text="sha256 hex of the key")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.name} ({self.prefix}...)"
