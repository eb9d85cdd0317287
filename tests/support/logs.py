"""Altering a stored match log the way a tamperer with Redis access could (verification must catch it)."""
from __future__ import annotations

from typing import Any, Callable

from table.entries import dump_log
from table.store import Store


async def rewrite_log(store: Store, match_id: str, change: Callable[[list[dict[str, Any]]], None]) -> None:
    """Rewrite a finished match's stored log (kept compressed in its hash) after ``change`` altered its entries."""
    entries = await store.log(match_id, events=False)
    change(entries)
    assert not await store.redis.exists(store._log_key(match_id)), "a finished match's log is kept in its hash"
    await store.redis.hset(store._match_key(match_id), "log", dump_log(entries))
