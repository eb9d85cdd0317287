"""Leagues in Redis, beside the matches: one key per league holding its whole event log, written by
compare-and-set, so two reports at once never lose one; an index per server; one due-time set.

Layout (``p`` is the configured prefix; the ``{league:<id>}`` hash tag keeps a league's key in one
Redis Cluster slot):

- ``p:{league:<id>}``        hash: ``version``, ``data`` (JSON: ``{"events": [...]}``)
- ``p:leagues:<server>``     set: the server's league ids (``local`` at the local table)
- ``p:league-due``           sorted set: league id -> when something is next due (a reminder, a claim to
  auto-confirm, a round's deadline), polled as the idle reminders are (table/reminders.py)
"""
from __future__ import annotations

import json
from typing import Any

from engine.core.errors import GameError, NotFound
from engine.league.log import Event, League, replay

# KEYS: league. ARGV: expected version, new version, data.
_CAS = """
local current = redis.call('HGET', KEYS[1], 'version')
if current == false then current = '0' end
if current ~= ARGV[1] then return {0, current} end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3])
return {1, ARGV[2]}
"""


class StaleLeague(GameError):
    """Someone else saved the league first; reload and try again."""


class Stored:
    """A league's log as loaded, with the version to compare on save."""

    __slots__ = ("id", "version", "events", "_league")

    def __init__(self, league_id: str, version: int, events: list[Event]) -> None:
        self.id, self.version, self.events = league_id, version, events
        self._league: League | None = None

    @property
    def league(self) -> League:
        """The replayed league (computed once)."""
        if self._league is None:
            self._league = replay(self.events)
        return self._league


class LeagueStore:
    """Async access to leagues in Redis."""

    def __init__(self, redis: Any, *, prefix: str = "gm") -> None:
        self.redis = redis
        self.prefix = prefix
        self._cas = redis.register_script(_CAS)
        self.due_key = f"{prefix}:league-due"

    def key(self, league_id: str) -> str:
        return f"{self.prefix}:{{league:{league_id}}}"

    def index_key(self, guild_id: int | None) -> str:
        return f"{self.prefix}:leagues:{guild_id if guild_id is not None else 'local'}"

    async def load(self, league_id: str) -> Stored:
        """The stored league.

        :raises NotFound: league.not_found
        """
        version, data = await self.redis.hmget(self.key(league_id), "version", "data")
        if data is None:
            raise NotFound("league.not_found", league=league_id)
        return Stored(league_id, int(version), json.loads(data)["events"])

    async def save(self, stored: Stored, new_events: list[Event], guild_id: int | None = None) -> Stored:
        """Append ``new_events`` if nobody saved since ``stored`` was loaded.

        :raises StaleLeague: league.busy
        """
        events = stored.events + new_events
        data = json.dumps({"events": events}, separators=(",", ":"), sort_keys=True)
        ok, current = await self._cas(keys=[self.key(stored.id)],
                                      args=[str(stored.version), str(stored.version + 1), data])
        if not ok:
            raise StaleLeague("league.busy", league=stored.id, version=int(current))
        if stored.version == 0:
            await self.redis.sadd(self.index_key(guild_id), stored.id)
        return Stored(stored.id, stored.version + 1, events)

    async def ids(self, guild_id: int | None) -> list[str]:
        """The server's league ids, sorted."""
        return sorted(i.decode() if isinstance(i, bytes) else str(i)
                      for i in await self.redis.smembers(self.index_key(guild_id)))

    async def arm(self, league_id: str, when: float | None) -> None:
        """Set when the league next needs the poller (None: nothing pending)."""
        if when is None:
            await self.redis.zrem(self.due_key, league_id)
        else:
            await self.redis.zadd(self.due_key, {league_id: when})

    async def due(self, now: float, limit: int = 50) -> list[str]:
        """Leagues with something due by ``now``."""
        raw = await self.redis.zrangebyscore(self.due_key, "-inf", now, start=0, num=limit)
        return [r.decode() if isinstance(r, bytes) else str(r) for r in raw]
