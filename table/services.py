"""Everything the adapters need, opened and closed together: Redis, the store, the table."""
from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field
from typing import AsyncIterator

import redis.asyncio as aioredis

from table.games import load_games
from table.lifecycle import Table
from table.ratelimit import RateLimit
from table.metrics import Metrics
from table.packs import PackCommands, PackStore
from table.play import Play
from table.render_pool import Renderer
from table.rolls import Rolls
from table.redis_server import connect, redacted
from table.settings import Settings
from table.store import Store

log = logging.getLogger(__name__)


@dataclass
class Services:
    """The open connections and the table layer over them."""

    settings: Settings
    redis: aioredis.Redis
    store: Store
    table: Table
    rate_limit: RateLimit
    rolls: Rolls
    metrics: Metrics = field(default_factory=Metrics)
    play: Play = field(init=False)
    """Every game's table (built from the presenters registered when the services open)."""
    packs: PackCommands = field(init=False)
    """The server's data packs (``/pack ...``)."""

    def __post_init__(self) -> None:
        workers = self.settings.board_workers
        self.play = Play(self.table, idle_minutes=self.settings.idle_reminder_minutes,
                         renderer=Renderer(workers) if workers is not None else None)
        self.packs = PackCommands(PackStore(self.redis, prefix=self.store.prefix, clock=self.table.clock))


@contextlib.asynccontextmanager
async def open_services(settings: Settings) -> AsyncIterator[Services]:
    """Connect to Redis (or start the embedded server) and build the table layer."""
    load_games(settings.game_plugins)
    async with connect(settings.redis_url, settings.data_dir) as redis:
        if settings.redis_url:
            log.info("using redis at %s", redacted(settings.redis_url))
        store = Store(redis, prefix=settings.redis_prefix, retention_days=settings.match_retention_days)
        secret = (bytes.fromhex(settings.server_secret.get_secret_value())
                  if settings.server_secret else await store.server_secret())
        table = Table(store, secret)
        services = Services(settings, redis, store, table,
                            RateLimit(redis, settings.redis_prefix, settings.rate_limit_per_minute), Rolls(table))
        try:
            yield services
        finally:
            services.play.renderer.close()  # its board workers stop with it
