"""Domain errors raised by judge services; the message is meant for the user."""


class SubmissionRefused(Exception):
    """A submission the rules do not allow. `message` is a human-readable reason, `code` a
    stable machine name (docs/api.md), `field` the input at fault if any."""

    def __init__(
        self,
        message: str,
        code: str = "invalid",
        field: str | None = None,
        retry_after_s: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field
        self.retry_after_s = retry_after_s
