"""JSON log lines (KJ_LOG_FORMAT=json): one object per line, with the judging context
(submission id, attempt, worker, phase, verdict...) passed through `extra=`."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

CONTEXT_FIELDS = (
    "submission_id",
    "attempt",
    "worker",
    "device_kind",
    "phase",
    "verdict",
    "user_id",
    "duration_s",
    "requeued",
)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        for name in CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)
