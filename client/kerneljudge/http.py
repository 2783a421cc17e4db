"""A small JSON-over-HTTP client for the KernelJudge API (standard library only)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any


class ApiError(Exception):
    """The server answered with an error; ``message`` is meant for a person."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class NetworkError(Exception):
    """The server could not be reached or answered something that is not the API."""


class Api:
    def __init__(self, base_url: str, token: str | None = None, timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def url(self, path: str, query: dict[str, Any] | None = None) -> str:
        url = f"{self.base_url}/api/v1/{path.lstrip('/')}"
        query = {k: v for k, v in (query or {}).items() if v not in (None, "")}
        if query:
            url += "?" + urllib.parse.urlencode(query)
        return url

    def _request(self, method: str, url: str, body: Any = None) -> urllib.request.Request:
        headers = {"Accept": "application/json", "User-Agent": "kerneljudge-cli"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        return urllib.request.Request(url, data=data, method=method, headers=headers)

    def call(self, method: str, path: str, body: Any = None, query: dict | None = None) -> Any:
        request = self._request(method, self.url(path, query), body)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = response.read()
        except urllib.error.HTTPError as exc:
            raise _api_error(exc) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            raise NetworkError(f"cannot reach {self.base_url}: {reason}") from None
        if not payload:
            return None
        try:
            return json.loads(payload)
        except json.JSONDecodeError:
            raise NetworkError(f"{self.base_url} did not answer with JSON") from None

    def get(self, path: str, **query: Any) -> Any:
        return self.call("GET", path, query=query)

    def post(self, path: str, body: Any = None) -> Any:
        return self.call("POST", path, body=body if body is not None else {})

    def events(self, path: str) -> Iterator[tuple[str, dict]]:
        """Yield (event, data) pairs of a server-sent-events stream until it closes."""
        request = self._request("GET", self.url(path))
        request.add_header("Accept", "text/event-stream")
        try:
            response = urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as exc:
            raise _api_error(exc) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            raise NetworkError(f"cannot reach {self.base_url}: {exc}") from None
        try:
            yield from _parse_events(response)
        except (OSError, ValueError) as exc:  # socket timeout or reset mid-stream
            raise NetworkError(f"the event stream broke: {exc}") from None

    def delete(self, path: str) -> Any:
        return self.call("DELETE", path)

    def download(
        self, path: str, target: Any, accept: str = "application/octet-stream", **query: Any
    ) -> int:
        """GET a file into ``target`` (a Path); returns its size in bytes."""
        request = self._request("GET", self.url(path, query))
        request.add_header("Accept", accept)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = response.read()
        except urllib.error.HTTPError as exc:
            raise _api_error(exc) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            raise NetworkError(
                f"cannot reach {self.base_url}: {getattr(exc, 'reason', exc)}"
            ) from None
        target.write_bytes(payload)
        return len(payload)


def _parse_events(response) -> Iterator[tuple[str, dict]]:
    with response:
        event, data = "message", []
        for raw in response:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not line:
                if data:
                    try:
                        yield event, json.loads("\n".join(data))
                    except json.JSONDecodeError:
                        pass
                event, data = "message", []
            elif line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())


def _api_error(exc: urllib.error.HTTPError) -> ApiError:
    body = exc.read()
    code, message = "http_error", f"HTTP {exc.code} {exc.reason}"
    try:
        err = json.loads(body).get("error", {})
        code = err.get("code", code)
        message = err.get("message", message)
    except (json.JSONDecodeError, AttributeError):
        pass
    return ApiError(exc.code, code, message)
