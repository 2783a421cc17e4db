"""DRF authentication with personal tokens: `Authorization: Token <key>` (or `Bearer <key>`)."""

from __future__ import annotations

from rest_framework import authentication, exceptions

from accounts.services import token_authenticate


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keywords = ("token", "bearer")

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].decode("latin-1").lower() not in self.keywords:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                "Malformed Authorization header: use 'Authorization: Token <key>'."
            )
        try:
            raw_key = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(
                "The token contains invalid characters."
            ) from None
        token = token_authenticate(raw_key)
        if token is None:
            raise exceptions.AuthenticationFailed(
                "Invalid or revoked API token. Create a new one on your profile page."
            )
        return token.user, token

    def authenticate_header(self, request) -> str:
        return "Token"
