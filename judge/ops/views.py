"""/healthz and /metrics: plain Django views (no session, no CSRF, no DRF)."""

from __future__ import annotations

import hmac

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST

from judge.ops.metrics import render
from judge.ops.observability import health


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer, else 503; lists the live workers."""
    ok, body = health()
    return JsonResponse(body, status=200 if ok else 503)


@never_cache
@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    token = settings.KJ_METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        if not hmac.compare_digest(given.encode(), token.encode()):
            return HttpResponse("metrics need the bearer token\n", status=401)
    return HttpResponse(render(), content_type=CONTENT_TYPE_LATEST)
