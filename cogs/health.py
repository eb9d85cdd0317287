"""The operator's health check and metrics over HTTP (``HEALTH_PORT``): ``/health`` and ``/metrics``."""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

if TYPE_CHECKING:
    from table.services import Services


class HealthBot(Protocol):
    """What the health check reads of the bot (``cogs.client.GameMasterBot``). A protocol, not the class:
    the client starts this server, so importing the client here would make the two import each other."""

    services: Services
    health_port: int | None

    @property
    def latency(self) -> float: ...

    @property
    def guilds(self) -> Sequence[Any]: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...


async def probe(bot: HealthBot) -> tuple[bool, dict]:
    """Redis reachable, gateway connected, and their latencies."""
    started = time.perf_counter()
    try:
        await bot.services.redis.ping()
        redis_ms = round((time.perf_counter() - started) * 1000, 2)
    except Exception:  # noqa: BLE001 - any failure means "not reachable"
        redis_ms = None
    gateway_ms = None if math.isinf(bot.latency) or math.isnan(bot.latency) else round(bot.latency * 1000, 1)
    body = {"redis": redis_ms is not None, "redis_ms": redis_ms, "gateway": bot.is_ready() and not bot.is_closed(),
            "gateway_ms": gateway_ms, "guilds": len(bot.guilds)}
    return body["redis"] and body["gateway"], body


async def start_health_server(bot: HealthBot, host: str, port: int) -> web.AppRunner:
    """Serve ``/health`` (200 or 503, JSON) and ``/metrics`` (Prometheus text)."""
    async def health(request: web.Request) -> web.Response:
        ok, body = await probe(bot)
        return web.json_response(body, status=200 if ok else 503)

    async def metrics(request: web.Request) -> web.Response:
        ok, body = await probe(bot)
        gauges = {"gm_up": int(ok), "gm_redis_latency_ms": body["redis_ms"] or -1,
                  "gm_gateway_latency_ms": body["gateway_ms"] or -1}
        return web.Response(text=bot.services.metrics.prometheus(gauges), content_type="text/plain")

    app = web.Application()
    app.add_routes([web.get("/health", health), web.get("/metrics", metrics)])
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bot.health_port = site._server.sockets[0].getsockname()[1]  # the real port when 0 was asked
    return runner
