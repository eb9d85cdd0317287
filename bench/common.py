"""What the benchmarks share: a real Redis server (REDIS_URL or an embedded one), or a Redis Cluster."""
from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import AsyncIterator

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

from table.redis_server import EmbeddedRedis, LocalCluster, client_for, is_cluster


GAMES = ("underworlds", "magewars", "dragonbond", "tambores")
"""The four games, Underworlds first (the figure the others are compared with)."""


def choose(legal: dict[str, list[dict]], pick: random.Random) -> tuple[str, int]:
    """A random player: a seat that may act, an action type, an action of that type (index into its list)."""
    seat = pick.choice(sorted(s for s in legal if legal[s]))
    by_type: dict[str, list[int]] = {}
    for i, action in enumerate(legal[seat]):
        by_type.setdefault(action["type"], []).append(i)
    return seat, pick.choice(by_type[pick.choice(sorted(by_type))])


def p99(times: list[float]) -> float:
    """The 99th percentile (the worst for fewer than 100 samples)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def percentiles(times: list[float]) -> str:
    """``p50 … ms  p99 … ms`` of times in milliseconds (medians, never a best-of-N)."""
    return f"p50 {statistics.median(times):.1f} ms  p99 {p99(times):.1f} ms"


@contextlib.asynccontextmanager
async def bench_url(prefix: str, cluster: bool = False) -> AsyncIterator[str]:
    """A Redis URL: REDIS_URL when it suits (a cluster URL for ``cluster``), else a server or a three-primary
    cluster started here, with AOF on (``appendfsync everysec``) as in production. Keys under ``prefix`` are
    deleted after."""
    url = os.environ.get("REDIS_URL")
    server: EmbeddedRedis | None = None
    nodes: LocalCluster | None = None
    folder = Path(tempfile.mkdtemp())
    if cluster and not (url and is_cluster(url)):
        nodes = LocalCluster(folder / "cluster")
        await asyncio.to_thread(nodes.start)
        url = nodes.url
    elif not url or (is_cluster(url) and not cluster):
        server = EmbeddedRedis(folder / "redis")
        await server.start()
        url = server.url
    try:
        yield url
    finally:
        redis = client_for(url)
        keys = [k async for k in redis.scan_iter(match=f"{prefix}*", count=5000)]
        for i in range(0, len(keys), 1000):
            await redis.delete(*keys[i:i + 1000])  # a cluster client splits the keys by slot
        await redis.aclose()
        if server:
            await server.stop()
        if nodes:
            await asyncio.to_thread(nodes.stop)
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.asynccontextmanager
async def bench_redis(prefix: str, **client_options) -> AsyncIterator[aioredis.Redis]:
    """A client on REDIS_URL (or a fresh embedded server); keys under ``prefix`` are deleted after."""
    async with bench_url(f"{prefix}:") as url:
        redis = client_for(url, **client_options)
        try:
            yield redis
        finally:
            await redis.aclose()


async def used_memory(redis: aioredis.Redis | RedisCluster) -> int:
    """Bytes Redis uses (``used_memory``), summed over the primaries of a cluster."""
    if isinstance(redis, RedisCluster):
        per_node = await redis.info("memory", target_nodes=RedisCluster.PRIMARIES)
        return sum(info["used_memory"] for info in per_node.values())
    return (await redis.info("memory"))["used_memory"]
