"""GET /api/v1/devices/: device kinds with live workers, their queue depth and the languages
they judge (the languages their workers' self-tests passed, with versions)."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from judge.rules import languages_offered
from judge.worker.selectors import devices_live


class DeviceListView(GenericAPIView):
    permission_classes = [AllowAny]

    class DeviceSerializer(serializers.Serializer):
        kind = serializers.CharField()
        live_workers = serializers.IntegerField()
        gpu_models = serializers.ListField(child=serializers.CharField())
        queue_depth = serializers.IntegerField()
        languages = serializers.ListField(
            child=serializers.CharField(),
            help_text="the languages this device kind judges now (judge.rules.languages_offered)",
        )
        versions = serializers.DictField(
            child=serializers.CharField(),
            help_text="language -> version reported by the workers' self-tests ({} before any)",
        )

    serializer_class = DeviceSerializer

    @extend_schema(responses=DeviceSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(devices_live())
        rows = [
            {
                **asdict(d),
                "languages": list(languages_offered(d.kind)),
                "versions": d.languages or {},
            }
            for d in page
        ]
        return self.get_paginated_response(self.DeviceSerializer(rows, many=True).data)
