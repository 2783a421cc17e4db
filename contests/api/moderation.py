"""Clarifications, announcements and the organiser's tools through the API: unfreeze,
disqualify an entry or a submission, run the similarity check and review its flags."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from contests.api.common import (
    SLUG_PARAM,
    organised_contest,
    readable_contest,
    refusals_as_api_errors,
)
from contests.models import Clarification, Participation, SimilarityFlag
from contests.selectors.access import contest_visible
from contests.selectors.moderation import (
    clarifications_for,
    contest_announcements,
    similarity_flags,
)
from contests.services.contests import contest_unfreeze
from contests.services.moderation import (
    announcement_create,
    clarification_answer,
    clarification_ask,
    entry_disqualify,
    entry_requalify,
    flag_review,
    similarity_check,
    submission_disqualify,
)
from judge.api.errors import ApiError
from judge.api.fields import StrictCharField

ID_PARAM = OpenApiParameter("id", int, OpenApiParameter.PATH)


class ClarificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    problem = serializers.CharField(allow_null=True, help_text="label")
    question = serializers.CharField()
    answer = serializers.CharField(allow_blank=True)
    public = serializers.BooleanField()
    mine = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)


def clarification_data(c: Clarification, user) -> dict:
    return {
        "id": c.pk, "problem": c.problem.label if c.problem_id else None,
        "question": c.question, "answer": c.answer, "public": c.public,
        "mine": c.author_id == user.pk, "created_at": c.created_at,
        "answered_at": c.answered_at,
    }  # fmt: skip


class ClarificationListCreateView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = ClarificationSerializer

    class AskSerializer(serializers.Serializer):
        question = StrictCharField(max_length=5000)
        problem = StrictCharField(max_length=8, required=False, allow_blank=True, default="")

    @extend_schema(parameters=[SLUG_PARAM], responses=ClarificationSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        rows = clarifications_for(request.user, contest)
        return Response([clarification_data(c, request.user) for c in rows[:500]])

    @extend_schema(parameters=[SLUG_PARAM], request=AskSerializer,
                   responses={201: ClarificationSerializer})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        if not contest_visible(request.user, contest):
            raise ApiError("permission_denied", "Join the contest to ask.", 403)
        data = self.AskSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        asked = clarification_ask(request.user, contest=contest,
                                  question=data.validated_data["question"],
                                  label=data.validated_data["problem"])  # fmt: skip
        return Response(clarification_data(asked, request.user), status.HTTP_201_CREATED)


class ClarificationAnswerView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = ClarificationSerializer

    class AnswerSerializer(serializers.Serializer):
        answer = StrictCharField(max_length=5000)
        public = serializers.BooleanField(default=True)

    @extend_schema(parameters=[SLUG_PARAM, ID_PARAM], request=AnswerSerializer,
                   responses=ClarificationSerializer)  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str, pk: int) -> Response:
        contest = organised_contest(request.user, slug)
        question = Clarification.objects.filter(contest=contest, pk=pk).first()
        if question is None:
            raise ApiError("not_found", f"There is no clarification {pk}.", 404)
        data = self.AnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        clarification_answer(question, **data.validated_data)
        question.refresh_from_db()
        return Response(clarification_data(question, request.user))


class AnnouncementListCreateView(GenericAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class AnnouncementSerializer(serializers.Serializer):
        id = serializers.IntegerField(read_only=True)
        title = StrictCharField(max_length=200)
        body = StrictCharField(allow_blank=True, max_length=20_000)
        created_at = serializers.DateTimeField(read_only=True)

    serializer_class = AnnouncementSerializer

    @extend_schema(parameters=[SLUG_PARAM], responses=AnnouncementSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        contest = readable_contest(request.user, slug)
        rows = contest_announcements(contest)[:200]
        return Response(self.AnnouncementSerializer(rows, many=True).data)

    @extend_schema(parameters=[SLUG_PARAM], request=AnnouncementSerializer,
                   responses={201: AnnouncementSerializer})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str) -> Response:
        contest = organised_contest(request.user, slug)
        data = self.AnnouncementSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = announcement_create(contest, **data.validated_data)
        return Response(self.AnnouncementSerializer(made).data, status.HTTP_201_CREATED)


class ContestUnfreezeView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = None

    @extend_schema(parameters=[SLUG_PARAM], request=None, responses={204: None})
    def post(self, request: Request, slug: str) -> Response:
        contest_unfreeze(organised_contest(request.user, slug))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DisqualifySerializer(serializers.Serializer):
    reason = StrictCharField(max_length=2000, required=False, allow_blank=True, default="")
    disqualified = serializers.BooleanField(default=True, help_text="false: requalify")


class EntryDisqualifyView(GenericAPIView):
    """Disqualify an entry (kept on record, hidden from the board) or requalify it."""

    permission_classes = [IsAuthenticated]
    serializer_class = DisqualifySerializer

    @extend_schema(parameters=[SLUG_PARAM, ID_PARAM], request=DisqualifySerializer,
                   responses={204: None})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str, pk: int) -> Response:
        contest = organised_contest(request.user, slug)
        entry = Participation.objects.filter(contest=contest, pk=pk).first()
        if entry is None:
            raise ApiError("not_found", f"There is no entry {pk}.", 404)
        data = DisqualifySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data["disqualified"]:
            entry_disqualify(contest, entry=entry, reason=data.validated_data["reason"])
        else:
            entry_requalify(contest, entry=entry)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SubmissionDisqualifyView(GenericAPIView):
    """Take one submission off the contest's board (its verdict is unchanged)."""

    permission_classes = [IsAuthenticated]
    serializer_class = DisqualifySerializer

    @extend_schema(parameters=[SLUG_PARAM, ID_PARAM], request=DisqualifySerializer,
                   responses={204: None})  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str, pk: int) -> Response:
        contest = organised_contest(request.user, slug)
        data = DisqualifySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        submission_disqualify(contest, submission_id=pk, reason=data.validated_data["reason"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class SimilarityFlagSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    problem = serializers.CharField()
    first = serializers.DictField(help_text="submission id and user")
    second = serializers.DictField()
    ratio = serializers.FloatField()
    state = serializers.ChoiceField(choices=SimilarityFlag.State.values)


def flag_data(flag: SimilarityFlag) -> dict:
    return {
        "id": flag.pk, "problem": flag.problem.slug, "ratio": round(flag.ratio, 4),
        "first": {"submission": flag.first_id, "user": flag.first.user.username},
        "second": {"submission": flag.second_id, "user": flag.second.user.username},
        "state": flag.state,
    }  # fmt: skip


class SimilarityView(GenericAPIView):
    """GET: the flags; POST: compare the entries' accepted sources now (flags only)."""

    permission_classes = [IsAuthenticated]
    serializer_class = SimilarityFlagSerializer

    @extend_schema(parameters=[SLUG_PARAM], responses=SimilarityFlagSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        contest = organised_contest(request.user, slug)
        return Response([flag_data(f) for f in similarity_flags(contest)[:1000]])

    @extend_schema(parameters=[SLUG_PARAM], request=None,
                   responses=SimilarityFlagSerializer(many=True))  # fmt: skip
    def post(self, request: Request, slug: str) -> Response:
        contest = organised_contest(request.user, slug)
        similarity_check(contest)
        return Response([flag_data(f) for f in similarity_flags(contest)[:1000]])


class SimilarityFlagReviewView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = SimilarityFlagSerializer

    class ReviewSerializer(serializers.Serializer):
        state = serializers.ChoiceField(choices=SimilarityFlag.State.values)

    @extend_schema(parameters=[SLUG_PARAM, ID_PARAM], request=ReviewSerializer,
                   responses=SimilarityFlagSerializer,
                   operation_id="v1_contests_similarity_review")  # fmt: skip
    @refusals_as_api_errors
    def post(self, request: Request, slug: str, pk: int) -> Response:
        contest = organised_contest(request.user, slug)
        flag = similarity_flags(contest).filter(pk=pk).first()
        if flag is None:
            raise ApiError("not_found", f"There is no flag {pk}.", 404)
        data = self.ReviewSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        flag_review(flag, state=data.validated_data["state"])
        flag.refresh_from_db()
        return Response(flag_data(flag))


class EntryListView(GenericAPIView):
    """Every entry of the contest with its members, disqualified ones included (organisers)."""

    permission_classes = [IsAuthenticated]

    class EntrySerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()
        members = serializers.ListField(child=serializers.CharField())
        virtual = serializers.BooleanField()
        started_at = serializers.DateTimeField(allow_null=True)
        disqualified_at = serializers.DateTimeField(allow_null=True)
        disqualified_reason = serializers.CharField(allow_blank=True)

    serializer_class = EntrySerializer

    @extend_schema(parameters=[SLUG_PARAM], responses=EntrySerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        contest = organised_contest(request.user, slug)
        rows = Participation.objects.filter(contest=contest).prefetch_related("members__user")
        page = self.paginate_queryset(rows.order_by("pk"))
        return self.get_paginated_response([
            {"id": e.pk, "name": e.name, "virtual": e.virtual, "started_at": e.started_at,
             "members": sorted(m.user.username for m in e.members.all()),
             "disqualified_at": e.disqualified_at, "disqualified_reason": e.disqualified_reason}
            for e in page
        ])  # fmt: skip
