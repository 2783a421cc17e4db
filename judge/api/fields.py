"""Strict input fields: DRF's CharField turns 42 into "42"; the API's text fields take JSON
strings only, so a client that sends the wrong type hears about it (400) instead of having
its number judged as source code."""

from __future__ import annotations

from rest_framework import serializers


class StrictStringMixin:
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(StrictStringMixin, serializers.CharField):
    default_error_messages = {"invalid": "Must be a string."}


class StrictSlugField(StrictStringMixin, serializers.SlugField):
    pass  # SlugField's own message: 'Enter a valid "slug" consisting of ...'
