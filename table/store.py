"""Matches in Redis: snapshots written by compare-and-set, an append-only log per match, indexes.

Layout (``p`` is the configured prefix; the ``{id}`` hash tag keeps a match's keys in one
Redis Cluster slot, so the compare-and-set script can touch both):

- ``p:match:{id}``       hash: ``version``, ``data`` (the Match JSON; zlib-compressed once the match is over),
                         ``panel`` (the message id of its turn panel: written on its own, after each post,
                         without rewriting the snapshot or counting as a change of the match), ``log`` (a
                         finished match's log, compressed: see below)
- ``p:match:{id}:log``   stream: one entry per accepted action or lifecycle step, each key a short field
                         (table/entries.py; an action's events are not stored but replayed when read). Each save of
                         a finished match moves the whole log into the hash's ``log`` field, compressed (a
                         stream entry costs ~100 bytes of Redis memory, the compressed log a tenth of that:
                         issue #39, a finished match ≤ 32 KB)
- ``p:where:<channel>``  string: the match played in a thread or channel (each process remembers the threads'
                         matches it found or saved: a thread is opened for one match)
- ``p:user:<id>``        sorted set: the user's match ids, scored by last update
- ``p:secret``           the server secret, when it is not given by the environment

Finished matches expire after the retention period, their thread's ``where`` with them; the users' sets are cleaned
lazily on read.

On a Redis Cluster (``REDIS_URL=redis-cluster://...``) the compare-and-set script touches only the
match's two keys, one slot. (On one server the script writes the indexes too: one round trip per save.)
Every index is a key of its own, so none needs another slot: a user's
matches are one sorted set per user, a thread's match one string per thread; on a cluster they are
written after the snapshot by a plain pipeline (no MULTI: a cluster client sends each key to its node), and a
save that dies between the two leaves at worst an index entry missing until the match's next save
(a missing user entry hides the match from ``my matches``; the match itself is safe). Reading a
user's matches is one pipeline of ``HGET`` over the nodes that hold them. Indexes that span every
match (the idle reminders, the response windows, the leagues due) are single sorted sets, one key on
one node each: a poll reads them in one command (see table/reminders.py).
"""
from __future__ import annotations

import secrets
import zlib
from collections import OrderedDict
from typing import Any, Awaitable, Callable, Iterable

import redis.asyncio as aioredis

from engine.core.errors import GameError, NotFound
from table import entries as entries_format
from table.match import Match

# KEYS: snapshot, log, then (on one server only) the index keys: each seat's user set, and the thread's
# ``where`` when the match has one. ARGV: expected version, new version, data, ttl seconds (0 = keep), the
# number of user keys, the score (last update), the match id, the whole log compressed when the match is over
# (else empty: the entries are appended to the stream), then each entry as its number of stream fields
# and values followed by them. Writing the indexes here saves a round trip per save.
_CAS = """
local current = redis.call('HGET', KEYS[1], 'version')
if current == false then current = '0' end
if current ~= ARGV[1] then return {0, current} end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3])
local users = tonumber(ARGV[5])
for k = 3, 2 + users do redis.call('ZADD', KEYS[k], ARGV[6], ARGV[7]) end
if #KEYS > 2 + users then redis.call('SET', KEYS[#KEYS], ARGV[7]) end
local i = 9
if ARGV[8] ~= '' then
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], 'log', ARGV[8])
  i = #ARGV + 1
end
while i <= #ARGV do
  local n = tonumber(ARGV[i])
  redis.call('XADD', KEYS[2], '*', unpack(ARGV, i + 1, i + n))
  i = i + n + 1
end
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  if #KEYS > 2 + users then redis.call('EXPIRE', KEYS[#KEYS], ttl) end
end
return {1, ARGV[2]}
"""


