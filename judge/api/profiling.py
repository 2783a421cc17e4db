"""A profile's summary and its Nsight Compute report (mode profile; owner and staff)."""

from __future__ import annotations

from django.http import FileResponse
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from judge.api.errors import ApiError
from judge.api.submissions import ID_PARAM, get_visible_or_404
from judge.profiling import profile_report_path, profile_summary


class SubmissionProfileView(GenericAPIView):
    """The per-kernel summary of a profile (duration, DRAM/L2/SM/tensor-pipe utilisation,
    achieved occupancy, top warp stalls), the judge's time for the same case, and the report's
    state with its download URL (docs/profiling.md)."""

    permission_classes = [IsAuthenticated]

    class ProfileSerializer(serializers.Serializer):
        submission = serializers.IntegerField()
        status = serializers.CharField()
        verdict = serializers.CharField(allow_blank=True)
        profile = serializers.JSONField(
            help_text="ok, error, case, sizes, kernels[], launches, judge, comparison, report"
        )
        report_url = serializers.CharField(allow_null=True)

    serializer_class = ProfileSerializer

    @extend_schema(parameters=[ID_PARAM], responses=ProfileSerializer)
    def get(self, request: Request, pk: int) -> Response:
        submission = get_visible_or_404(request.user, int(pk))
        summary = profile_summary(submission)
        if summary is None:
            raise ApiError("not_a_profile", f"Submission {pk} is not a profile.", 404)
        url = None
        if summary["report"]["available"]:
            url = request.build_absolute_uri(reverse("api-profile-report", args=[submission.pk]))
        return Response(
            self.ProfileSerializer(
                {
                    "submission": submission.pk,
                    "status": submission.status,
                    "verdict": submission.verdict,
                    "profile": summary,
                    "report_url": url,
                }
            ).data
        )


class SubmissionProfileReportView(GenericAPIView):
    """The ``.ncu-rep`` file (open it with Nsight Compute), while it is kept."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[ID_PARAM],
        responses={200: OpenApiResponse(description="application/octet-stream")},
    )
    def get(self, request: Request, pk: int):
        submission = get_visible_or_404(request.user, int(pk))
        path = profile_report_path(submission)
        if path is None:
            raise ApiError(
                "no_report",
                f"Submission {pk} has no profile report (not a profile, not profiled, or the "
                f"report expired).",
                404,
            )
        return FileResponse(
            path.open("rb"),
            as_attachment=True,
            filename=f"submission-{submission.pk}.ncu-rep",
            content_type="application/octet-stream",
        )
