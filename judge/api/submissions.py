"""Submissions: create, list own, retrieve, cancel; the live event stream is in events.py."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from judge.api.errors import ApiError
from judge.api.fields import StrictCharField, StrictSlugField
from judge.api.throttles import SubmissionCreateThrottle
from judge.diagnostics import submission_diagnostics
from judge.inspection import (
    INSPECT_ARCHES,
    inspection_arch,
    submission_inspect,
    submission_roofline,
)
from judge.leaderboards.selectors import submission_rank
from judge.models import Mode, Submission
from judge.rules import judged_emulated
from judge.submissions.selectors import submission_visible_to, submissions_for_user
from judge.submissions.services import submission_cancel, submission_create
from problems.benchmarks import benchmark_labels
from problems.selectors import problem_get_published, problem_header_get_published

PRIVATE_RESULT_KEYS = ("stdout", "stderr")


def can_see_source(user, submission: Submission) -> bool:
    return bool(getattr(user, "is_staff", False) or submission.user_id == user.pk)


def _labelled(benchmark: dict | None, submission: Submission) -> dict | None:
    """The benchmark with each case's `label`: its name on the device it ran on (the CPU
    sizes on the CPU, problems.benchmarks)."""
    if not isinstance(benchmark, dict) or not benchmark.get("cases"):
        return benchmark
    labels = benchmark_labels(submission.problem.spec, submission.device_kind)
    cases = [
        {**c, "label": labels.get(c.get("name", ""), c.get("name", ""))}
        if isinstance(c, dict)
        else c
        for c in benchmark["cases"]
    ]
    return {**benchmark, "cases": cases}


def submission_data(submission: Submission, user, with_rank: bool = False) -> dict:
    """The submission as the API shows it to `user`: tests (with their 1-based index),
    benchmark and logs from the stored result; source/stdout/stderr only for owner and staff."""
    result = dict(submission.result or {})
    private = can_see_source(user, submission)
    tests = [
        {"index": i, **t} for i, t in enumerate(result.get("tests") or [], 1) if isinstance(t, dict)
    ]
    data = {
        "id": submission.pk,
        "problem": submission.problem.slug,
        "problem_version": submission.problem_version,
        "user": submission.user.username,
        "language": submission.language,
        "device": submission.device_kind,
        "emulated": judged_emulated(
            language=submission.language, device_kind=submission.device_kind
        ),
        "mode": submission.mode,
        "status": submission.status,
        "verdict": submission.verdict,
        "message": submission.message,
        "score_ms": submission.score,
        "tests": tests,
        "benchmark": _labelled(result.get("benchmark"), submission),
        "compile_log": result.get("compile_log", ""),
        "progress": submission.progress or [],
        "rank": None,
        "percentile": None,
        "ranked": None,
        "created_at": submission.created_at,
        "started_at": submission.started_at,
        "finished_at": submission.finished_at,
    }
    data["diagnostics"] = []
    if private:
        data["diagnostics"] = [
            d.as_dict()
            for d in submission_diagnostics(
                language=submission.language, source=submission.source, result=result
            )
        ]
        data["source"] = submission.source
        data["stdout"] = result.get("stdout", "")
        data["stderr"] = result.get("stderr", "")
        data["result"] = result or None
    else:
        data["result"] = {k: v for k, v in result.items() if k not in PRIVATE_RESULT_KEYS} or None
    if with_rank:
        entry = submission_rank(submission)
        if entry is not None:
            data["rank"], data["percentile"] = entry.rank, entry.percentile
            data["ranked"] = entry.total
    return data


class SubmissionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    problem = serializers.CharField()
    problem_version = serializers.IntegerField()
    user = serializers.CharField()
    language = serializers.CharField()
    device = serializers.CharField()
    emulated = serializers.BooleanField(
        help_text="judged through an emulation (CUDA C++ on the CPU device): verdicts as on a "
        "GPU; its times are the emulation's and rank on no leaderboard"
    )
    mode = serializers.CharField()
    status = serializers.CharField()
    verdict = serializers.CharField(allow_blank=True)
    message = serializers.CharField(allow_blank=True)
    score_ms = serializers.FloatField(allow_null=True)
    tests = serializers.ListField(child=serializers.DictField())
    benchmark = serializers.JSONField(allow_null=True)
    compile_log = serializers.CharField(allow_blank=True)
    progress = serializers.JSONField()
    rank = serializers.IntegerField(allow_null=True)
    percentile = serializers.FloatField(allow_null=True)
    ranked = serializers.IntegerField(allow_null=True, help_text="users ranked on the board")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    diagnostics = serializers.ListField(
        child=serializers.DictField(),
        help_text="owner and staff: lines of the source a compile or runtime error points at "
        "(line, column, severity, message, source_line)",
    )
    source = serializers.CharField(required=False, help_text="owner and staff only")
    stdout = serializers.CharField(required=False, help_text="owner and staff only")
    stderr = serializers.CharField(required=False, help_text="owner and staff only")
    result = serializers.JSONField(allow_null=True, help_text="the full JudgeResult")


def render(submission: Submission, user, with_rank: bool = False) -> dict:
    return SubmissionSerializer(submission_data(submission, user, with_rank)).data


class SubmissionListCreateView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = SubmissionSerializer

    class SubmissionCreateSerializer(serializers.Serializer):
        problem = StrictSlugField(max_length=100)
        language = StrictCharField(max_length=16)
        device = StrictCharField(max_length=32, required=False)
        device_kind = StrictCharField(max_length=32, required=False, help_text="alias of device")
        mode = serializers.ChoiceField(choices=Mode.values, default=Mode.SUBMIT)
        source = StrictCharField(trim_whitespace=False, allow_blank=True)

    class SubmissionFilterSerializer(serializers.Serializer):
        problem = serializers.SlugField(max_length=100, required=False)

    def get_throttles(self):
        if self.request.method == "POST":
            return [SubmissionCreateThrottle()]
        return super().get_throttles()

    @extend_schema(
        parameters=[SubmissionFilterSerializer], responses=SubmissionSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        filters = self.SubmissionFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        problem = None
        if filters.validated_data.get("problem"):
            slug = filters.validated_data["problem"]
            problem = problem_get_published(slug)
            if problem is None:
                raise ApiError(
                    "no_such_problem", f"There is no problem {slug!r}.", 400,
                    {"problem": [f"There is no problem {slug!r}."]},
                )  # fmt: skip
        rows = submissions_for_user(request.user, problem).select_related("user")
        page = self.paginate_queryset(rows)
        return self.get_paginated_response([render(s, request.user) for s in page])

    @extend_schema(request=SubmissionCreateSerializer, responses={201: SubmissionSerializer})
    def post(self, request: Request) -> Response:
        data = self.SubmissionCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        problem = problem_header_get_published(fields["problem"])
        if problem is None:
            message = f"There is no problem {fields['problem']!r}."
            raise ApiError("no_such_problem", message, 400, {"problem": [message]})
        device = fields.get("device") or fields.get("device_kind") or "cpu"
        submission = submission_create(
            request.user, problem=problem, language=fields["language"], device_kind=device,
            mode=fields["mode"], source=fields["source"],
        )  # fmt: skip
        # SubmissionRefused -> 400/429 via the exception handler; the row as created (with
        # its user and problem) is what the response shows, no second read
        return Response(render(submission, request.user), status=status.HTTP_201_CREATED)


ID_PARAM = OpenApiParameter("id", int, OpenApiParameter.PATH)


def get_visible_or_404(user, pk: int) -> Submission:
    submission = submission_visible_to(user, pk)
    if submission is None:
        raise ApiError("not_found", f"You have no submission {pk}.", 404)
    return submission


class SubmissionDetailView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = SubmissionSerializer

    @extend_schema(parameters=[ID_PARAM], responses=SubmissionSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(render(get_visible_or_404(request.user, pk), request.user, True))


class SubmissionCancelView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = SubmissionSerializer

    @extend_schema(parameters=[ID_PARAM], request=None, responses=SubmissionSerializer)
    def post(self, request: Request, pk: int) -> Response:
        submission = submission_cancel(request.user, submission_id=pk)
        if submission is None:
            raise ApiError("not_found", f"You have no submission {pk}.", 404)
        return Response(render(submission, request.user))


class SubmissionInspectView(GenericAPIView):
    """The compiled kernels of a CUDA submission: PTX, SASS with source lines, registers,
    shared/local memory, spills and theoretical occupancy (runner.tools.inspect), computed
    on the first request (a compile in the judge's sandbox) and kept. Owner and staff."""

    permission_classes = [IsAuthenticated]

    class InspectQuerySerializer(serializers.Serializer):
        arch = serializers.ChoiceField(choices=INSPECT_ARCHES, required=False)

    class InspectSerializer(serializers.Serializer):
        submission = serializers.IntegerField()
        language = serializers.CharField()
        arch = serializers.CharField()
        cached = serializers.BooleanField(help_text="the stored report of an earlier request")
        report = serializers.JSONField(
            help_text="ok, message, compile_log, kernels[] (docs/profiling.md)"
        )
        roofline = serializers.JSONField(allow_null=True)

    serializer_class = InspectSerializer

    @extend_schema(parameters=[ID_PARAM, InspectQuerySerializer], responses=InspectSerializer)
    def get(self, request: Request, pk: int) -> Response:
        query = self.InspectQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        pk = int(pk)
        submission = get_visible_or_404(request.user, pk)
        if not can_see_source(request.user, submission):
            raise ApiError("not_found", f"You have no submission {pk}.", 404)
        arch = inspection_arch(submission, query.validated_data.get("arch"))
        report, cached = submission_inspect(submission, arch)
        data = {
            "submission": submission.pk,
            "language": submission.language,
            "arch": arch,
            "cached": cached,
            "report": report,
            "roofline": submission_roofline(submission),
        }
        return Response(self.InspectSerializer(data).data)
