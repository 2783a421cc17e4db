"""GET /api/v1/languages/: every language's record (runner/contract/languages.py: its name,
title, starter file and how a source is recognised) and the device kinds that judge it now,
with the version their workers' self-tests reported. The command-line client guesses a file's
language from these records, as the runner does."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from judge.rules import languages_offered
from judge.worker.selectors import devices_live
from runner.contract import languages


class LanguageListView(APIView):
    permission_classes = [AllowAny]

    class LanguageSerializer(serializers.Serializer):
        name = serializers.CharField()
        title = serializers.CharField()
        starter_file = serializers.CharField()
        suffixes = serializers.ListField(child=serializers.CharField())
        imports = serializers.ListField(child=serializers.CharField())
        import_rank = serializers.IntegerField()
        line_comment = serializers.CharField()
        default = serializers.BooleanField(help_text="the language of a source nothing names")
        device_kinds = serializers.ListField(
            child=serializers.CharField(), help_text="the device kinds that judge it now"
        )
        versions = serializers.DictField(
            child=serializers.CharField(),
            help_text="device kind -> the version its workers' self-tests reported",
        )

    @extend_schema(responses=LanguageSerializer(many=True))
    def get(self, request: Request) -> Response:
        devices = devices_live()
        offered = {d.kind: languages_offered(d.kind) for d in devices}
        rows = [
            {
                "name": r.name,
                "title": r.title,
                "starter_file": r.starter_file,
                "suffixes": list(r.suffixes),
                "imports": list(r.imports),
                "import_rank": r.import_rank,
                "line_comment": r.line_comment,
                "default": r.name == languages.DEFAULT_LANGUAGE,
                "device_kinds": [d.kind for d in devices if r.name in offered[d.kind]],
                "versions": {
                    d.kind: (d.languages or {})[r.name]
                    for d in devices
                    if r.name in (d.languages or {})
                },
            }
            for r in languages.RECORDS.values()
        ]
        return Response(self.LanguageSerializer(rows, many=True).data)
