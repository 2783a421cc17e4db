"""Groups through the API: list and create, a group's page (members, problems, contests),
its leaderboard, setting a member's role."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from contests.api.common import SLUG_PARAM, SubmitFieldsSerializer, refusals_as_api_errors
from contests.models import Group, Role
from contests.selectors.access import group_manages, group_role, groups_of
from contests.selectors.groups import group_get, group_leaderboard, group_members, group_problems
from contests.services.groups import (
    group_create,
    group_member_remove,
    group_member_set,
    group_problem_submit,
)
from judge.api.errors import ApiError
from judge.api.fields import StrictCharField, StrictSlugField
from judge.api.submissions import SubmissionSerializer, render
from judge.api.throttles import SubmissionCreateThrottle
from problems.models import Problem


class GroupSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    role = serializers.CharField(allow_null=True, help_text="the caller's")


def group_data(group: Group, user) -> dict:
    return {"slug": group.slug, "name": group.name, "description": group.description,
            "role": group_role(user, group)}  # fmt: skip


def member_group(user, slug: str) -> Group:
    group = group_get(slug)
    if group is None or (group_role(user, group) is None and not user.is_staff):
        raise ApiError("not_found", f"There is no group {slug!r}.", 404)
    return group


class GroupListCreateView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = GroupSerializer

    class GroupCreateSerializer(serializers.Serializer):
        slug = StrictSlugField(max_length=100)
        name = StrictCharField(max_length=200)
        description = StrictCharField(allow_blank=True, default="", max_length=20_000)

    @extend_schema(responses=GroupSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(groups_of(request.user).order_by("slug"))
        return self.get_paginated_response([group_data(g, request.user) for g in page])

    @extend_schema(request=GroupCreateSerializer, responses={201: GroupSerializer})
    @refusals_as_api_errors
    def post(self, request: Request) -> Response:
        data = self.GroupCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        group = group_create(request.user, **data.validated_data)
        return Response(group_data(group, request.user), status=status.HTTP_201_CREATED)


class GroupDetailView(GenericAPIView):
    permission_classes = [IsAuthenticated]

    class GroupDetailSerializer(GroupSerializer):
        members = serializers.ListField(child=serializers.DictField())
        problems = serializers.ListField(child=serializers.DictField())
        contests = serializers.ListField(child=serializers.DictField())
        leaderboard = serializers.ListField(child=serializers.DictField())

    serializer_class = GroupDetailSerializer

    @extend_schema(parameters=[SLUG_PARAM], responses=GroupDetailSerializer)
    def get(self, request: Request, slug: str) -> Response:
        group = member_group(request.user, slug)
        data = group_data(group, request.user)
        data["members"] = [{"user": m.user.username, "role": m.role} for m in group_members(group)]
        data["problems"] = [{"slug": p.slug, "title": p.title} for p in group_problems(group)]
        data["contests"] = [{"slug": c.slug, "title": c.title, "starts_at": c.starts_at,
                             "ends_at": c.ends_at} for c in group.contests.all()]  # fmt: skip
        data["leaderboard"] = [
            {k: r[k] for k in ("rank", "username", "role", "solved")}
            for r in group_leaderboard(group)
        ]
        return Response(data)


class GroupMemberView(GenericAPIView):
    """Add a member, change a role, or remove a member (`role`: "none"); owners and staff."""

    permission_classes = [IsAuthenticated]

    class MemberSerializer(serializers.Serializer):
        username = StrictCharField(max_length=150)
        role = serializers.ChoiceField(choices=[*Role.values, "none"])

    serializer_class = MemberSerializer

    @extend_schema(parameters=[SLUG_PARAM], request=MemberSerializer, responses={204: None})
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        group = member_group(request.user, slug)
        if not group_manages(request.user, group):
            raise ApiError("permission_denied", "Only owners and staff manage members.", 403)
        data = self.MemberSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = get_user_model().objects.filter(username=data.validated_data["username"]).first()
        if user is None:
            raise ApiError("not_found", "There is no such user.", 400, {"username": ["?"]})
        role = data.validated_data["role"]
        if role == Role.OWNER and group_role(request.user, group) != Role.OWNER:
            if not request.user.is_staff:
                raise ApiError("permission_denied", "Only owners make owners.", 403)
        if role == "none":
            group_member_remove(group, user=user)
        else:
            group_member_set(group, user=user, role=role)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GroupProblemSubmitView(GenericAPIView):
    """Practice on one of the group's problems (members only); judged as any submission."""

    permission_classes = [IsAuthenticated]
    serializer_class = SubmissionSerializer

    class GroupSubmitSerializer(SubmitFieldsSerializer):
        problem = StrictSlugField(max_length=100)

    def get_throttles(self):
        return [SubmissionCreateThrottle()]

    @extend_schema(parameters=[SLUG_PARAM], request=GroupSubmitSerializer,
                   responses={201: SubmissionSerializer})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        group = member_group(request.user, slug)
        data = self.GroupSubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        problem = Problem.objects.filter(slug=fields["problem"]).first()
        if problem is None:
            raise ApiError("not_found", "The group has no such problem.", 404)
        submission = group_problem_submit(
            request.user, group=group, problem=problem, language=fields["language"],
            device_kind=fields.get("device") or "cpu", source=fields["source"],
            mode=fields["mode"],
        )  # fmt: skip
        return Response(render(submission, request.user), status=status.HTTP_201_CREATED)
