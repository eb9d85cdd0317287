"""What the benchmarks share: a real Redis server, from REDIS_URL or an embedded one."""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import AsyncIterator

import redis.asyncio as aioredis

from table.redis_server import EmbeddedRedis


@contextlib.asynccontextmanager
async def bench_redis(prefix: str, **client_options) -> AsyncIterator[aioredis.Redis]:
    """A client on REDIS_URL (or a fresh embedded server); keys under ``prefix`` are deleted after."""
    server = None
    url = os.environ.get("REDIS_URL")
    if not url:
        server = EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis")
        await server.start()
        url = server.url
    redis = aioredis.from_url(url, **client_options)
    try:
        yield redis
    finally:
        keys = [k async for k in redis.scan_iter(match=f"{prefix}:*", count=5000)]
        for i in range(0, len(keys), 1000):
            await redis.delete(*keys[i:i + 1000])
        await redis.aclose()
        if server:
            await server.stop()
