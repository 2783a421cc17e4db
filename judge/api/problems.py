"""GET /api/v1/problems/"""

from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from judge.selectors import problem_list_with_stats


class ProblemListView(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        slug = serializers.CharField()
        title = serializers.CharField()
        difficulty = serializers.CharField()
        tags = serializers.ListField(child=serializers.CharField())
        version = serializers.IntegerField()
        submission_count = serializers.IntegerField()
        solved_by = serializers.IntegerField()

    def get(self, request: Request) -> Response:
        rows = self.OutputSerializer(problem_list_with_stats(), many=True).data
        return Response({"count": len(rows), "next": None, "previous": None, "results": rows})
