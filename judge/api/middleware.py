"""The API answers every failure in its one JSON error shape, also where no DRF view runs:
a body over DATA_UPLOAD_MAX_MEMORY_SIZE (413, refused from its Content-Length before it is
read), an exception that escapes a view (500, logged), and any HTML error page that an inner
layer (Django's CSRF or 404/500 handling) produced for an /api/ path."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse

from judge.api.errors import too_large_message

logger = logging.getLogger("judge.api")

API_PREFIX = "/api/"
MESSAGES = {
    400: ("invalid", "Bad request."),
    403: ("permission_denied", "You do not have permission to perform this action."),
    404: ("not_found", "Not found."),
    405: ("method_not_allowed", "Method not allowed."),
    413: ("too_large", "The request body is too large."),
    500: ("server_error", "Internal server error: the failure was logged."),
}


def json_error(code: str, message: str, http_status: int) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message}}, status=http_status)


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class ApiJsonErrorsMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and _content_length(request) > limit:
            return json_error("too_large", too_large_message(), 413)
        response = self.get_response(request)
        if response.status_code >= 400 and not _is_json(response):
            code, message = MESSAGES.get(response.status_code, ("error", response.reason_phrase))
            return json_error(code, message, response.status_code)
        return response

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not request.path.startswith(API_PREFIX):
            return None
        if isinstance(exc, RequestDataTooBig):
            return json_error("too_large", too_large_message(), 413)
        logger.exception("unhandled error in %s %s", request.method, request.path)
        return json_error(*MESSAGES[500], 500)


def _is_json(response: HttpResponse) -> bool:
    content_type = response.get("Content-Type", "")
    return content_type.startswith("application/json") or content_type.startswith(
        "text/event-stream"
    )
