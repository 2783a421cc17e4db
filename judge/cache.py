"""A process-local cache, stale while one background thread refreshes it: the problem list's
counts and leaderboard defaults are computed at most once per TTL per process.

Values are used as they are, without the pickling a Django cache does (that alone cost 100 ms
for a leaderboard of 10,000 users). Every web process keeps its own copy."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.db import connection

_refresh_lock = threading.Lock()
_refreshing: set[str] = set()
_local_cache: dict[str, tuple[float, Any]] = {}
LOCAL_CACHE_MAX_KEYS = 1000


def _refresh_in_background(key: str, compute: Any) -> None:
    """Recompute a cached value in a background thread of this process (one per key at a
    time); requests meanwhile get the stale value."""
    with _refresh_lock:
        if key in _refreshing:
            return
        _refreshing.add(key)

    def work() -> None:
        try:
            _local_cache[key] = (time.monotonic(), compute())
        except Exception:  # noqa: BLE001 - the stale value stays; a later request retries
            logging.getLogger("judge.selectors").exception("refreshing %s failed", key)
        finally:
            connection.close()
            with _refresh_lock:
                _refreshing.discard(key)

    threading.Thread(target=work, name="kj-cache-refresh", daemon=True).start()


def cached_stale_while_refresh(key: str, ttl: int, compute: Any) -> Any:
    """compute() cached in this process for `ttl` seconds; past that the old value is still
    served while one background thread recomputes it, so no request waits for a slow query
    once a first value exists. ttl <= 0: compute() every time (the tests)."""
    if ttl <= 0:
        return compute()
    entry = _local_cache.get(key)
    if entry is None:
        value = compute()
        if len(_local_cache) >= LOCAL_CACHE_MAX_KEYS:
            _local_cache.clear()
        _local_cache[key] = (time.monotonic(), value)
        return value
    computed_at, value = entry
    if time.monotonic() - computed_at > ttl:
        _refresh_in_background(key, compute)
    return value


def cached_while(key: str, stamp: Any, compute: Any) -> Any:
    """compute() cached in this process for as long as `stamp` (a cheap summary of what the
    value depends on, read on every call) stays the same."""
    cached = _local_cache.get(key)
    if cached is not None and cached[1][0] == stamp:
        return cached[1][1]
    value = compute()
    _local_cache[key] = (time.monotonic(), (stamp, value))
    return value
