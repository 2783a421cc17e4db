"""Taking part through the API: join (code, invite token, team, virtual), start a window,
submit to a contest problem."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from contests.api.common import (
    SLUG_PARAM,
    SubmitFieldsSerializer,
    readable_contest,
    refusals_as_api_errors,
)
from contests.api.contests import ContestSerializer, contest_data
from contests.services.participation import (
    contest_join,
    contest_join_team,
    contest_join_virtual,
    contest_submit,
    entry_window_start,
)
from judge.api.fields import StrictCharField
from judge.api.submissions import SubmissionSerializer, render
from judge.api.throttles import SubmissionCreateThrottle


class ContestJoinView(GenericAPIView):
    """Join the contest: `code` (join-code contests), `token` (invite links), `team_name`
    (lead a new team), `team_code` (join a team), or `virtual` (a past contest)."""

    permission_classes = [IsAuthenticated]
    serializer_class = ContestSerializer

    class JoinSerializer(serializers.Serializer):
        code = StrictCharField(max_length=64, required=False, allow_blank=True, default="")
        token = StrictCharField(max_length=64, required=False, allow_blank=True, default="")
        team_name = StrictCharField(max_length=100, required=False, allow_blank=True, default="")
        team_code = StrictCharField(max_length=64, required=False, allow_blank=True, default="")
        virtual = serializers.BooleanField(default=False)

    @extend_schema(parameters=[SLUG_PARAM], request=JoinSerializer,
                   responses={201: ContestSerializer})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        data = self.JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        if fields["virtual"]:
            contest_join_virtual(request.user, contest=contest)
        elif fields["team_code"]:
            contest_join_team(request.user, contest=contest, team_code=fields["team_code"])
        else:
            contest_join(request.user, contest=contest, code=fields["code"],
                         token=fields["token"], team_name=fields["team_name"])  # fmt: skip
        contest.refresh_from_db()
        return Response(contest_data(contest, request.user, full=True), status.HTTP_201_CREATED)


class ContestStartView(GenericAPIView):
    """Start the caller's own window (contests with per-entry windows)."""

    permission_classes = [IsAuthenticated]
    serializer_class = ContestSerializer

    @extend_schema(parameters=[SLUG_PARAM], request=None, responses=ContestSerializer)
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        entry_window_start(request.user, contest=contest)
        return Response(contest_data(contest, request.user, full=True))


class ContestSubmitView(GenericAPIView):
    """Submit to a contest problem by its label; judged as any submission (see
    /api/v1/submissions/{id}/ for its progress and result)."""

    permission_classes = [IsAuthenticated]
    serializer_class = SubmissionSerializer

    class ContestSubmitSerializer(SubmitFieldsSerializer):
        problem = StrictCharField(max_length=8, help_text="the problem's label: A, B, ...")

    def get_throttles(self):
        return [SubmissionCreateThrottle()]

    @extend_schema(parameters=[SLUG_PARAM], request=ContestSubmitSerializer,
                   responses={201: SubmissionSerializer})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        data = self.ContestSubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        submission = contest_submit(
            request.user, contest=contest, label=fields["problem"], language=fields["language"],
            device_kind=fields.get("device") or (contest.devices or ["cpu"])[0],
            source=fields["source"], mode=fields["mode"],
        )  # fmt: skip
        return Response(render(submission, request.user), status=status.HTTP_201_CREATED)
