"""The API's one error shape: {"error": {"code", "message", "fields"}} (docs/api.md)."""

from __future__ import annotations

from rest_framework import status
from rest_framework.response import Response

from judge.errors import SubmissionRefused


def error_response(
    code: str, message: str, http_status: int, fields: dict | None = None
) -> Response:
    body: dict = {"code": code, "message": message}
    if fields:
        body["fields"] = fields
    return Response({"error": body}, status=http_status)


def refused_response(exc: SubmissionRefused) -> Response:
    if exc.code == "rate_limited":
        response = error_response(exc.code, exc.message, status.HTTP_429_TOO_MANY_REQUESTS)
        if exc.retry_after_s:
            response["Retry-After"] = str(exc.retry_after_s)
        return response
    fields = {exc.field: [exc.message]} if exc.field else None
    return error_response(exc.code, exc.message, status.HTTP_400_BAD_REQUEST, fields)
