"""GET /api/v1/me/: the caller's profile and judging stats."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from judge.submissions.selectors import user_stats


class MeView(GenericAPIView):
    permission_classes = [IsAuthenticated]

    class MeSerializer(serializers.Serializer):
        username = serializers.CharField()
        email = serializers.CharField(allow_blank=True)
        is_staff = serializers.BooleanField()
        date_joined = serializers.DateTimeField()
        solved = serializers.IntegerField()
        submissions = serializers.IntegerField()
        accepted = serializers.IntegerField()

    serializer_class = MeSerializer

    @extend_schema(responses=MeSerializer)
    def get(self, request: Request) -> Response:
        user = request.user
        stats = user_stats(user)
        data = {
            "username": user.get_username(),
            "email": user.email or "",
            "is_staff": user.is_staff,
            "date_joined": user.date_joined,
            **stats.__dict__,
        }
        return Response(self.MeSerializer(data).data)
