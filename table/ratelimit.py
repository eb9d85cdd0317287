"""A per-user command rate limit shared by every bot process (a fixed window in Redis)."""
from __future__ import annotations

import time

import redis.asyncio as aioredis

from engine.core.errors import GameError


# KEYS: the user's counter for this minute. ARGV: its lifetime in seconds. One key, so one slot on a cluster
# (a MULTI pipeline would do too, but redis-py's async cluster client fails on transactions).
_COUNT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""


class RateLimited(GameError):
    """Too many commands in the current window."""


class RateLimit:
    """At most ``per_minute`` commands per user per minute."""

    def __init__(self, redis: aioredis.Redis, prefix: str, per_minute: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.per_minute = per_minute
        self._count = redis.register_script(_COUNT)

    async def check(self, user_id: int, now: float | None = None) -> None:
        """Count one command; refuse it when the user is over the limit.

        :raises RateLimited: core.rate_limited
        """
        now = time.time() if now is None else now
        window = int(now // 60)
        key = f"{self.prefix}:rate:{user_id}:{window}"
        count = await self._count(keys=[key], args=[120])
        if count > self.per_minute:
            raise RateLimited("core.rate_limited", seconds=60 - int(now) % 60)
