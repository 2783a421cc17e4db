"""GET /api/v1/devices/: device kinds with live workers and their queue depth."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from judge.worker.selectors import devices_live


class DeviceListView(GenericAPIView):
    permission_classes = [AllowAny]

    class DeviceSerializer(serializers.Serializer):
        kind = serializers.CharField()
        live_workers = serializers.IntegerField()
        gpu_models = serializers.ListField(child=serializers.CharField())
        queue_depth = serializers.IntegerField()

    serializer_class = DeviceSerializer

    @extend_schema(responses=DeviceSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(devices_live())
        return self.get_paginated_response(self.DeviceSerializer(page, many=True).data)
