"""Domain errors raised by judge services; the message is meant for the user."""


class SubmissionRefused(Exception):
    """A submission the rules do not allow. str(exc) is a human-readable reason."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
