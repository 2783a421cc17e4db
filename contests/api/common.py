"""What the contest API views share: the contest a caller may read (else 404), the
organiser check (else 403), domain errors in the API's one error shape."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from contests.errors import ContestRefused
from contests.models import Contest
from contests.selectors.access import contest_get, contest_organises, contest_readable
from judge.api.errors import ApiError
from judge.api.fields import StrictCharField
from judge.models import Mode

SLUG_PARAM = OpenApiParameter("slug", str, OpenApiParameter.PATH)


def api_error(exc: ContestRefused) -> ApiError:
    fields = {exc.field: [exc.message]} if exc.field else None
    return ApiError(exc.code, exc.message, exc.status, fields)


def refusals_as_api_errors(view: Callable) -> Callable:
    """A view method whose ContestRefused becomes the API's error (status, code, field)."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        try:
            return view(*args, **kwargs)
        except ContestRefused as exc:
            raise api_error(exc) from None

    return wrapped


def readable_contest(user: Any, slug: str) -> Contest:
    contest = contest_get(slug)
    if contest is None or not contest_readable(user, contest):
        raise ApiError("not_found", f"There is no contest {slug!r}.", 404)
    return contest


def organised_contest(user: Any, slug: str) -> Contest:
    contest = readable_contest(user, slug)
    if not contest_organises(user, contest):
        raise ApiError("permission_denied", "Only the contest's organisers may do this.", 403)
    return contest


class SubmitFieldsSerializer(serializers.Serializer):
    """What a contest's and a group's submission share; each names its own ``problem``."""

    language = StrictCharField(max_length=16)
    device = StrictCharField(max_length=32, required=False)
    mode = serializers.ChoiceField(choices=(Mode.SUBMIT, Mode.RUN), default=Mode.SUBMIT)
    source = StrictCharField(trim_whitespace=False, allow_blank=True)
