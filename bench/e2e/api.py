"""A minimal client of the site's REST API (docs/api.md) for the end-to-end latency run:
submit, follow the submission's event stream to its final event, read the stored row.
Standard library only; one connection per call, as separate browser tabs or scripts would."""

from __future__ import annotations

import http.client
import json
import time
from datetime import datetime
from urllib.parse import urlsplit


class ApiError(RuntimeError):
    pass


class Api:
    def __init__(self, base_url: str, token: str, timeout_s: float = 900) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        self.timeout_s = timeout_s

    def _conn(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=self.timeout_s)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        conn = self._conn()
        try:
            headers = dict(self.headers)
            data = None
            if body is not None:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            try:
                return resp.status, json.loads(raw or b"{}")
            except json.JSONDecodeError:
                return resp.status, {"raw": raw[:500].decode(errors="replace")}
        finally:
            conn.close()

    def devices(self) -> list[dict]:
        status, data = self.request("GET", "/api/v1/devices/")
        if status != 200:
            raise ApiError(f"GET devices: {status} {data}")
        return data.get("results", [])

    def submit(self, problem: str, language: str, device: str, mode: str, source: str) -> dict:
        """POST a submission. Returns the wall and monotonic clocks just before sending, the
        monotonic clock at the 201, and the submission id."""
        body = {"problem": problem, "language": language, "device": device, "mode": mode,
                "source": source}  # fmt: skip
        t_wall, t0 = time.time(), time.monotonic()
        status, data = self.request("POST", "/api/v1/submissions/", body)
        t1 = time.monotonic()
        if status != 201:
            raise ApiError(f"POST submissions: {status} {data}")
        return {"id": data["id"], "t_send_wall": t_wall, "t_send": t0, "t_created_resp": t1}

    def follow(self, submission_id: int) -> dict:
        """Read the event stream until its `done` event. Returns the monotonic arrival time
        of that event, its data, and each progress event with its arrival time."""
        conn = self._conn()
        try:
            conn.request("GET", f"/api/v1/submissions/{submission_id}/events/",
                         headers={**self.headers, "Accept": "text/event-stream"})  # fmt: skip
            resp = conn.getresponse()
            if resp.status != 200:
                raise ApiError(f"GET events: {resp.status} {resp.read()[:300]!r}")
            events: list[tuple[float, str, dict]] = []
            event = ""
            while True:
                line = resp.readline()
                if not line:
                    raise ApiError(f"the event stream of {submission_id} ended without `done`")
                text = line.decode().rstrip("\r\n")
                if text.startswith("event:"):
                    event = text[6:].strip()
                elif text.startswith("data:"):
                    t = time.monotonic()
                    data = json.loads(text[5:].strip())
                    events.append((t, event, data))
                    if event == "done":
                        return {"t_done": t, "done": data, "events": events}
                    if event == "timeout":
                        raise ApiError(f"the event stream of {submission_id} timed out")
        finally:
            conn.close()

    def submission(self, submission_id: int) -> dict:
        status, data = self.request("GET", f"/api/v1/submissions/{submission_id}/")
        if status != 200:
            raise ApiError(f"GET submission {submission_id}: {status} {data}")
        return data


def epoch(stamp: str | None) -> float | None:
    """An ISO 8601 time from the API ('...Z' or '+00:00') as seconds since the epoch."""
    if not stamp:
        return None
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
