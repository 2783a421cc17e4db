"""GET /api/v1/leaderboards/{slug}/ (problem x device x language) and /api/v1/leaderboards/."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from judge.api.errors import ApiError
from judge.leaderboards.selectors import (
    LeaderboardEntry,
    LeaderboardRows,
    leaderboard_default_device,
    leaderboard_global,
)
from problems.selectors import problem_header_get_published

_timestamp = serializers.DateTimeField()


def entry_data(entry: LeaderboardEntry, device: str) -> dict:
    """What LeaderboardEntrySerializer gives for an entry, built directly: the serializer's
    per-field machinery was a quarter of this view's time (docs/performance.md)."""
    return {
        "rank": entry.rank,
        "user": entry.username,
        "score_ms": entry.score_ms,
        "language": entry.language,
        "device": device,
        "submitted_at": _timestamp.to_representation(entry.created_at),
        "percentile": entry.percentile,
        "submission_id": entry.submission_id,
    }


class ProblemLeaderboardView(GenericAPIView):
    permission_classes = [AllowAny]

    class LeaderboardFilterSerializer(serializers.Serializer):
        device = serializers.CharField(
            max_length=32, required=False, help_text="default: the device with most entries"
        )
        language = serializers.CharField(max_length=16, required=False)

    class LeaderboardEntrySerializer(serializers.Serializer):
        rank = serializers.IntegerField()
        user = serializers.CharField(source="username")
        score_ms = serializers.FloatField()
        language = serializers.CharField()
        device = serializers.CharField()
        submitted_at = serializers.DateTimeField(source="created_at")
        percentile = serializers.FloatField()
        submission_id = serializers.IntegerField()

    serializer_class = LeaderboardEntrySerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("slug", str, OpenApiParameter.PATH),
            LeaderboardFilterSerializer,
        ],
        responses=LeaderboardEntrySerializer(many=True),
    )
    def get(self, request: Request, slug: str) -> Response:
        problem = problem_header_get_published(slug)
        if problem is None:
            raise ApiError("not_found", f"There is no problem {slug!r}.", 404)
        filters = self.LeaderboardFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        device = filters.validated_data.get("device") or leaderboard_default_device(problem)
        language = filters.validated_data.get("language") or None
        entries = LeaderboardRows(problem, device, language)
        page = [entry_data(e, device) for e in self.paginate_queryset(entries)]
        response = self.get_paginated_response(page)
        response.data.update({"problem": problem.slug, "device": device, "language": language})
        return response


class GlobalLeaderboardView(GenericAPIView):
    permission_classes = [AllowAny]

    class GlobalLeaderboardEntrySerializer(serializers.Serializer):
        rank = serializers.IntegerField()
        user = serializers.CharField(source="username")
        solved = serializers.IntegerField()
        rank_sum = serializers.IntegerField(help_text="sum of best per-problem ranks")

    serializer_class = GlobalLeaderboardEntrySerializer

    @extend_schema(
        operation_id="v1_leaderboards_global", responses=GlobalLeaderboardEntrySerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(leaderboard_global())
        return self.get_paginated_response(
            self.GlobalLeaderboardEntrySerializer(page, many=True).data
        )
