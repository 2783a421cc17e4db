"""GET /api/v1/submissions/{id}/events/: server-sent events for one submission.

A plain streaming response that polls the submission row every KJ_SSE_POLL_S seconds: one
`progress` event per new runner event or status change, then a final `done` event (status,
verdict, message) and the stream ends. It also ends after KJ_SSE_MAX_S seconds (the client
then reconnects or polls), so a sync worker (runserver, gunicorn) is never held forever. A
`: keep-alive` comment goes out every ~15 s so proxies keep the connection open."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from django.conf import settings
from django.db import close_old_connections
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request

from judge.api.submissions import ID_PARAM, get_visible_or_404
from judge.models import FINAL_STATUSES, Submission

KEEPALIVE_S = 15.0


class EventStreamRenderer(BaseRenderer):
    """Lets clients send `Accept: text/event-stream`; errors still go out as JSON."""

    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data).encode()


def sse(event: str, data: dict) -> str:
    return f"event: {event}\ndata: {json.dumps(data, default=str)}\n\n"


def event_stream(submission_id: int) -> Iterator[str]:
    poll = max(0.05, settings.KJ_SSE_POLL_S)
    end = time.monotonic() + settings.KJ_SSE_MAX_S
    sent, last_status, last_beat = 0, None, time.monotonic()
    yield "retry: 2000\n\n"
    try:
        while True:
            row = (
                Submission.objects.filter(pk=submission_id)
                .values("status", "verdict", "message", "progress", "score")
                .first()
            )
            if row is None:
                yield sse("done", {"status": "deleted", "verdict": "", "message": ""})
                return
            progress = row["progress"] or []
            if len(progress) < sent:  # a new attempt started over
                sent = 0
            for event in progress[sent:]:
                if isinstance(event, dict) and event.get("phase") != "done":
                    yield sse("progress", {**event, "status": row["status"]})
            sent = len(progress)
            if row["status"] != last_status and row["status"] not in FINAL_STATUSES:
                yield sse("progress", {"phase": row["status"], "status": row["status"]})
            last_status = row["status"]
            if row["status"] in FINAL_STATUSES:
                yield sse(
                    "done",
                    {
                        "status": row["status"],
                        "verdict": row["verdict"],
                        "message": row["message"],
                        "score_ms": row["score"],
                    },
                )
                return
            now = time.monotonic()
            if now > end:
                yield sse("timeout", {"status": row["status"], "reconnect": True})
                return
            if now - last_beat > KEEPALIVE_S:
                yield ": keep-alive\n\n"
                last_beat = now
            time.sleep(poll)
    finally:
        close_old_connections()


class SubmissionEventsView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer, EventStreamRenderer]

    @extend_schema(
        parameters=[ID_PARAM],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                OpenApiTypes.STR, description="`progress` events, then one `done` event"
            )
        },
    )
    def get(self, request: Request, pk: int) -> StreamingHttpResponse:
        submission = get_visible_or_404(request.user, pk)
        response = StreamingHttpResponse(
            event_stream(submission.pk), content_type="text/event-stream"
        )
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
        return response