# KEYS: snapshot. ARGV: the panel's message id. Returns the previous panel; when none is kept apart yet, the
# snapshot as a one-item list (one saved before panels were kept apart holds it); 0 when this panel is recorded
# already; {'later', id} when a later panel is (a message id is a snowflake: a later post has a greater one, and
# two replies may record their panels out of order); -1 when the match does not exist (nothing is written: a
# panel never creates a match's key). Ids are compared as decimal strings (Lua's numbers lose snowflakes' digits).
_SET_PANEL = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local previous = redis.call('HGET', KEYS[1], 'panel')
if previous == ARGV[1] then return 0 end
if previous and (#previous > #ARGV[1] or (#previous == #ARGV[1] and previous > ARGV[1])) then
  return {'later', previous}
end
redis.call('HSET', KEYS[1], 'panel', ARGV[1])
if previous then return previous end
return {redis.call('HGET', KEYS[1], 'data')}
"""


THREADS_KEPT = 8192
"""Threads whose match this process knows (~150 B each)."""
SNAPSHOTS_KEPT = 1024
"""Matches kept as last read or written by this process (~40 KB each): a command reads the snapshot the previous
command saved, which then costs no parsing."""


class StaleVersion(GameError):
    """Someone else saved the match first; reload and try again."""


class Store:
    """Async access to matches in Redis."""

    def __init__(self, redis: aioredis.Redis, *, prefix: str = "gm", retention_days: int = 90) -> None:
        self.redis = redis
        self.prefix = prefix
        self.retention_seconds = retention_days * 86400
        self._cas = redis.register_script(_CAS)
        self._set_panel = redis.register_script(_SET_PANEL)
        self._cluster = isinstance(redis, aioredis.RedisCluster)
        """On a cluster the indexes are written by a pipeline after the snapshot, when stale (``_index_stale``); on
        one server, by _CAS."""
        self.recompute: Callable[[str, list[dict[str, Any]]], Awaitable[list[dict[str, Any]]]] | None = None
        """Gives a match's whole log its actions' events (replayed from the seed); set by the table."""
        self._known: OrderedDict[str, tuple[bytes, Match]] = OrderedDict()
        """Match id -> the snapshot bytes this process last read or wrote, and the match they hold (without its
        panel). Only the very same bytes are taken from here: anything else stored is parsed and validated."""
        self._where: OrderedDict[int, str] = OrderedDict()
        """Thread id -> the match played in it, as found or saved here: a thread is opened for one match and never
        hosts another, so this never goes stale (a command typed in a thread skips a round trip)."""

    # keys -----------------------------------------------------------------
    def _match_key(self, match_id: str) -> str:
        return f"{self.prefix}:match:{{{match_id}}}"

    def _log_key(self, match_id: str) -> str:
        return f"{self.prefix}:match:{{{match_id}}}:log"

    def _where_key(self, channel_id: int) -> str:
        return f"{self.prefix}:where:{channel_id}"

    def _user_key(self, user_id: int) -> str:
        return f"{self.prefix}:user:{user_id}"

    # snapshots -------------------------------------------------------------
    async def load(self, match_id: str) -> Match:
        """The stored match.

        :raises NotFound: core.no_such_match
        """
        data, panel = await self.redis.hmget(self._match_key(match_id), "data", "panel")
        if data is None:
            raise NotFound("core.no_such_match", match=match_id)
        return self._snapshot(match_id, data, panel)

    def kept(self, match_id: str) -> Match | None:
        """The match as this process last read or wrote it, without asking Redis (None when not kept): current
        unless another process saved it since, which a save of a change made to it finds (``StaleVersion``). Its
        panel is not kept (it is set apart, ``set_panel``)."""
        kept = self._known.get(match_id)
        return None if kept is None else kept[1].model_copy()

    def saved_since(self, match: Match) -> bool:
        """Whether this process saved the match since ``match`` (a copy from ``kept`` or ``load``) was read."""
        kept = self._known.get(match.id)
        return kept is not None and kept[1].version != match.version

    async def save(self, match: Match, entries: Iterable[dict[str, Any]] = ()) -> Match:
        """Write ``match`` if nobody saved since it was loaded, appending ``entries`` to its log.

        Returns the saved match with its new version; ``match`` itself is not changed.

        :raises StaleVersion: core.stale_version
        """
        entries = list(entries)
        kept = self._known.get(match.id)
        stored = kept[1] if kept is not None and kept[1].version == match.version else None  # as saved before
        saved = match.model_copy(update={"version": match.version + 1,
                                         "log_length": match.log_length + len(entries)})
        ttl = self.retention_seconds if saved.status.over else 0
        data = saved.model_dump_json(exclude=_KEPT_APART).encode()
        if saved.status.over:  # read seldom from now on: a quarter of the size
            data = zlib.compress(data)
        keys = [self._match_key(match.id), self._log_key(match.id)]
        index_keys = [] if self._cluster else self._index_keys(saved)  # a cluster's index keys are in other slots
        users = len(saved.seats) if index_keys else 0
        # The log read now is the one of the version loaded: an entry is only written by a save of the next version.
        whole = await self._compacted(match.id, entries) if saved.status.over else b""
        args = [str(match.version), str(saved.version), data, str(ttl), str(users), repr(saved.updated_at), saved.id,
                whole]
        for entry in entries if not whole else ():
            packed = entries_format.pack(entry)
            args += [str(len(packed)), *packed]
        ok, current = await self._cas(keys=keys + index_keys, args=args)
        if not ok:
            raise StaleVersion("core.stale_version", match=match.id, version=int(current))
        self._keep(saved.id, data, saved.model_copy(update={"panel_message_id": None}))  # as the data reads back
        if saved.thread_id:
            self._played_in(saved.thread_id, saved.id)
        if self._cluster and _index_stale(stored, saved):
            await self._index(saved)
        return saved

    async def create(self, match: Match, entries: Iterable[dict[str, Any]] = ()) -> Match:
        """Store a new match (version 0 -> 1).

        :raises StaleVersion: core.stale_version if the id is taken
        """
        if match.version != 0:
            raise ValueError("a new match starts at version 0")
        return await self.save(match, entries)

    def _index_keys(self, match: Match) -> list[str]:
        """The user sets of the seats, then the thread's ``where`` when there is a thread (the order _CAS reads)."""
        keys = [self._user_key(holder.user_id) for holder in match.seats]
        if match.thread_id:
            keys.append(self._where_key(match.thread_id))
        return keys

    async def _index(self, match: Match) -> None:
        pipe = self.redis.pipeline(transaction=False)
        for holder in match.seats:
            pipe.zadd(self._user_key(holder.user_id), {match.id: match.updated_at})
        if match.thread_id:  # a parent channel hosts many matches; only a thread names one
            # kept as long as the match's own keys once it is over (and it is written again when it ends)
            pipe.set(self._where_key(match.thread_id), match.id,
                     ex=self.retention_seconds if match.status.over else None)
        await pipe.execute()

    async def set_panel(self, match_id: str, message_id: int) -> int | None:
        """Make ``message_id`` the match's turn panel unless a later one is already; returns the panel whose
        buttons are now stale (None if none): the previous one, or ``message_id`` itself when a panel posted after
        it was recorded first (two replies finishing out of order, the later one's panel recorded first: the
        earlier kept its buttons after the match went on). One round trip: the snapshot is neither read nor
        rewritten, so a panel posted while a player acts never makes them retry.

        :raises NotFound: core.no_such_match
        """
        previous = await self._set_panel(keys=[self._match_key(match_id)], args=[str(message_id)])
        if previous == -1:
            raise NotFound("core.no_such_match", match=match_id)
        if previous == 0:
            return None
        if isinstance(previous, list):
            if len(previous) == 2:      # a later panel is recorded: this one is stale as soon as it is posted
                return message_id
            stale = _snapshot(previous[0]).panel_message_id     # the first kept apart: the snapshot may hold one
            return stale if stale != message_id else None
        return int(previous)

    # log -------------------------------------------------------------------
    async def log(self, match_id: str, last: int | None = None, *, events: bool = True) -> list[dict[str, Any]]:
        """The match's log entries, oldest first (only the last ``last`` when given).

        ``events``: give each action its events, replayed from the seed by ``recompute`` (set by the table)
        where the log does not hold them; without, entries are as stored (enough for replay and verify).
        """
        entries = await self._entries(match_id, last)
        if not (events and self.recompute and any(map(entries_format.compact, entries))):
            return entries
        if last is not None and entries and entries[0].get("n") != 1:  # a replay starts at the first entry
            entries = await self._entries(match_id, None)
        entries = await self.recompute(match_id, entries)
        return entries if last is None else entries[-last:]

    async def _entries(self, match_id: str, last: int | None) -> list[dict[str, Any]]:
        """The log as stored (the last ``last`` entries)."""
        kept, streamed = await self._stored(match_id, last)
        entries = kept + streamed
        return entries if last is None else entries[-last:]

    async def _stored(self, match_id: str, last: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """A finished match's compressed log, and the stream's entries (the last ``last``)."""
        key = self._log_key(match_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hget(self._match_key(match_id), "log")
            if last is None:
                pipe.xrange(key)
            else:
                pipe.xrevrange(key, count=last)
            whole, raw = await pipe.execute()
        streamed = [entries_format.unpack(fields) for _id, fields in (raw if last is None else reversed(raw))]
        return (entries_format.load_log(whole) if whole else []), streamed

    async def _compacted(self, match_id: str, entries: list[dict[str, Any]]) -> bytes:
        """The whole log of a finished match, ``entries`` (this save's) included, compressed; empty when it is
        kept so already and this save adds nothing."""
        kept, streamed = await self._stored(match_id, None)
        if not streamed and not entries:
            return b""
        return entries_format.dump_log(kept + streamed + [entries_format.as_stored(e) for e in entries])

    # indexes ---------------------------------------------------------------
    async def match_in(self, channel_id: int) -> str | None:
        """The id of the match played in this thread or channel, if any."""
        known = self._where.get(channel_id)
        if known is not None:
            self._where.move_to_end(channel_id)
            return known
        value = await self.redis.get(self._where_key(channel_id))
        if not value:
            return None
        self._played_in(channel_id, value.decode())
        return value.decode()

    def _played_in(self, thread_id: int, match_id: str) -> None:
        self._where[thread_id] = match_id
        self._where.move_to_end(thread_id)
        if len(self._where) > THREADS_KEPT:
            self._where.popitem(last=False)

    async def matches_of(self, user_id: int, limit: int = 25) -> list[Match]:
        """The user's matches, most recently updated first (expired ones are dropped)."""
        key = self._user_key(user_id)
        ids = [i.decode() for i in await self.redis.zrevrange(key, 0, limit * 2)]
        if not ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for match_id in ids:
            pipe.hmget(self._match_key(match_id), "data", "panel")
        found: list[Match] = []
        gone: list[str] = []
        for match_id, (data, panel) in zip(ids, await pipe.execute()):
            if data is None:
                gone.append(match_id)
            else:
                found.append(self._snapshot(match_id, data, panel))
        if gone:
            await self.redis.zrem(key, *gone)
        return found[:limit]

    def _snapshot(self, match_id: str, data: bytes, panel: bytes | None = None) -> Match:
        """The match a stored snapshot holds: as kept when this process last read or wrote these very bytes (a
        match's fields are JSON and round-trip exactly, as replays check), else parsed (``_snapshot``)."""
        kept = self._known.get(match_id)
        if kept is not None and kept[0] == data:
            self._known.move_to_end(match_id)
            match = kept[1]
        else:
            match = _snapshot(data)
            self._keep(match_id, data, match)
        match = match.model_copy()  # the kept one is never handed out: a caller may set its panel
        if panel is not None:
            match.panel_message_id = int(panel)
        return match

    def _keep(self, match_id: str, data: bytes, match: Match) -> None:
        self._known[match_id] = (data, match)
        self._known.move_to_end(match_id)
        if len(self._known) > SNAPSHOTS_KEPT:
            self._known.popitem(last=False)

    async def all_match_ids(self) -> list[str]:
        """Every stored match id (a SCAN; for operators and tests)."""
        ids = []
        async for key in self.redis.scan_iter(match=f"{self.prefix}:match:{{*}}", count=500):
            k = key.decode()
            if not k.endswith(":log"):
                ids.append(k[k.index("{") + 1:k.index("}")])
        return ids

    async def server_secret(self) -> bytes:
        """The server secret for match seeds, created once and shared by every bot process."""
        key = f"{self.prefix}:secret"
        await self.redis.set(key, secrets.token_hex(32), nx=True)
        return bytes.fromhex((await self.redis.get(key)).decode())


INDEX_REFRESH_SECONDS = 60
"""How stale a match's place in its players' lists may grow on a cluster (their order: most recently updated
first; the lists sort by the snapshots' own times when shown)."""


def _index_stale(before: Match | None, saved: Match) -> bool:
    """Whether a cluster's indexes must be written again for ``saved`` over ``before`` (the match as saved before,
    None when this process does not know it): a new match, new seats or thread, a new status, or its update time
    in a later minute. Each write is a round trip to other nodes (other slots) after the snapshot's; most commands
    change none of it."""
    return (before is None or before.thread_id != saved.thread_id or before.status != saved.status
            or [h.user_id for h in before.seats] != [h.user_id for h in saved.seats]
            or before.updated_at // INDEX_REFRESH_SECONDS != saved.updated_at // INDEX_REFRESH_SECONDS)


_KEPT_APART = {"panel_message_id"}
"""Match fields stored beside the snapshot (the ``panel`` field), not in it."""


def _snapshot(data: bytes, panel: bytes | None = None) -> Match:
    """A stored snapshot: JSON, or JSON compressed with zlib (a finished match; JSON never starts with ``x``),
    with its panel when one is kept apart."""
    match = Match.model_validate_json(zlib.decompress(data) if data[:1] == b"x" else data)
    if panel is not None:
        match.panel_message_id = int(panel)
    return match
