"""GET /api/v1/problems/ and GET /api/v1/problems/{slug}/"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from judge.api.errors import ApiError
from judge.problem_stats import problem_list_for_api
from judge.rules import languages_offered
from judge.submissions.selectors import problems_first_solved_at, problems_solved_by
from judge.worker.selectors import devices_live
from problems.models import Difficulty
from problems.selectors import problem_get_published
from problems.starters import signatures


class ProblemListView(GenericAPIView):
    permission_classes = [AllowAny]

    class ProblemFilterSerializer(serializers.Serializer):
        difficulty = serializers.ChoiceField(choices=Difficulty.values, required=False)
        tag = serializers.CharField(max_length=50, required=False)
        search = serializers.CharField(max_length=100, required=False)

    class ProblemSummarySerializer(serializers.Serializer):
        slug = serializers.CharField()
        title = serializers.CharField()
        difficulty = serializers.CharField()
        tags = serializers.ListField(child=serializers.CharField())
        version = serializers.IntegerField()
        solved = serializers.BooleanField()
        acceptance_rate = serializers.FloatField(
            allow_null=True, help_text="accepted / judged submits, 0..1; null before any"
        )
        submissions = serializers.IntegerField(source="submission_count")
        submission_count = serializers.IntegerField()
        solved_by = serializers.IntegerField()

    serializer_class = ProblemSummarySerializer

    @extend_schema(
        parameters=[ProblemFilterSerializer], responses=ProblemSummarySerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        filters = self.ProblemFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        solved_at = problems_first_solved_at(request.user)
        problems = problem_list_for_api(**filters.validated_data, viewer_solves=solved_at)
        solved = set(solved_at)
        for p in problems:
            p.solved = p.pk in solved
        page = self.paginate_queryset(problems)
        return self.get_paginated_response(self.ProblemSummarySerializer(page, many=True).data)


class ProblemDetailView(GenericAPIView):
    permission_classes = [AllowAny]

    class ProblemParamSerializer(serializers.Serializer):
        name = serializers.CharField()
        dtype = serializers.CharField()
        role = serializers.CharField()
        shape = serializers.ListField(child=serializers.CharField())

    class ProblemDeviceSerializer(serializers.Serializer):
        kind = serializers.CharField()
        live_workers = serializers.IntegerField()
        languages = serializers.ListField(child=serializers.CharField())

    class ProblemDetailSerializer(serializers.Serializer):
        slug = serializers.CharField()
        title = serializers.CharField()
        difficulty = serializers.CharField()
        tags = serializers.ListField(child=serializers.CharField())
        version = serializers.IntegerField()
        statement = serializers.CharField(help_text="Markdown with LaTeX math")
        signature = serializers.DictField(child=serializers.CharField())
        params = serializers.ListField(child=serializers.DictField())
        starters = serializers.DictField(child=serializers.CharField())
        languages = serializers.ListField(child=serializers.CharField())
        devices = serializers.ListField(child=serializers.DictField())
        atol = serializers.FloatField()
        rtol = serializers.FloatField()
        solved = serializers.BooleanField()

    serializer_class = ProblemDetailSerializer

    @extend_schema(
        parameters=[OpenApiParameter("slug", str, OpenApiParameter.PATH)],
        responses=ProblemDetailSerializer,
    )
    def get(self, request: Request, slug: str) -> Response:
        problem = problem_get_published(slug)
        if problem is None:
            raise ApiError("not_found", f"There is no problem {slug!r}.", 404)
        spec = problem.spec or {}
        params = [
            {
                "name": p.get("name"),
                "dtype": p.get("dtype"),
                "role": p.get("role"),
                "shape": [str(d) for d in p.get("shape") or []],
            }
            for p in spec.get("params") or []
        ]
        devices = [
            {
                "kind": d.kind,
                "live_workers": d.live_workers,
                "languages": list(languages_offered(d.kind)),
            }
            for d in devices_live()
        ]
        data = {
            "slug": problem.slug,
            "title": problem.title,
            "difficulty": problem.difficulty,
            "tags": problem.tags or [],
            "version": problem.version,
            "statement": problem.statement,
            "signature": signatures(spec),
            "params": params,
            "starters": problem.starters or {},
            "languages": list(languages_offered()),
            "devices": devices,
            "atol": spec.get("atol", 0.0),
            "rtol": spec.get("rtol", 0.0),
            "solved": problem.pk in problems_solved_by(request.user),
        }
        return Response(self.ProblemDetailSerializer(data).data)
