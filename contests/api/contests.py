"""GET/POST /api/v1/contests/ and GET /api/v1/contests/{slug}/."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from contests.api.common import SLUG_PARAM, readable_contest, refusals_as_api_errors
from contests.models import Access, Contest, Scoring
from contests.selectors.access import (
    contest_organises,
    contest_problems,
    contest_problems_open,
    contests_visible,
    entries_of,
)
from contests.selectors.groups import group_get
from contests.services.contests import contest_create
from contests.windows import contest_phase, entry_window, freeze_at
from judge.api.errors import ApiError
from judge.api.fields import StrictCharField, StrictSlugField
from problems.models import Problem


class ContestSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    group = serializers.CharField(allow_null=True)
    access = serializers.ChoiceField(choices=Access.values)
    registration_open = serializers.BooleanField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    window_minutes = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField(help_text="upcoming, running or ended")
    scoring = serializers.ChoiceField(choices=Scoring.values)
    penalty_minutes = serializers.IntegerField()
    speed_cap = serializers.FloatField()
    freeze_at = serializers.DateTimeField(allow_null=True)
    unfrozen = serializers.BooleanField()
    devices = serializers.ListField(child=serializers.CharField())
    languages = serializers.ListField(child=serializers.CharField(), help_text="[]: all")
    team_size_max = serializers.IntegerField()
    allow_virtual = serializers.BooleanField()
    rate_limit_count = serializers.IntegerField(allow_null=True)
    rate_limit_window_s = serializers.IntegerField()
    gpu_quota = serializers.IntegerField(allow_null=True)
    organiser = serializers.BooleanField(help_text="the caller organises it")
    problems = serializers.ListField(
        child=serializers.DictField(), allow_null=True,
        help_text="label, slug, title, points: once the caller's window has started",
    )  # fmt: skip
    entries = serializers.ListField(child=serializers.DictField(), help_text="the caller's")
    join_code = serializers.CharField(required=False, help_text="organisers only")
    invite_token = serializers.CharField(required=False, help_text="organisers only")


def contest_data(contest: Contest, user: Any, *, full: bool = False) -> dict:
    now = timezone.now()
    organiser = contest_organises(user, contest)
    data = {
        "slug": contest.slug, "title": contest.title, "description": contest.description,
        "group": contest.group.slug if contest.group_id else None, "access": contest.access,
        "registration_open": contest.registration_open, "starts_at": contest.starts_at,
        "ends_at": contest.ends_at, "window_minutes": contest.window_minutes,
        "phase": contest_phase(contest, now), "scoring": contest.scoring,
        "penalty_minutes": contest.penalty_minutes, "speed_cap": contest.speed_cap,
        "freeze_at": freeze_at(contest), "unfrozen": contest.unfrozen_at is not None,
        "devices": contest.devices, "languages": contest.languages,
        "team_size_max": contest.team_size_max, "allow_virtual": contest.allow_virtual,
        "rate_limit_count": contest.rate_limit_count,
        "rate_limit_window_s": contest.rate_limit_window_s, "gpu_quota": contest.gpu_quota,
        "organiser": organiser, "problems": None, "entries": [],
    }  # fmt: skip
    if not full:
        return data
    if contest_problems_open(user, contest, now):
        data["problems"] = [
            {"label": p.label, "slug": p.problem.slug, "title": p.problem.title,
             "points": p.points}
            for p in contest_problems(contest)
        ]  # fmt: skip
    for entry in entries_of(user, contest):
        window = entry_window(contest, entry)
        data["entries"].append({
            "id": entry.pk, "name": entry.name, "virtual": entry.virtual,
            "team_code": entry.team_code, "disqualified": entry.disqualified_at is not None,
            "window_start": window[0] if window else None,
            "window_end": window[1] if window else None,
        })  # fmt: skip
    if organiser:
        data["join_code"] = contest.join_code
        data["invite_token"] = contest.invite_token
    return data


class ContestListCreateView(GenericAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = ContestSerializer

    class ContestProblemSerializer(serializers.Serializer):
        slug = StrictSlugField(max_length=100)
        points = serializers.IntegerField(min_value=1, max_value=100_000, default=100)

    class ContestCreateSerializer(serializers.Serializer):
        slug = StrictSlugField(max_length=100)
        title = StrictCharField(max_length=200)
        description = StrictCharField(allow_blank=True, default="")
        group = StrictSlugField(max_length=100, required=False)
        access = serializers.ChoiceField(choices=Access.values, default=Access.PUBLIC)
        starts_at = serializers.DateTimeField()
        ends_at = serializers.DateTimeField()
        window_minutes = serializers.IntegerField(min_value=1, max_value=100_000, required=False)
        scoring = serializers.ChoiceField(choices=Scoring.values, default=Scoring.ICPC)
        penalty_minutes = serializers.IntegerField(min_value=0, max_value=1000, default=20)
        speed_cap = serializers.FloatField(min_value=1.01, max_value=1e6, default=10.0)
        freeze_minutes = serializers.IntegerField(min_value=0, max_value=100_000, default=0)
        devices = serializers.ListField(child=StrictCharField(max_length=32), min_length=1)
        languages = serializers.ListField(child=StrictCharField(max_length=16), default=list)
        team_size_max = serializers.IntegerField(min_value=1, max_value=100, default=1)
        allow_virtual = serializers.BooleanField(default=True)
        registration_open = serializers.BooleanField(default=True)
        rate_limit_count = serializers.IntegerField(min_value=1, max_value=10_000, required=False)
        rate_limit_window_s = serializers.IntegerField(min_value=1, max_value=86_400, default=60)
        gpu_quota = serializers.IntegerField(min_value=0, max_value=100_000, required=False)
        problems = serializers.ListField(child=serializers.DictField(), default=list,
                                         help_text="[{slug, points}] in order: A, B, ...")  # fmt: skip

    @extend_schema(responses=ContestSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(contests_visible(request.user))
        return self.get_paginated_response([contest_data(c, request.user) for c in page])

    @extend_schema(request=ContestCreateSerializer, responses={201: ContestSerializer})
    @refusals_as_api_errors
    def post(self, request: Request) -> Response:
        data = self.ContestCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        problems = []
        for i, item in enumerate(fields.pop("problems")):
            one = self.ContestProblemSerializer(data=item)
            if not one.is_valid():
                raise ApiError("invalid", f"problems[{i}]: {one.errors}", 400)
            problem = Problem.objects.filter(slug=one.validated_data["slug"]).first()
            if problem is None:
                message = f"There is no problem {one.validated_data['slug']!r}."
                raise ApiError("no_such_problem", message, 400, {"problems": [message]})
            problems.append((problem, one.validated_data["points"]))
        group = None
        if fields.get("group"):
            group = group_get(fields.pop("group"))
            if group is None:
                raise ApiError("not_found", "There is no such group.", 400, {"group": ["?"]})
        fields.pop("group", None)
        contest = contest_create(request.user, group=group, problems=problems, **fields)
        return Response(
            contest_data(contest, request.user, full=True), status=status.HTTP_201_CREATED
        )


class ContestDetailView(GenericAPIView):
    permission_classes = [AllowAny]
    serializer_class = ContestSerializer

    @extend_schema(parameters=[SLUG_PARAM], responses=ContestSerializer)
    def get(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        return Response(contest_data(contest, request.user, full=True))
