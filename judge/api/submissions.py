"""POST /api/v1/submissions/ and GET /api/v1/submissions/<id>/"""

from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from judge.errors import SubmissionRefused
from judge.selectors import submission_visible_to
from judge.services import submission_create
from problems.selectors import problem_get_published


class SubmissionOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    problem = serializers.CharField(source="problem.slug")
    problem_version = serializers.IntegerField()
    language = serializers.CharField()
    device_kind = serializers.CharField()
    mode = serializers.CharField()
    status = serializers.CharField()
    verdict = serializers.CharField()
    message = serializers.CharField()
    score = serializers.FloatField(allow_null=True)
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
        device_kind = serializers.CharField(max_length=32, default="cpu")
        mode = serializers.CharField(max_length=8, default="submit")
        source = serializers.CharField(trim_whitespace=False)

    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        problem = problem_get_published(fields.pop("problem"))
        if problem is None:
            return Response({"detail": "No such problem."}, status=status.HTTP_404_NOT_FOUND)
        try:
            submission = submission_create(request.user, problem, **fields)
        except SubmissionRefused as exc:
            body = {"detail": exc.message, **({"field": exc.field} if exc.field else {})}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        body = SubmissionOutputSerializer(submission).data
        return Response(body, status=status.HTTP_201_CREATED)


class SubmissionDetailView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request, pk: int) -> Response:
        submission = submission_visible_to(request.user, pk)
        if submission is None:
            return Response({"detail": "No such submission."}, status=status.HTTP_404_NOT_FOUND)
        return Response(SubmissionOutputSerializer(submission).data)
