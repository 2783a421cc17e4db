"""Domain errors raised by contest services; the message is meant for the user."""

from __future__ import annotations


class ContestRefused(Exception):
    """What a contest's rules do not allow. `code` is a stable machine name (docs/api.md),
    `status` the HTTP status the API answers with, `field` the input at fault if any."""

    def __init__(
        self,
        message: str,
        code: str = "invalid",
        *,
        status: int = 400,
        field: str | None = None,
        retry_after_s: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.field = field
        self.retry_after_s = retry_after_s
