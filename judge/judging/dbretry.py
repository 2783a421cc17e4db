"""Retrying a database operation across a dropped connection (a failover, a restarted
PostgreSQL, an idle connection cut by a proxy).

Only for operations that are safe to repeat: the judging services are conditional UPDATEs, so
a write that committed before the connection died is a no-op the second time.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection

T = TypeVar("T")
log = logging.getLogger("judge.db")


def _reset_connection() -> None:
    """Drop this thread's connection so the next query opens a fresh one."""
    try:
        if not connection.in_atomic_block:
            connection.close()
    except Exception:  # noqa: BLE001 - closing a dead connection may raise; it is gone anyway
        pass


def db_retry(fn: Callable[..., T], *args, **kwargs) -> T:
    """Call fn; on OperationalError/InterfaceError reconnect and retry with exponential backoff
    (KJ_DB_RETRIES tries, starting at KJ_DB_RETRY_BACKOFF_S). Re-raises the last error."""
    tries = max(1, settings.KJ_DB_RETRIES)
    delay = settings.KJ_DB_RETRY_BACKOFF_S
    for attempt in range(1, tries + 1):
        try:
            return fn(*args, **kwargs)
        except (OperationalError, InterfaceError) as exc:
            if connection.in_atomic_block or attempt == tries:
                raise
            log.warning(
                "database error in %s (try %d of %d), reconnecting in %.1f s: %s",
                getattr(fn, "__name__", fn), attempt, tries, delay, exc,
            )  # fmt: skip
            _reset_connection()
            time.sleep(delay)
            delay = min(delay * 2, 10.0)
    raise AssertionError("unreachable")
