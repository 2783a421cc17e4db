"""GET /api/v1/contests/{slug}/board/ (JSON, with the caller's own live row) and
/board/csv/ (the same board as CSV)."""

from __future__ import annotations

import csv
import io
import json

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request

from contests.api.common import SLUG_PARAM, readable_contest
from contests.models import Contest, Participation
from contests.selectors.access import contest_organises, contest_visible, entry_of
from contests.selectors.board import Board, board_csv_rows, contest_boards, entry_row
from judge.api.errors import ApiError

LIVE_PARAM = OpenApiParameter(
    "live", bool, description="organisers: the board without its freeze", required=False
)


def board_for(request: Request, slug: str) -> tuple[Contest, Board, Board, Participation | None]:
    """The contest, the board the caller asked for and may see, the organisers' board, and
    the caller's entry."""
    user = request.user
    contest = readable_contest(user, slug)
    entry = entry_of(user, contest) if user.is_authenticated else None
    if entry is None and not contest_visible(user, contest):
        raise ApiError("not_found", f"There is no contest {slug!r}.", 404)
    live = request.query_params.get("live") in ("1", "true") and contest_organises(user, contest)
    public, organisers = contest_boards(contest)
    return contest, organisers if live else public, organisers, entry


class ContestBoardView(GenericAPIView):
    permission_classes = [AllowAny]

    class BoardSerializer(serializers.Serializer):
        contest = serializers.CharField()
        scoring = serializers.CharField()
        frozen = serializers.BooleanField(help_text="results from freeze_at on show as pending")
        freeze_at = serializers.DateTimeField(allow_null=True)
        devices = serializers.ListField(child=serializers.CharField())
        problems = serializers.ListField(child=serializers.DictField())
        rows = serializers.ListField(
            child=serializers.DictField(),
            help_text="rank, entry, name, members, virtual, solved, penalty, points, "
            "rank_sum, cells{label: solved, rejected, pending, minute, points, rank, best_ms}",
        )
        me = serializers.DictField(allow_null=True, help_text="the caller's own row, live")

    serializer_class = BoardSerializer

    @extend_schema(parameters=[SLUG_PARAM, LIVE_PARAM], responses=BoardSerializer)
    def get(self, request: Request, slug: str) -> HttpResponse:
        contest, board, organisers, entry = board_for(request, slug)
        me = entry_row(contest, entry, organisers) if entry is not None else None
        body = f'{board.json_head},"me":{json.dumps(me, separators=(",", ":"))}}}'
        return HttpResponse(body, content_type="application/json")


class CsvRenderer(BaseRenderer):
    """Lets a client ask for text/csv; an error body is still the API's JSON."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        return data.encode() if isinstance(data, str) else json.dumps(data).encode()


class ContestBoardCsvView(GenericAPIView):
    """The board as CSV: a header, then a line per entry (a column per problem and per
    problem x device)."""

    permission_classes = [AllowAny]
    renderer_classes = [CsvRenderer, JSONRenderer]

    @extend_schema(parameters=[SLUG_PARAM, LIVE_PARAM],
                   responses={(200, "text/csv"): OpenApiTypes.STR})  # fmt: skip
    def get(self, request: Request, slug: str) -> HttpResponse:
        contest, board, _, _ = board_for(request, slug)
        text = io.StringIO()
        csv.writer(text).writerows(board_csv_rows(board))
        response = HttpResponse(text.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{contest.slug}-board.csv"'
        return response
