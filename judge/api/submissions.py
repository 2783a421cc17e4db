"""POST /api/v1/submissions/ and GET /api/v1/submissions/<id>/"""

from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from judge.api.errors import error_response, refused_response
from judge.errors import SubmissionRefused
from judge.selectors import submission_visible_to
from judge.services import submission_create
from problems.selectors import problem_get_published


class SubmissionOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    problem = serializers.CharField(source="problem.slug")
    problem_version = serializers.IntegerField()
    language = serializers.CharField()
    device = serializers.CharField(source="device_kind")
    mode = serializers.CharField()
    status = serializers.CharField()
    verdict = serializers.CharField()
    message = serializers.CharField()
    score_ms = serializers.FloatField(source="score", allow_null=True)
    progress = serializers.JSONField()
    result = serializers.JSONField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField()


class SubmissionCreateView(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        problem = serializers.SlugField()
        language = serializers.CharField(max_length=16)
        device = serializers.CharField(max_length=32, required=False)
        device_kind = serializers.CharField(max_length=32, required=False)  # alias of device
        mode = serializers.CharField(max_length=8, default="submit")
        source = serializers.CharField(trim_whitespace=False, allow_blank=True)

    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        if not data.is_valid():
            return error_response(
                "invalid", "The request is incomplete or malformed.", 400, data.errors
            )
        fields = data.validated_data
        problem = problem_get_published(fields["problem"])
        if problem is None:
            return error_response(
                "no_such_problem", f"There is no problem {fields['problem']!r}.", 400
            )
        device = fields.get("device") or fields.get("device_kind") or "cpu"
        try:
            submission = submission_create(
                request.user, problem, fields["language"], device, fields["mode"], fields["source"]
            )
        except SubmissionRefused as exc:
            return refused_response(exc)
        body = SubmissionOutputSerializer(submission).data
        return Response(body, status=status.HTTP_201_CREATED)


class SubmissionDetailView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request, pk: int) -> Response:
        submission = submission_visible_to(request.user, pk)
        if submission is None:
            return error_response("not_found", "No such submission.", 404)
        return Response(SubmissionOutputSerializer(submission).data)
