"""The API's one error shape: {"error": {"code", "message", "fields"}} (docs/api.md).

`exception_handler` (settings.REST_FRAMEWORK["EXCEPTION_HANDLER"]) turns every DRF and Django
error a view raises into it, so views and throttles never build error bodies by hand."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response

from judge.errors import SubmissionRefused

CODES = {
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "rate_limited",
    exceptions.ParseError: "invalid",
    exceptions.ValidationError: "invalid",
}


class ApiError(exceptions.APIException):
    """A domain error a view raises: its own code, status, message and field messages."""

    def __init__(
        self, code: str, message: str, http_status: int = 400, fields: dict | None = None
    ) -> None:
        super().__init__(message)
        self.code, self.message, self.status_code, self.fields = code, message, http_status, fields


def error_response(
    code: str, message: str, http_status: int, fields: dict | None = None
) -> Response:
    body: dict = {"code": code, "message": message}
    if fields:
        body["fields"] = fields
    return Response({"error": body}, status=http_status)


def too_large_message() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return f"The request body is too large (the limit is {limit // 1024} KiB)."


def refused_response(exc: SubmissionRefused) -> Response:
    if exc.code == "rate_limited":
        response = error_response(exc.code, exc.message, status.HTTP_429_TOO_MANY_REQUESTS)
        if exc.retry_after_s:
            response["Retry-After"] = str(exc.retry_after_s)
        return response
    if exc.code == "not_cancellable":
        return error_response(exc.code, exc.message, status.HTTP_409_CONFLICT)
    fields = {exc.field: [exc.message]} if exc.field else None
    return error_response(exc.code, exc.message, status.HTTP_400_BAD_REQUEST, fields)


def _flatten(detail) -> dict[str, list[str]]:
    """DRF's nested ValidationError detail -> {"field": ["message", ...]}."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            if isinstance(value, dict):
                for sub, msgs in _flatten(value).items():
                    out[f"{key}.{sub}"] = msgs
            elif isinstance(value, list):
                out[str(key)] = [str(v) for v in value if not isinstance(v, dict | list)] or [
                    str(value)
                ]
            else:
                out[str(key)] = [str(value)]
        return out
    if isinstance(detail, list):
        return {"non_field_errors": [str(d) for d in detail]}
    return {"non_field_errors": [str(detail)]}


def validation_message(fields: dict[str, list[str]]) -> str:
    parts = []
    for field, messages in fields.items():
        text = " ".join(messages)
        parts.append(text if field == "non_field_errors" else f"{field}: {text}")
    return "Invalid input. " + " ".join(parts) if parts else "Invalid input."


def exception_handler(exc, context) -> Response | None:
    if isinstance(exc, SubmissionRefused):
        return refused_response(exc)
    if isinstance(exc, ApiError):
        return error_response(exc.code, exc.message, exc.status_code, exc.fields)
    if isinstance(exc, RequestDataTooBig):  # a body without a Content-Length, read too far
        return error_response("too_large", too_large_message(), 413)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound("Not found.")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: Django's 500 handling (logged) takes over
    code = next((c for cls, c in CODES.items() if isinstance(exc, cls)), "error")
    fields = None
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(exc.detail)
        message = validation_message(fields)
    elif isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait or 1) if exc.wait is not None else None
        message = "Too many requests." + (
            f" Please wait {wait} seconds and try again." if wait else ""
        )
    elif isinstance(exc, exceptions.NotAuthenticated):
        message = (
            "Authentication required: log in, or send 'Authorization: Token <key>' with a "
            "personal API token from your profile page."
        )
    else:
        message = str(exc.detail) if not isinstance(exc.detail, dict | list) else str(exc)
    response = error_response(code, message, exc.status_code, fields)
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        response["WWW-Authenticate"] = auth_header
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        response["Retry-After"] = str(max(1, int(exc.wait + 0.999)))
    return response


@csrf_exempt
def api_not_found(request, *args, **kwargs):
    """Unknown /api/v1/ paths: the one error shape instead of Django's HTML 404."""
    from django.http import JsonResponse

    return JsonResponse(
        {"error": {"code": "not_found", "message": f"No API endpoint at {request.path}."}},
        status=404,
    )
