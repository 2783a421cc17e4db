"""GET/POST /api/v1/tokens/ and DELETE /api/v1/tokens/{id}/: personal API tokens."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.selectors import tokens_for_user
from accounts.services import TokenError, token_create, token_revoke
from judge.api.errors import ApiError
from judge.api.fields import StrictCharField


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="the key's first characters")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)


class TokenListCreateView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = TokenSerializer

    class TokenCreateSerializer(serializers.Serializer):
        name = StrictCharField(max_length=100)

    class TokenCreatedSerializer(TokenSerializer):
        key = serializers.CharField(help_text="shown only now; store it safely")

    @extend_schema(responses=TokenSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(tokens_for_user(request.user))
        return self.get_paginated_response(TokenSerializer(page, many=True).data)

    @extend_schema(request=TokenCreateSerializer, responses={201: TokenCreatedSerializer})
    def post(self, request: Request) -> Response:
        data = self.TokenCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            token, key = token_create(request.user, name=data.validated_data["name"])
        except TokenError as exc:
            fields = {exc.field: [exc.message]} if exc.field else None
            raise ApiError(exc.code, exc.message, 400, fields) from None
        body = {**TokenSerializer(token).data, "key": key}
        return Response(self.TokenCreatedSerializer(body).data, status=status.HTTP_201_CREATED)


class TokenRevokeView(GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = TokenSerializer

    @extend_schema(
        parameters=[OpenApiParameter("id", int, OpenApiParameter.PATH)],
        request=None,
        responses={204: None},
    )
    def delete(self, request: Request, pk: int) -> Response:
        if not token_revoke(request.user, token_id=pk):
            raise ApiError("not_found", f"You have no token {pk}.", 404)
        return Response(status=status.HTTP_204_NO_CONTENT)
