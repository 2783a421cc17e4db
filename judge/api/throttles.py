"""Per-user request throttle on submission creation (settings.KJ_SUBMIT_THROTTLE, read at
request time so deployments and tests can change it); 429 `rate_limited` with Retry-After."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import UserRateThrottle


class SubmissionCreateThrottle(UserRateThrottle):
    scope = "submissions"

    def get_rate(self) -> str | None:
        return settings.KJ_SUBMIT_THROTTLE or None

    def allow_request(self, request, view) -> bool:
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)
