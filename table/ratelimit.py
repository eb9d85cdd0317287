"""A per-user command rate limit shared by every bot process (a fixed window in Redis)."""
from __future__ import annotations

import time

import redis.asyncio as aioredis

from engine.core.errors import GameError


class RateLimited(GameError):
    """Too many commands in the current window."""


class RateLimit:
    """At most ``per_minute`` commands per user per minute."""

    def __init__(self, redis: aioredis.Redis, prefix: str, per_minute: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.per_minute = per_minute

    async def check(self, user_id: int, now: float | None = None) -> None:
        """Count one command; refuse it when the user is over the limit.

        :raises RateLimited: core.rate_limited
        """
        now = time.time() if now is None else now
        window = int(now // 60)
        key = f"{self.prefix}:rate:{user_id}:{window}"
        pipe = self.redis.pipeline(transaction=True)
        pipe.incr(key)
        pipe.expire(key, 120)
        count, _ = await pipe.execute()
        if count > self.per_minute:
            raise RateLimited("core.rate_limited", seconds=60 - int(now) % 60)
